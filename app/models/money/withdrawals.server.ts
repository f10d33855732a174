import { getDb, getDialect, type Executor, type Tx } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { formatNaira } from "~/utils/money";
import { sixDigitCode } from "~/utils/random.server";
import { maskAccount } from "./bank-accounts.server";
import { addLedgerEntries, lockVendorMoney, vendorTotals } from "./ledger.server";
import { sendMail } from "~/models/messaging/mail.server";
import { CODE_TTL_MINUTES, codeLockout, codesMatch, expiryFrom, hashCode, MAX_CODE_TRIES, recordWrongGuess } from "./confirmation-codes.server";
import { MIN_WITHDRAWAL_KOBO, testOutcomeAllowed, transferFeeKobo, transferReference } from "./payout-rules";
import { executeTransfer, FIRST_CHECK, scheduleTransferCheck } from "./transfers.server";
import { PaystackError } from "./paystack.server";
import { log } from "~/utils/log.server";
import type { WithdrawalStatus } from "~/db/schema";

// Code-verified withdrawals (docs/domain.md "Money"). A withdrawal is created pending with a 6-digit code e-mailed
// to the vendor; only the right code, in time and within the allowed tries, executes it: one transaction locks the
// vendor's money, re-checks the available balance, writes the ledger entry and makes it "processing" with its
// transfer reference, so two verifications at the same moment cannot both take the money, nor more than is
// available. The transfer is sent after that commit (transfers.server.ts), and checked by a job until it settles.

/** The first code and up to four re-sends: enough for a slow inbox, not a way to flood one. */
export const MAX_CODES_SENT = 5;

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

export type StartResult = { ok: true; withdrawalId: number } | { ok: false; reason: "no-account" | "insufficient" | "too-small"; balanceKobo: number };

/**
 * Creates a pending withdrawal of up to the balance to one of the vendor's saved accounts and e-mails its code.
 * Any earlier pending withdrawal is cancelled, so only one code is ever live.
 */
/** The sentence a suspended vendor reads when asking for money. */
export const PAYOUTS_HELD =
  "Withdrawals are held while your business is suspended on Glow. Your balance stays yours and can be withdrawn once the suspension is lifted.";

/**
 * A vendor Glow suspended is paid nothing until it is lifted (docs/decisions/037-vendor-suspension.md): read under the
 * vendor's money lock, so a withdrawal and a suspension at the same moment do not both go through.
 */
export async function assertPayoutsAllowed(tx: Tx, vendorId: number): Promise<void> {
  const held = await payoutsHeld(vendorId, tx);
  if (held) throw new DomainError("conflict", held);
}

/** Why the vendor may not withdraw now (its suspension), or null: what the Withdraw page says before the form. */
export async function payoutsHeld(vendorId: number, db?: Executor): Promise<string | null> {
  const vendor = await (db ?? (await getDb())).selectFrom("vendors").select("suspended_at").where("id", "=", vendorId).executeTakeFirst();
  return vendor?.suspended_at ? PAYOUTS_HELD : null;
}

