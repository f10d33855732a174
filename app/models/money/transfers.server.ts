import { getDb, getDialect } from "~/db/db.server";
import type { WithdrawalStatus } from "~/db/schema";
import { HOUR, MINUTE } from "~/models/jobs/durations";
import { scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import { deliverMail, queueMails, type Mail, type QueuedMail } from "~/models/messaging/mail.server";
import { log } from "~/utils/log.server";
import { formatNaira } from "~/utils/money";
import { maskAccount } from "./bank-accounts.server";
import { addLedgerEntries, lockVendorMoney } from "./ledger.server";
import { PaystackError, type TransferState } from "./paystack.server";
import { testOutcomeAllowed } from "./payout-rules";
import { payoutProvider } from "./payouts.server";

// A verified withdrawal's transfer to the vendor's bank (docs/domain.md "Money"). The withdrawal is "processing"
// from the moment its amount leaves the balance; the provider's answer, a webhook or the check job moves it to paid,
// failed or reversed. Failed and reversed give the amount back through one ledger entry (unique per withdrawal), so
// however many answers race, the money is paid once and returned once at most. The transfer's reference is derived
// from the withdrawal (payout-rules.ts): a send that is retried after a timeout can never pay twice.

export const TRANSFER_CHECK = "transfer-check";

/** The first check comes soon (a send that never reached the provider is retried); later ones hourly. */
const FIRST_CHECK = 1 * MINUTE;
const NEXT_CHECK = 1 * HOUR;

export type TransferOutcome = "paid" | "failed" | "reversed";

/** Schedules a check of a processing withdrawal's transfer (in the caller's transaction when given one). */
export function scheduleTransferCheck(db: Parameters<typeof scheduleJob>[0], withdrawalId: number, at: Date, now = new Date()) {
  return scheduleJob(db, { kind: TRANSFER_CHECK, key: `${withdrawalId}:${at.toISOString()}`, runAt: at, payload: { withdrawalId } }, now);
}

async function loadForTransfer(withdrawalId: number) {
  const db = await getDb();
  return db
    .selectFrom("withdrawals as w")
    .innerJoin("bank_accounts as b", "b.id", "w.bank_account_id")
    .select([
      "w.id",
      "w.status",
      "w.amount_kobo",
      "w.fee_kobo",
      "w.transfer_reference",
      "w.transfer_code",
      "b.id as account_id",
      "b.bank_code",
      "b.number",
      "b.holder",
      "b.resolved_name",
      "b.recipient_code",
    ])
    .where("w.id", "=", withdrawalId)
    .executeTakeFirst();
}

/**
 * Sends (or, after an earlier try, finds) the transfer of a processing withdrawal and applies what the provider says.
 * `first` is the send straight after the code was verified: nothing can have reached the provider before it.
 * Throws PaystackError when the provider cannot be reached; the withdrawal stays processing for the next check.
 */
export async function executeTransfer(withdrawalId: number, now = new Date(), options: { first?: boolean } = {}): Promise<WithdrawalStatus | undefined> {
  const w = await loadForTransfer(withdrawalId);
  if (!w || w.status !== "processing" || !w.transfer_reference) return w?.status;
  const provider = payoutProvider();
  let state: TransferState | null = options.first ? null : await provider.verify(w.transfer_reference);
  if (state === null) {
    const recipientCode = await provider.recipient({
      bankCode: w.bank_code,
      number: w.number,
      holder: w.resolved_name ?? w.holder,
      recipientCode: w.recipient_code,
    });
    if (recipientCode !== w.recipient_code) {
      const db = await getDb();
      await db.updateTable("bank_accounts").set({ recipient_code: recipientCode }).where("id", "=", w.account_id).where("recipient_code", "is", null).execute();
    }
    state = await provider.send({
      reference: w.transfer_reference,
      amountKobo: w.amount_kobo - w.fee_kobo,
      recipientCode,
      reason: `Glow withdrawal ${w.id}`,
    });
  }
  return applyTransferState(w.transfer_reference, state, now);
}

/**
 * Applies what the provider says of a transfer, from its answer, a webhook or a check: processing -> paid | failed |
 * reversed, and paid -> reversed (a bank may send a paid transfer back). Failed and reversed return the amount once.
 * Returns the withdrawal's status after, or undefined for a reference that is not ours.
 */
export async function applyTransferState(
  reference: string,
  state: TransferState,
  now = new Date(),
  options: { testFailAfterPaid?: boolean } = {},
): Promise<WithdrawalStatus | undefined> {
  const db = await getDb();
  const found = await db.selectFrom("withdrawals").select(["id", "vendor_id"]).where("transfer_reference", "=", reference).executeTakeFirst();
  if (!found) return undefined;
  const at = now.toISOString();
  const { status, mails } = await db.transaction().execute(async (tx) => {
    await lockVendorMoney(tx, getDialect(), found.vendor_id);
    const w = await tx
      .selectFrom("withdrawals as w")
      .innerJoin("bank_accounts as b", "b.id", "w.bank_account_id")
      .innerJoin("vendors as v", "v.id", "w.vendor_id")
      .innerJoin("users as u", "u.id", "v.user_id")
      .select(["w.id", "w.status", "w.amount_kobo", "w.fee_kobo", "w.vendor_id", "b.bank_name", "b.number", "u.email", "u.first_name"])
      .where("w.id", "=", found.id)
      .executeTakeFirstOrThrow();
    const mails: Mail[] = [];
    const none: QueuedMail[] = [];
    const known = { transfer_code: state.transferCode ?? undefined };
    if (state.status === "pending") {
      if (w.status === "processing" && state.transferCode) await tx.updateTable("withdrawals").set(known).where("id", "=", w.id).execute();
      return { status: w.status, mails: none };
    }
    const next: TransferOutcome = state.status === "success" ? "paid" : state.status;
    const allowed = w.status === "processing" || (w.status === "paid" && (next === "reversed" || (next === "failed" && options.testFailAfterPaid === true)));
    if (!allowed) return { status: w.status, mails: none };
    await tx
      .updateTable("withdrawals")
      .set({
        status: next,
        ...known,
        ...(next === "paid" ? { completed_at: at, session_id: state.sessionId } : { failure_reason: state.reason }),
      })
      .where("id", "=", w.id)
      .where("status", "=", w.status)
      .execute();
    const where = `${w.bank_name} ${maskAccount(w.number)}`;
    if (next === "paid") {
      mails.push({
        to: w.email,
        subject: `Paid: ${formatNaira(w.amount_kobo - w.fee_kobo)} to ${where}`,
        text: [
          `Hi ${w.first_name},`,
          "",
          `Your withdrawal of ${formatNaira(w.amount_kobo)} has been paid to ${where}${w.fee_kobo > 0 ? ` (${formatNaira(w.amount_kobo - w.fee_kobo)} after the ${formatNaira(w.fee_kobo)} transfer fee)` : ""}.`,
          state.sessionId ? `If your bank cannot see it, give them this session id to trace it: ${state.sessionId}` : "",
          "",
          "Glow",
        ].join("\n"),
      });
      return { status: next, mails: await queueMails(tx, mails, now) };
    }
    await addLedgerEntries(tx, [
      {
        vendorId: w.vendor_id,
        kind: "withdrawal",
        amountKobo: w.amount_kobo,
        title: `Withdrawal ${next === "failed" ? "failed" : "reversed"}, returned: ${where}`,
        returnedWithdrawalId: w.id,
        at,
      },
    ]);
    mails.push({
      to: w.email,
      subject: `Your withdrawal of ${formatNaira(w.amount_kobo)} ${next === "failed" ? "failed" : "came back"}: the money is in your balance again`,
      text: [
        `Hi ${w.first_name},`,
        "",
        next === "failed"
          ? `The bank transfer of your withdrawal to ${where} failed${state.reason ? ` (${state.reason})` : ""}.`
          : `The bank sent back the transfer of your withdrawal to ${where}${state.reason ? ` (${state.reason})` : ""}.`,
        `${formatNaira(w.amount_kobo)} is back in your available balance. Check the account's details, then withdraw again.`,
        "",
        "Glow",
      ].join("\n"),
    });
    return { status: next, mails: await queueMails(tx, mails, now) };
  });
  for (const mail of mails) await deliverMail(mail);
  log.info("transfer state applied", { reference, provider: state.status, status });
  return status;
}

/** The check job: a withdrawal still processing is verified (or its transfer sent, if it never was); hourly after. */
export const transferCheck: JobDefinition<{ withdrawalId: number }> = {
  transaction: false,
  async run({ payload, now }) {
    const withdrawalId = Number(payload.withdrawalId);
    let status: WithdrawalStatus | undefined;
    try {
      status = await executeTransfer(withdrawalId, now);
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      log.warn("transfer check: provider unreachable", { withdrawalId, error: error.message });
      status = "processing";
    }
    if (status === "processing") await scheduleTransferCheck(await getDb(), withdrawalId, new Date(now.getTime() + NEXT_CHECK), now);
  },
};

export { FIRST_CHECK };

/**
 * Test mode only: makes a test payout fail (while processing) or be reversed (once paid), so every state of a
 * withdrawal can be reached by hand. `vendorId` limits it to the vendor's own withdrawals (undefined: the operator).
 * False when there is no such withdrawal of theirs, a real provider is configured, or the state does not allow it.
 */
export async function setTestPayoutOutcome(
  args: { withdrawalId: number; vendorId?: number; outcome: "failed" | "reversed" },
  now = new Date(),
): Promise<boolean> {
  if (!payoutProvider().testMode) return false;
  const db = await getDb();
  let query = db.selectFrom("withdrawals").select(["transfer_reference", "status"]).where("id", "=", args.withdrawalId);
  if (args.vendorId !== undefined) query = query.where("vendor_id", "=", args.vendorId);
  const w = await query.executeTakeFirst();
  if (!w?.transfer_reference || !testOutcomeAllowed({ transferReference: w.transfer_reference, status: w.status })) return false;
  if (args.outcome === "reversed" && w.status !== "paid") return false;
  // A test payout is paid as it is sent, so "failed" stands for a transfer the bank refused after all.
  const status = await applyTransferState(
    w.transfer_reference,
    { status: args.outcome === "failed" ? "failed" : "reversed", transferCode: null, sessionId: null, reason: "made to fail in test mode" },
    now,
    { testFailAfterPaid: true },
  );
  return status === args.outcome;
}
