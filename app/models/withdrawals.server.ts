import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { formatDate, formatTime } from "~/utils/time";
import { nigerianBanks } from "~/data/banks";
import { getDb, getDialect } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { formatNaira } from "~/utils/money";
import { sixDigitCode } from "~/utils/random.server";
import { addLedgerEntries, lockVendorMoney, vendorTotals } from "./ledger.server";
import { sendMail } from "./mail.server";
import { payoutProvider } from "./payouts.server";

// Saved bank accounts and code-verified withdrawals (docs/domain.md "Money"). A withdrawal is created pending with
// a 6-digit code e-mailed to the vendor; only the right code, in time and within the allowed tries, executes it: one
// transaction locks the vendor's money, re-checks the available balance, writes the ledger entry, pays out and flips
// the status, so two verifications at the same moment cannot both pay, nor pay more than is available.
// A new bank account is usable only after the code e-mailed for it is entered, so a stolen session alone cannot send
// money to a new account. Wrong codes, for withdrawals and accounts alike, are counted per vendor over a rolling day
// (MAX_CODE_GUESSES_PER_DAY): starting new withdrawals gives no fresh guesses.

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_TRIES = 5;
/** The first code and up to four re-sends: enough for a slow inbox, not a way to flood one. */
export const MAX_CODES_SENT = 5;
export const MAX_BANK_ACCOUNTS = 10;
/** Wrong codes a vendor may enter in any 24 hours, across all their withdrawals and new bank accounts. */
export const MAX_CODE_GUESSES_PER_DAY = 10;
const GUESS_WINDOW_MS = 24 * 60 * 60 * 1000;

type Tx = Transaction<Database>;

/**
 * Whether the vendor may try a code now; when not, the moment they may again (their oldest wrong guess of the
 * window leaves it). Read inside the transaction that holds the vendor's money lock, so parallel tries count in order.
 */
export async function codeLockout(db: Tx | Kysely<Database>, vendorId: number, now: Date): Promise<{ locked: false } | { locked: true; retryAt: string }> {
  const since = new Date(now.getTime() - GUESS_WINDOW_MS).toISOString();
  const guesses = await db
    .selectFrom("code_guesses")
    .select("at")
    .where("vendor_id", "=", vendorId)
    .where("at", ">", since)
    .orderBy("at", "desc")
    .limit(MAX_CODE_GUESSES_PER_DAY)
    .execute();
  if (guesses.length < MAX_CODE_GUESSES_PER_DAY) return { locked: false };
  const oldest = guesses[guesses.length - 1]!.at;
  return { locked: true, retryAt: new Date(Date.parse(oldest) + GUESS_WINDOW_MS).toISOString() };
}

async function recordWrongGuess(tx: Tx, vendorId: number, now: Date): Promise<void> {
  await tx.insertInto("code_guesses").values({ vendor_id: vendorId, at: now.toISOString() }).execute();
}

/** The message a locked-out vendor reads, with when to try again. */
export function lockoutMessage(retryAt: string): string {
  return `Too many wrong codes today. For your safety, codes can be tried again from ${formatDate(retryAt)} at ${formatTime(retryAt)}.`;
}

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
}

export async function listBankAccounts(vendorId: number): Promise<BankAccountView[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("bank_accounts")
    .select(["id", "bank_name", "number", "holder"])
    .where("vendor_id", "=", vendorId)
    .where("deleted_at", "is", null)
    .where("verified_at", "is not", null)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, bankName: r.bank_name, number: r.number, holder: r.holder }));
}

export type AddAccountResult = { ok: true; accountId: number } | { ok: false; reason: "duplicate" | "too-many" | "unknown-bank" };

/**
 * Saves a new account unverified and e-mails its code (verifyBankAccount makes it usable). Adding the same account
 * again while its code is unused replaces the earlier attempt with a fresh code.
 */