export async function startWithdrawal(vendorId: number, input: { amountKobo: number; bankAccountId: number }): Promise<StartResult> {
  const db = await getDb();
  const now = new Date();
  const code = sixDigitCode();
  const result = await db.transaction().execute(async (tx): Promise<StartResult & { mail?: Parameters<typeof mailCode>[0] }> => {
    await lockVendorMoney(tx, getDialect(), vendorId);
    await assertPayoutsAllowed(tx, vendorId);
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
      .where("bank_accounts.approval", "=", "approved")
      .executeTakeFirst();
    if (!account) return { ok: false, reason: "no-account", balanceKobo };
    if (input.amountKobo > balanceKobo) return { ok: false, reason: "insufficient", balanceKobo };
    if (input.amountKobo < MIN_WITHDRAWAL_KOBO) return { ok: false, reason: "too-small", balanceKobo };
    await tx.updateTable("withdrawals").set({ status: "cancelled" }).where("vendor_id", "=", vendorId).where("status", "=", "pending").execute();
    const { id } = await tx
      .insertInto("withdrawals")
      .values({
        vendor_id: vendorId,
        bank_account_id: account.id,
        amount_kobo: input.amountKobo,
        status: "pending",
        code_hash: null,
        code_expires_at: expiryFrom(now),
        attempts: 0,
        codes_sent: 1,
        fee_kobo: transferFeeKobo(input.amountKobo),
        created_at: now.toISOString(),
        completed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .updateTable("withdrawals")
      .set({ code_hash: hashCode(id, code) })
      .where("id", "=", id)
      .execute();
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
  feeKobo: number;
  status: WithdrawalStatus;
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
    .select([
      "withdrawals.id",
      "withdrawals.amount_kobo",
      "withdrawals.status",
      "withdrawals.code_expires_at",
      "withdrawals.attempts",
      "withdrawals.codes_sent",
      "withdrawals.fee_kobo",
      "bank_accounts.bank_name",
      "bank_accounts.number",
    ])
    .where("withdrawals.id", "=", withdrawalId)
    .where("withdrawals.vendor_id", "=", vendorId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    amountKobo: row.amount_kobo,
    feeKobo: row.fee_kobo,
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
  | { ok: false; reason: "not-found" | "done" | "cancelled" | "expired" | "account-gone" | "insufficient" }
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "locked"; retryAt: string };

/** Checks the code and, when right, executes the withdrawal exactly once. */
export async function verifyWithdrawal(vendorId: number, withdrawalId: number, code: string, now = new Date()): Promise<VerifyResult> {
  const db = await getDb();
  const result = await db.transaction().execute(async (tx): Promise<VerifyResult> => {
    await lockVendorMoney(tx, getDialect(), vendorId);
    await assertPayoutsAllowed(tx, vendorId);
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
    if (w.status === "cancelled") return { ok: false, reason: "cancelled" };
    if (w.status !== "pending") return { ok: false, reason: "done" };
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
    const cancel = () =>
      tx
        .updateTable("withdrawals")
        .set({ status: "cancelled", attempts: w.attempts + 1 })
        .where("id", "=", w.id)
        .execute();
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
      {
        vendorId,
        kind: "withdrawal",
        amountKobo: -w.amount_kobo,
        title: `Withdrawal to ${w.bank_name} ${maskAccount(w.number)}`,
        withdrawalId: w.id,
        at: now.toISOString(),
      },
    ]);
    const reference = transferReference(w.id);
    await tx
      .updateTable("withdrawals")
      .set({ status: "processing", attempts: w.attempts + 1, code_hash: null, transfer_reference: reference, payout_reference: reference })
      .where("id", "=", w.id)
      .where("status", "=", "pending")
      .execute();
    // If the send below never reaches the provider (or this process dies), the check sends it again, same reference.
    await scheduleTransferCheck(tx, w.id, new Date(now.getTime() + FIRST_CHECK), now);
    return { ok: true, amountKobo: w.amount_kobo };
  });
  if (result.ok) {
    try {
      await executeTransfer(withdrawalId, now, { first: true });
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      // The money has left the balance and the withdrawal is processing: the check job tries again.
      log.warn("transfer not sent; the check will retry", { withdrawalId, error: error.message });
    }
  }
  return result;
}

export interface WithdrawalListRow {
  id: number;
  amountKobo: number;
  feeKobo: number;
  status: WithdrawalStatus;
  bankName: string;
  number: string;
  reference: string | null;
  /** Test mode may make it fail or be reversed (payout-rules.ts testOutcomeAllowed). */
  testOutcome: boolean;
  sessionId: string | null;
  failureReason: string | null;
  createdAt: string;
}

/** The vendor's withdrawals, newest first, with their states (codes never asked for are left out). */
export async function listWithdrawals(vendorId: number, limit = 20): Promise<WithdrawalListRow[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("withdrawals as w")
    .innerJoin("bank_accounts as b", "b.id", "w.bank_account_id")
    .select([
      "w.id",
      "w.amount_kobo",
      "w.fee_kobo",
      "w.status",
      "w.transfer_reference",
      "w.payout_reference",
      "w.session_id",
      "w.failure_reason",
      "w.created_at",
      "b.bank_name",
      "b.number",
    ])
    .where("w.vendor_id", "=", vendorId)
    .where("w.status", "not in", ["pending", "cancelled"])
    .orderBy("w.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    amountKobo: r.amount_kobo,
    feeKobo: r.fee_kobo,
    status: r.status,
    bankName: r.bank_name,
    number: maskAccount(r.number),
    reference: r.transfer_reference ?? r.payout_reference,
    testOutcome: testOutcomeAllowed({ transferReference: r.transfer_reference, status: r.status }),
    sessionId: r.session_id,
    failureReason: r.failure_reason,
    createdAt: r.created_at,
  }));
}
