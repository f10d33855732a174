import { nigerianBanks } from "~/data/banks";
import { getDb, getDialect } from "~/db/db.server";
import { sixDigitCode } from "~/utils/random.server";
import { lockVendorMoney } from "./ledger.server";
import { sendMail } from "~/models/messaging/mail.server";
import { listBanks, resolveAccountName } from "./bank-list.server";
import { namesMatch } from "./name-match";
import type { BankAccountApproval } from "~/db/schema";
import { CODE_TTL_MINUTES, codeLockout, codesMatch, expiryFrom, hashCode, MAX_CODE_TRIES, recordWrongGuess } from "./confirmation-codes.server";

// A vendor's saved bank accounts (docs/domain.md "Money"). A new account's number is resolved with the bank first
// (the name the bank holds is shown before the code is entered); it is usable only after the code e-mailed for it
// is entered, so a stolen session alone cannot send money to a new account; and when the bank's name is not the
// vendor's (name-match.ts), only after an operator approves it.

export const MAX_BANK_ACCOUNTS = 10;

/** The banks a vendor can choose from: static reference data (CBN codes), not sample content. */
export const BANKS = nigerianBanks;

export function bankName(code: string): string | undefined {
  return BANKS.find((b) => b.code === code)?.name;
}

export const maskAccount = (number: string) => `••••${number.slice(-4)}`;

export interface BankAccountView {
  id: number;
  bankName: string;
  number: string;
  holder: string;
  /** The name the bank holds for the number; null for accounts saved before numbers were resolved. */
  resolvedName: string | null;
  approval: BankAccountApproval;
}

/** The vendor's confirmed accounts: usable ones by default, or (`approval`) those waiting for or refused approval. */
export async function listBankAccounts(vendorId: number, approval: BankAccountApproval[] = ["approved"]): Promise<BankAccountView[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("bank_accounts")
    .select(["id", "bank_name", "number", "holder", "resolved_name", "approval"])
    .where("vendor_id", "=", vendorId)
    .where("deleted_at", "is", null)
    .where("verified_at", "is not", null)
    .where("approval", "in", approval)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, bankName: r.bank_name, number: r.number, holder: r.holder, resolvedName: r.resolved_name, approval: r.approval }));
}

export type AddAccountResult =
  { ok: true; accountId: number } | { ok: false; reason: "duplicate" | "too-many" | "unknown-bank" | "no-account" | "unavailable" };

/**
 * Saves a new account unverified and e-mails its code (verifyBankAccount makes it usable). Adding the same account
 * again while its code is unused replaces the earlier attempt with a fresh code.
 */