export async function addBankAccount(vendorId: number, input: { bankCode: string; number: string; holder: string }, now = new Date()): Promise<AddAccountResult> {
  const name = bankName(input.bankCode);
  if (!name) return { ok: false, reason: "unknown-bank" };
  const db = await getDb();
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
      .values({ vendor_id: vendorId, bank_code: input.bankCode, bank_name: name, number: input.number, holder: input.holder, created_at: now.toISOString(), deleted_at: null, verified_at: null, code_hash: null, code_expires_at: expiryFrom(now) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.updateTable("bank_accounts").set({ code_hash: hashCode(id, code, "account") }).where("id", "=", id).execute();
    const owner = await tx.selectFrom("vendors").innerJoin("users", "users.id", "vendors.user_id").select("users.email").where("vendors.id", "=", vendorId).executeTakeFirstOrThrow();
    return { ok: true, accountId: id, email: owner.email };
  });
  if (result.ok && result.email) {
    await sendMail({
      to: result.email,
      subject: "Your Glow bank account code",
      text: [
        `Your bank account code is ${code}.`,
        "",
        `You asked to add ${name} ${maskAccount(input.number)} (${input.holder}) for withdrawals.`,
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
  verified: boolean;
  codeExpiresAt: string | null;
  triesLeft: number;
}

/** One of the vendor's accounts waiting for (or past) its code; undefined when not theirs or deleted. */
export async function getBankAccount(vendorId: number, accountId: number): Promise<PendingAccountView | undefined> {
  const db = await getDb();
  const row = await db
    .selectFrom("bank_accounts")
    .select(["id", "bank_name", "number", "holder", "verified_at", "code_expires_at", "attempts"])
    .where("id", "=", accountId)
    .where("vendor_id", "=", vendorId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, bankName: row.bank_name, number: row.number, holder: row.holder, verified: row.verified_at !== null, codeExpiresAt: row.code_expires_at, triesLeft: Math.max(0, MAX_CODE_TRIES - row.attempts) };
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
    await tx.updateTable("bank_accounts").set({ verified_at: now.toISOString(), code_hash: null, attempts: a.attempts + 1 }).where("id", "=", a.id).execute();
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

/** Keyed with the server secret and the withdrawal's id: a leaked table gives no way to try codes offline. */
function hashCode(id: number, code: string, what: "withdrawal" | "account" = "withdrawal"): string {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`${what}:${id}:${code}`).digest("hex");
}

function codesMatch(storedHash: string, id: number, code: string, what: "withdrawal" | "account" = "withdrawal"): boolean {
  const expected = Buffer.from(storedHash, "hex");
  const actual = Buffer.from(hashCode(id, code, what), "hex");
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

const expiryFrom = (now: Date) => new Date(now.getTime() + CODE_TTL_MINUTES * 60_000).toISOString();

async function mailCode(args: { to: string; code: string; amountKobo: number; bank: string; number: string }) {
  await sendMail({
    to: args.to,
    subject: "Your Glow withdrawal code",
    text: [
      `Your withdrawal code is ${args.code}.`,
      "",
      `You asked to withdraw ${formatNaira(args.amountKobo)} to ${args.bank} ${maskAccount(args.number)}.`,
      `The code expires in ${CODE_TTL_MINUTES} minutes. Never share it with anyone, including Glow staff.`,
      "If you did not ask for this, ignore this e-mail and change your password.",
    ].join("\n"),
  });
}

export type StartResult =
  | { ok: true; withdrawalId: number }
  | { ok: false; reason: "no-account" | "insufficient"; balanceKobo: number };

/**
 * Creates a pending withdrawal of up to the balance to one of the vendor's saved accounts and e-mails its code.
 * Any earlier pending withdrawal is cancelled, so only one code is ever live.
 */
export async function startWithdrawal(vendorId: number, input: { amountKobo: number; bankAccountId: number }): Promise<StartResult> {
  const db = await getDb();
  const now = new Date();
  const code = sixDigitCode();
  const result = await db.transaction().execute(async (tx): Promise<StartResult & { mail?: Parameters<typeof mailCode>[0] }> => {
    await lockVendorMoney(tx, getDialect(), vendorId);
    const { balanceKobo } = await vendorTotals(tx, vendorId);
    const account = await tx
      .selectFrom("bank_accounts")
      .innerJoin("vendors", "vendors.id", "bank_accounts.vendor_id")
      .innerJoin("users", "users.id", "vendors.user_id")
      .select(["bank_accounts.id", "bank_accounts.bank_name", "bank_accounts.number", "users.email"])
      .where("bank_accounts.id", "=", input.bankAccountId)
      .where("bank_accounts.vendor_id", "=", vendorId)
      .where("bank_accounts.deleted_at", "is", null)
      .where("bank_accounts.verified_at", "is not", null)
      .executeTakeFirst();
    if (!account) return { ok: false, reason: "no-account", balanceKobo };
    if (input.amountKobo <= 0 || input.amountKobo > balanceKobo) return { ok: false, reason: "insufficient", balanceKobo };
    await tx.updateTable("withdrawals").set({ status: "cancelled" }).where("vendor_id", "=", vendorId).where("status", "=", "pending").execute();
    const { id } = await tx
      .insertInto("withdrawals")
      .values({ vendor_id: vendorId, bank_account_id: account.id, amount_kobo: input.amountKobo, status: "pending", code_hash: null, code_expires_at: expiryFrom(now), attempts: 0, codes_sent: 1, created_at: now.toISOString(), completed_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.updateTable("withdrawals").set({ code_hash: hashCode(id, code) }).where("id", "=", id).execute();
    return { ok: true, withdrawalId: id, mail: { to: account.email, code, amountKobo: input.amountKobo, bank: account.bank_name, number: account.number } };
  });
  // The outbox write runs after the commit: on SQLite it needs the connection the transaction held.
  if (result.mail) await mailCode(result.mail);
  const { mail: _mail, ...outcome } = result;
  return outcome;
}

export interface WithdrawalView {
  id: number;
  amountKobo: number;
  status: "pending" | "completed" | "cancelled";
  bankName: string;
  number: string;
  codeExpiresAt: string | null;
  triesLeft: number;
  resendsLeft: number;
}

/** One of the vendor's own withdrawals, or undefined (another vendor's id looks the same as a missing one). */
export async function getWithdrawal(vendorId: number, withdrawalId: number): Promise<WithdrawalView | undefined> {
  const db = await getDb();
  const row = await db
    .selectFrom("withdrawals")
    .innerJoin("bank_accounts", "bank_accounts.id", "withdrawals.bank_account_id")
    .select(["withdrawals.id", "withdrawals.amount_kobo", "withdrawals.status", "withdrawals.code_expires_at", "withdrawals.attempts", "withdrawals.codes_sent", "bank_accounts.bank_name", "bank_accounts.number"])
    .where("withdrawals.id", "=", withdrawalId)
    .where("withdrawals.vendor_id", "=", vendorId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    amountKobo: row.amount_kobo,
    status: row.status,
    bankName: row.bank_name,
    number: row.number,
    codeExpiresAt: row.code_expires_at,
    triesLeft: Math.max(0, MAX_CODE_TRIES - row.attempts),
    resendsLeft: Math.max(0, MAX_CODES_SENT - row.codes_sent),
  };
}

export type ResendResult = { ok: true } | { ok: false; reason: "not-found" | "not-pending" | "limit" };

/** A new code (the old one stops working) with a fresh expiry. Tries already used still count. */
export async function resendCode(vendorId: number, withdrawalId: number): Promise<ResendResult> {
  const db = await getDb();
  const now = new Date();
  const code = sixDigitCode();
  const result = await db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("withdrawals")
      .innerJoin("bank_accounts", "bank_accounts.id", "withdrawals.bank_account_id")
      .innerJoin("vendors", "vendors.id", "withdrawals.vendor_id")
      .innerJoin("users", "users.id", "vendors.user_id")
      .select(["withdrawals.status", "withdrawals.codes_sent", "withdrawals.amount_kobo", "bank_accounts.bank_name", "bank_accounts.number", "users.email"])
      .where("withdrawals.id", "=", withdrawalId)
      .where("withdrawals.vendor_id", "=", vendorId)
      .executeTakeFirst();
    if (!row) return { ok: false as const, reason: "not-found" as const };
    if (row.status !== "pending") return { ok: false as const, reason: "not-pending" as const };
    if (row.codes_sent >= MAX_CODES_SENT) return { ok: false as const, reason: "limit" as const };
    const updated = await tx
      .updateTable("withdrawals")
      .set({ code_hash: hashCode(withdrawalId, code), code_expires_at: expiryFrom(now), codes_sent: row.codes_sent + 1 })
      .where("id", "=", withdrawalId)
      .where("status", "=", "pending")
      .where("codes_sent", "=", row.codes_sent)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { ok: false as const, reason: "limit" as const };
    return { ok: true as const, mail: { to: row.email, code, amountKobo: row.amount_kobo, bank: row.bank_name, number: row.number } };
  });
  if (!result.ok) return result;
  await mailCode(result.mail);
  return { ok: true };
}

export type VerifyResult =
  | { ok: true; amountKobo: number }
  | { ok: false; reason: "not-found" | "completed" | "cancelled" | "expired" | "account-gone" | "insufficient" }
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "locked"; retryAt: string };

/** Checks the code and, when right, executes the withdrawal exactly once. */
export async function verifyWithdrawal(vendorId: number, withdrawalId: number, code: string, now = new Date()): Promise<VerifyResult> {
  const db = await getDb();
  return db.transaction().execute(async (tx): Promise<VerifyResult> => {
    await lockVendorMoney(tx, getDialect(), vendorId);
    const w = await tx
      .selectFrom("withdrawals")
      .innerJoin("bank_accounts", "bank_accounts.id", "withdrawals.bank_account_id")
      .select([
        "withdrawals.id",
        "withdrawals.amount_kobo",
        "withdrawals.status",
        "withdrawals.code_hash",
        "withdrawals.code_expires_at",
        "withdrawals.attempts",
        "bank_accounts.bank_code",
        "bank_accounts.bank_name",
        "bank_accounts.number",
        "bank_accounts.holder",
        "bank_accounts.deleted_at",
      ])
      .where("withdrawals.id", "=", withdrawalId)
      .where("withdrawals.vendor_id", "=", vendorId)
      .executeTakeFirst();
    if (!w) return { ok: false, reason: "not-found" };
    if (w.status !== "pending") return { ok: false, reason: w.status };
    if (!w.code_hash || !w.code_expires_at || w.code_expires_at <= now.toISOString()) return { ok: false, reason: "expired" };
    const lockout = await codeLockout(tx, vendorId, now);
    if (lockout.locked) return { ok: false, reason: "locked", retryAt: lockout.retryAt };
    if (!codesMatch(w.code_hash, w.id, code)) {
      await recordWrongGuess(tx, vendorId, now);
      const attempts = w.attempts + 1;
      const exhausted = attempts >= MAX_CODE_TRIES;
      await tx
        .updateTable("withdrawals")
        .set({ attempts, ...(exhausted ? { status: "cancelled" as const } : {}) })
        .where("id", "=", w.id)
        .execute();
      if (exhausted) return { ok: false, reason: "cancelled" };
      const after = await codeLockout(tx, vendorId, now);
      return after.locked ? { ok: false, reason: "locked", retryAt: after.retryAt } : { ok: false, reason: "wrong", triesLeft: MAX_CODE_TRIES - attempts };
    }
    const cancel = () => tx.updateTable("withdrawals").set({ status: "cancelled", attempts: w.attempts + 1 }).where("id", "=", w.id).execute();
    if (w.deleted_at) {
      await cancel();
      return { ok: false, reason: "account-gone" };
    }
    const { balanceKobo } = await vendorTotals(tx, vendorId);
    if (w.amount_kobo > balanceKobo) {
      await cancel();
      return { ok: false, reason: "insufficient" };
    }
    await addLedgerEntries(tx, [
      { vendorId, kind: "withdrawal", amountKobo: -w.amount_kobo, title: `Withdrawal to ${w.bank_name} ${maskAccount(w.number)}`, withdrawalId: w.id, at: now.toISOString() },
    ]);
    // Paid inside the transaction: if the provider refuses, the entry and the status roll back with it.
    const payout = await payoutProvider().send({ reference: `glow-wd-${w.id}`, amountKobo: w.amount_kobo, bankCode: w.bank_code, accountNumber: w.number, holder: w.holder });
    await tx
      .updateTable("withdrawals")
      .set({ status: "completed", completed_at: now.toISOString(), attempts: w.attempts + 1, code_hash: null, payout_reference: payout.providerReference })
      .where("id", "=", w.id)
      .where("status", "=", "pending")
      .execute();
    return { ok: true, amountKobo: w.amount_kobo };
  });
}
