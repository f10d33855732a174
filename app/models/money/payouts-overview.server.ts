import { getDb } from "~/db/db.server";
import type { WithdrawalStatus } from "~/db/schema";
import { sendMail } from "~/models/messaging/mail.server";
import { maskAccount } from "./bank-accounts.server";
import { testOutcomeAllowed } from "./payout-rules";

// What the operator sees on /admin/payouts (docs/domain.md "Money"): withdrawals by state, bank accounts waiting for
// approval (approved or refused, the vendor told), and payments an operator must look at (an amount or currency
// other than asked). Payments by reference and "verify now" are booking/reconcile.server.ts's verifyPayment.

export interface OperatorWithdrawal {
  id: number;
  businessName: string;
  amountKobo: number;
  status: WithdrawalStatus;
  bank: string;
  reference: string | null;
  sessionId: string | null;
  failureReason: string | null;
  /** Test mode may make it fail or be reversed (payout-rules.ts testOutcomeAllowed). */
  testOutcome: boolean;
  createdAt: string;
}

const SHOWN: WithdrawalStatus[] = ["processing", "paid", "failed", "reversed"];

/** How many withdrawals are in each state, and the latest of `status` (50 at most). */
export async function payoutsByState(status: WithdrawalStatus) {
  const db = await getDb();
  const counts = await db
    .selectFrom("withdrawals")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("status", "in", SHOWN)
    .groupBy("status")
    .execute();
  const rows = await db
    .selectFrom("withdrawals as w")
    .innerJoin("vendors as v", "v.id", "w.vendor_id")
    .innerJoin("bank_accounts as b", "b.id", "w.bank_account_id")
    .select([
      "w.id",
      "v.business_name",
      "w.amount_kobo",
      "w.status",
      "b.bank_name",
      "b.number",
      "w.transfer_reference",
      "w.payout_reference",
      "w.session_id",
      "w.failure_reason",
      "w.created_at",
    ])
    .where("w.status", "=", status)
    .orderBy("w.id", "desc")
    .limit(50)
    .execute();
  return {
    counts: Object.fromEntries(SHOWN.map((s) => [s, Number(counts.find((c) => c.status === s)?.count ?? 0)])) as Record<WithdrawalStatus, number>,
    items: rows.map((r): OperatorWithdrawal => ({
      id: r.id,
      businessName: r.business_name,
      amountKobo: r.amount_kobo,
      status: r.status,
      bank: `${r.bank_name} ${maskAccount(r.number)}`,
      reference: r.transfer_reference ?? r.payout_reference,
      sessionId: r.session_id,
      failureReason: r.failure_reason,
      testOutcome: testOutcomeAllowed({ transferReference: r.transfer_reference, status: r.status }),
      createdAt: r.created_at,
    })),
  };
}

/** Confirmed bank accounts whose bank name did not match their vendor's, oldest first. */
export async function accountsAwaitingApproval() {
  const db = await getDb();
  const rows = await db
    .selectFrom("bank_accounts as b")
    .innerJoin("vendors as v", "v.id", "b.vendor_id")
    .innerJoin("users as u", "u.id", "v.user_id")
    .select(["b.id", "b.bank_name", "b.number", "b.holder", "b.resolved_name", "b.created_at", "v.business_name", "u.first_name", "u.last_name"])
    .where("b.approval", "=", "waiting")
    .where("b.verified_at", "is not", null)
    .where("b.deleted_at", "is", null)
    .orderBy("b.id")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    businessName: r.business_name,
    profileName: `${r.first_name} ${r.last_name}`,
    bank: `${r.bank_name} ${maskAccount(r.number)}`,
    typedHolder: r.holder,
    resolvedName: r.resolved_name,
    createdAt: r.created_at,
  }));
}

/** Approves or refuses an account waiting for approval, and tells its vendor. False when it is not waiting. */
export async function decideBankAccount(accountId: number, decision: "approved" | "refused"): Promise<boolean> {
  const db = await getDb();
  const updated = await db
    .updateTable("bank_accounts")
    .set({ approval: decision })
    .where("id", "=", accountId)
    .where("approval", "=", "waiting")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  const a = await db
    .selectFrom("bank_accounts as b")
    .innerJoin("vendors as v", "v.id", "b.vendor_id")
    .innerJoin("users as u", "u.id", "v.user_id")
    .select(["b.bank_name", "b.number", "u.email", "u.first_name"])
    .where("b.id", "=", accountId)
    .executeTakeFirstOrThrow();
  const where = `${a.bank_name} ${maskAccount(a.number)}`;
  await sendMail({
    to: a.email,
    subject: decision === "approved" ? `Approved: you can withdraw to ${where}` : `Not approved: ${where}`,
    text: [
      `Hi ${a.first_name},`,
      "",
      decision === "approved"
        ? `Glow's team checked ${where} and approved it. You can now withdraw to it.`
        : `Glow's team could not approve ${where}: the bank's name for it is not yours. Withdrawals go only to accounts in your own name; please add one.`,
      "",
      "Glow",
    ].join("\n"),
  });
  return true;
}

/** Payments an operator must look at: the provider took an amount or currency other than asked. */
export async function paymentProblems() {
  const db = await getDb();
  return db
    .selectFrom("payments as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .select(["p.reference", "p.amount_kobo", "p.problem", "p.payer_email", "p.updated_at", "a.ref"])
    .where("p.status", "=", "mismatch")
    .orderBy("p.id", "desc")
    .limit(50)
    .execute();
}

/** One payment by its reference, as the operator reads it. */
export async function paymentByReference(reference: string) {
  const db = await getDb();
  return db
    .selectFrom("payments as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .innerJoin("vendors as v", "v.id", "a.vendor_id")
    .select([
      "p.reference",
      "p.provider",
      "p.status",
      "p.amount_kobo",
      "p.channel",
      "p.source",
      "p.payer_name",
      "p.payer_email",
      "p.problem",
      "p.refund_reference",
      "p.created_at",
      "p.checked_at",
      "a.ref",
      "a.status as appointment_status",
      "a.payment_status",
      "v.business_name",
    ])
    .where("p.reference", "=", reference)
    .executeTakeFirst();
}