export async function addBankAccount(
  vendorId: number,
  input: { bankCode: string; number: string; holder: string },
  now = new Date(),
): Promise<AddAccountResult> {
  const name = (await listBanks(now)).find((b) => b.code === input.bankCode)?.name;
  if (!name) return { ok: false, reason: "unknown-bank" };
  const db = await getDb();
  const person = await db
    .selectFrom("vendors")
    .innerJoin("users", "users.id", "vendors.user_id")
    .select(["users.first_name", "users.last_name"])
    .where("vendors.id", "=", vendorId)
    .executeTakeFirstOrThrow();
  // Asked before anything is written: a number the bank does not know is refused, and nothing is saved.
  const resolved = await resolveAccountName({ bankCode: input.bankCode, number: input.number, ownName: `${person.first_name} ${person.last_name}` });
  if (!resolved.ok) return resolved;
  const approval = namesMatch(resolved.accountName, { firstName: person.first_name, lastName: person.last_name }) ? "approved" : "waiting";
  const code = sixDigitCode();
  const result = await db.transaction().execute(async (tx): Promise<AddAccountResult & { email?: string }> => {
    await lockVendorMoney(tx, getDialect(), vendorId);
    const existing = await tx
      .selectFrom("bank_accounts")
      .select(["id", "bank_code", "number", "verified_at"])
      .where("vendor_id", "=", vendorId)
      .where("deleted_at", "is", null)
      .execute();
    const same = existing.find((a) => a.bank_code === input.bankCode && a.number === input.number);
    if (same?.verified_at) return { ok: false, reason: "duplicate" };
    if (same) await tx.updateTable("bank_accounts").set({ deleted_at: now.toISOString() }).where("id", "=", same.id).execute();
    if (existing.filter((a) => a.verified_at).length >= MAX_BANK_ACCOUNTS) return { ok: false, reason: "too-many" };
    const { id } = await tx
      .insertInto("bank_accounts")
      .values({
        vendor_id: vendorId,
        bank_code: input.bankCode,
        bank_name: name,
        number: input.number,
        holder: input.holder,
        created_at: now.toISOString(),
        deleted_at: null,
        verified_at: null,
        code_hash: null,
        code_expires_at: expiryFrom(now),
        resolved_name: resolved.accountName,
        approval,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .updateTable("bank_accounts")
      .set({ code_hash: hashCode(id, code, "account") })
      .where("id", "=", id)
      .execute();
    const owner = await tx
      .selectFrom("vendors")
      .innerJoin("users", "users.id", "vendors.user_id")
      .select("users.email")
      .where("vendors.id", "=", vendorId)
      .executeTakeFirstOrThrow();
    return { ok: true, accountId: id, email: owner.email };
  });
  if (result.ok && result.email) {
    await sendMail({
      to: result.email,
      subject: "Your Glow bank account code",
      text: [
        `Your bank account code is ${code}.`,
        "",
        `You asked to add ${name} ${maskAccount(input.number)} for withdrawals. The bank says it belongs to ${resolved.accountName}.`,
        `The code expires in ${CODE_TTL_MINUTES} minutes. Never share it with anyone, including Glow staff.`,
        "If you did not ask for this, do not enter the code: change your password instead.",
      ].join("\n"),
    });
  }
  return result.ok ? { ok: true, accountId: result.accountId } : result;
}

export interface PendingAccountView {
  id: number;
  bankName: string;
  number: string;
  holder: string;
  resolvedName: string | null;
  approval: BankAccountApproval;
  verified: boolean;
  codeExpiresAt: string | null;
  triesLeft: number;
}

/** One of the vendor's accounts waiting for (or past) its code; undefined when not theirs or deleted. */
export async function getBankAccount(vendorId: number, accountId: number): Promise<PendingAccountView | undefined> {
  const db = await getDb();
  const row = await db
    .selectFrom("bank_accounts")
    .select(["id", "bank_name", "number", "holder", "resolved_name", "approval", "verified_at", "code_expires_at", "attempts"])
    .where("id", "=", accountId)
    .where("vendor_id", "=", vendorId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    bankName: row.bank_name,
    number: row.number,
    holder: row.holder,
    resolvedName: row.resolved_name,
    approval: row.approval,
    verified: row.verified_at !== null,
    codeExpiresAt: row.code_expires_at,
    triesLeft: Math.max(0, MAX_CODE_TRIES - row.attempts),
  };
}

export type VerifyAccountResult =
  | { ok: true }
  | { ok: false; reason: "not-found" | "verified" | "expired" | "cancelled" }
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "locked"; retryAt: string };

/** Checks the code of a new bank account; the right one makes the account usable for withdrawals. */
export async function verifyBankAccount(vendorId: number, accountId: number, code: string, now = new Date()): Promise<VerifyAccountResult> {
  const db = await getDb();
  return db.transaction().execute(async (tx): Promise<VerifyAccountResult> => {
    await lockVendorMoney(tx, getDialect(), vendorId);
    const a = await tx
      .selectFrom("bank_accounts")
      .select(["id", "verified_at", "code_hash", "code_expires_at", "attempts"])
      .where("id", "=", accountId)
      .where("vendor_id", "=", vendorId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!a) return { ok: false, reason: "not-found" };
    if (a.verified_at) return { ok: false, reason: "verified" };
    if (!a.code_hash || !a.code_expires_at || a.code_expires_at <= now.toISOString()) return { ok: false, reason: "expired" };
    const lockout = await codeLockout(tx, vendorId, now);
    if (lockout.locked) return { ok: false, reason: "locked", retryAt: lockout.retryAt };
    if (!codesMatch(a.code_hash, a.id, code, "account")) {
      await recordWrongGuess(tx, vendorId, now);
      const attempts = a.attempts + 1;
      const exhausted = attempts >= MAX_CODE_TRIES;
      await tx
        .updateTable("bank_accounts")
        .set({ attempts, ...(exhausted ? { deleted_at: now.toISOString(), code_hash: null } : {}) })
        .where("id", "=", a.id)
        .execute();
      if (exhausted) return { ok: false, reason: "cancelled" };
      const after = await codeLockout(tx, vendorId, now);
      return after.locked ? { ok: false, reason: "locked", retryAt: after.retryAt } : { ok: false, reason: "wrong", triesLeft: MAX_CODE_TRIES - attempts };
    }
    await tx
      .updateTable("bank_accounts")
      .set({ verified_at: now.toISOString(), code_hash: null, attempts: a.attempts + 1 })
      .where("id", "=", a.id)
      .execute();
    return { ok: true };
  });
}

/** Soft-deletes one of the vendor's own accounts (past withdrawals still point at it). False when not theirs. */
export async function deleteBankAccount(vendorId: number, accountId: number): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("bank_accounts")
    .set({ deleted_at: new Date().toISOString() })
    .where("id", "=", accountId)
    .where("vendor_id", "=", vendorId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
