import { getDb, type Executor, type Tx } from "~/db/db.server";
import { onlineKobo } from "~/models/money/cancellation-policy";
import { randomToken } from "~/utils/random.server";
import { getEnv } from "~/utils/env.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import { addCredit } from "./auto-credit.server";
import { platformFeeKobo } from "~/utils/fees";
import { addLedgerEntries } from "./ledger.server";
import type { Mail } from "~/models/messaging/mail.server";
import { createPaystack, PaystackError } from "./paystack.server";
import { log } from "~/utils/log.server";
// A refund that cannot be made stops the transition that asked for it, with the same error its pages already show.
import { DomainError } from "~/models/refusal";

// Refunds go back the way the money came, to whoever paid (docs/domain.md "Money"):
// - an online payment is refunded through its provider (the test-mode provider records it and shows it on its
//   checkout page; Paystack through its refund API), to the card or account of the person who paid, who may be a
//   friend who paid through the booking's payment link;
// - an AutoCredit payment goes back to AutoCredit;
// - a booker who paid online themselves may ask for AutoCredit instead (instant).
// `refundPayment` is the only function that gives money back: cancellations, declines and expiries call it with the
// amount to return (all of it, or less when the vendor keeps part by a cancellation policy).

/** What a refund needs to know of its appointment (an AppointmentRow has all of it). */
export interface RefundableRow {
  id: number;
  ref: string;
  vendor_id: number;
  customer_id: number;
  total_kobo: number;
  deposit_kobo: number;
  payment_status: string;
  starts_at: string;
  service_title: string;
  group_name: string;
  business_name: string;
  customer_email: string;
  customer_first_name: string;
}

export interface RefundOutcome {
  amountKobo: number;
  /** One sentence for the booker's e-mail and page: who got how much back, and how. */
  summary: string;
  /** E-mails to send with the transaction's other mail: to the payer when the payer is not the booker. */
  mails: Mail[];
}

/** The vendor's share of a refund: the amount less the part of the platform fee it carried (the fee goes back too). */
export function vendorShareOfRefund(totalKobo: number, amountKobo: number): number {
  if (totalKobo <= 0) return 0;
  const net = totalKobo - platformFeeKobo(totalKobo);
  return amountKobo === totalKobo ? net : Math.round((amountKobo * net) / totalKobo);
}

async function alreadyRefunded(db: Executor, appointmentId: number): Promise<number> {
  const row = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.sum<number>("amount_kobo").as("total"))
    .where("appointment_id", "=", appointmentId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Asks the provider that took a payment to give `amountKobo` of it back to the card or account it came from (all
 * that was paid when undefined); returns the provider's reference for the refund. Throws PaystackError when Paystack
 * cannot be reached or refuses.
 */
export async function sendRefund(provider: string, reference: string, amountKobo?: number): Promise<string> {
  if (provider === "paystack") {
    const env = getEnv();
    if (!env.PAYSTACK_SECRET_KEY) throw new PaystackError("Paystack is not configured now", 503);
    const { providerReference } = await createPaystack({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_API_URL }).refund({ reference, amountKobo });
    return providerReference;
  }
  // The test-mode provider moves no money: recording the refund is all it does (its checkout page shows it).
  return `test_refund_${randomToken(9)}`;
}

/** Sends an online refund to the provider that took the payment; returns the provider's reference for it. */
async function refundOnline(provider: string, reference: string, amountKobo: number): Promise<string> {
  if (provider === "paystack" && !getEnv().PAYSTACK_SECRET_KEY)
    throw new DomainError("conflict", "This payment was made through Paystack, which is not configured now, so it cannot be refunded. Please contact support.");
  try {
    return await sendRefund(provider, reference, amountKobo);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    log.warn("refund refused by paystack", { reference, error: error.message });
    // Thrown inside the transition's transaction: the cancellation rolls back with it, so nothing half-happens.
    throw new DomainError("conflict", "We couldn't reach the payment service to refund this payment, so nothing was changed. Please try again in a moment.");
  }
}

/**
 * Gives `amountKobo` of a paid appointment back to whoever paid, the way they paid, inside the caller's transaction
 * (which holds the vendor's booking lock). Writes the refund record, the vendor's refund entry on the "pending"
 * account (so available money is never touched), the AutoCredit entry where it goes to AutoCredit, and marks the
 * appointment refunded once all of it is back. `toCredit` is the booker's choice of AutoCredit for their own online
 * payment; it is ignored when someone else paid (their money goes back to them).
 */
export async function refundPayment(
  tx: Tx,
  row: RefundableRow,
  amountKobo: number,
  now: Date,
  options: { toCredit?: boolean } = {},
): Promise<RefundOutcome | null> {
  if (row.payment_status !== "paid") return null;
  const left = onlineKobo(row) - (await alreadyRefunded(tx, row.id));
  const amount = Math.min(Math.max(0, Math.round(amountKobo)), left);
  if (amount <= 0) return null;
  const at = now.toISOString();

  const payment = await tx
    .selectFrom("payments")
    .select(["id", "provider", "reference", "source", "payer_name", "payer_email"])
    .where("appointment_id", "=", row.id)
    .where("status", "=", "succeeded")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const byFriend = payment?.source === "link";
  const online = payment !== undefined && payment.provider !== "credit" && !(options.toCredit && !byFriend);

  let method: "online" | "credit";
  let providerReference: string | null = null;
  if (online) {
    method = "online";
    providerReference = await refundOnline(payment.provider, payment.reference, amount);
  } else {
    // AutoCredit payments (and paid appointments with no payment record, e.g. sample data) go back to AutoCredit.
    method = "credit";
    await addCredit(tx, { userId: row.customer_id, amountKobo: amount, reason: `Refund: ${row.service_title} (${row.ref})`, appointmentId: row.id });
  }
  await tx
    .insertInto("refunds")
    .values({
      appointment_id: row.id,
      payment_id: payment?.id ?? null,
      amount_kobo: amount,
      method,
      provider: method === "credit" ? "credit" : payment!.provider,
      provider_reference: providerReference,
      payer_name: byFriend ? payment!.payer_name : null,
      payer_email: byFriend ? payment!.payer_email : row.customer_email,
      payer_user_id: byFriend ? null : row.customer_id,
      created_at: at,
    })
    .execute();
  await addLedgerEntries(tx, [
    {
      vendorId: row.vendor_id,
      kind: "refund",
      amountKobo: -vendorShareOfRefund(onlineKobo(row), amount),
      title: `Refund: ${row.service_title}`,
      groupName: row.group_name,
      appointmentId: row.id,
      account: "pending",
      at,
    },
  ]);
  if (amount === left) await tx.updateTable("appointments").set({ payment_status: "refunded", updated_at: at }).where("id", "=", row.id).execute();

  const view: RefundView = {
    amountKobo: amount,
    method,
    payerName: byFriend ? payment!.payer_name : null,
    byFriend,
    testMode: method === "online" && payment!.provider === "test",
  };
  const mails: Mail[] = [];
  if (byFriend && payment!.payer_email) mails.push(friendRefundMail(row, payment!.payer_email, payment!.payer_name, amount, view.testMode));
  return { amountKobo: amount, summary: refundSentence(view), mails };
}

export interface RefundView {
  amountKobo: number;
  method: "online" | "credit";
  /** The name a friend gave when paying by link; null when the booker paid. */
  payerName: string | null;
  byFriend: boolean;
  testMode: boolean;
}

/** Who got how much back, and how, as the booker reads it. */
export function refundSentence(r: RefundView): string {
  const amount = formatNaira(r.amountKobo);
  if (r.byFriend)
    return `${amount} was refunded to ${r.payerName ?? "the person who paid"} (who paid through your payment link), back to the card or account they paid with.`;
  if (r.method === "credit") return `${amount} was refunded to your AutoCredit, ready to spend on any booking.`;
  return `${amount} was refunded to the card or account you paid with${r.testMode ? " (test mode: no real money moves)" : ""}. Banks usually show it within a few working days.`;
}

function friendRefundMail(row: RefundableRow, to: string, name: string | null, amountKobo: number, testMode: boolean): Mail {
  return {
    to,
    subject: `Refund: ${formatNaira(amountKobo)} for ${row.service_title} at ${row.business_name}`,
    text: [
      `Hi ${name ?? "there"},`,
      "",
      `You paid for ${row.customer_first_name}'s booking of ${row.service_title} at ${row.business_name} on ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)}.`,
      `The booking did not go ahead, so ${formatNaira(amountKobo)} is on its way back to the card or account you paid with${testMode ? " (test mode: no real money moves)" : ""}.`,
      "Banks usually show a refund within a few working days.",
      "",
      `Booking reference: ${row.ref}`,
      "",
      "Glow",
    ].join("\n"),
  };
}

/** The refunds of one appointment, oldest first, as its booker's page shows them. */
export async function refundsOf(appointmentId: number): Promise<(RefundView & { createdAt: string })[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("refunds as r")
    .leftJoin("payments as p", "p.id", "r.payment_id")
    .select(["r.amount_kobo", "r.method", "r.provider", "r.payer_name", "r.payer_user_id", "r.created_at", "p.source"])
    .where("r.appointment_id", "=", appointmentId)
    .orderBy("r.id")
    .execute();
  return rows.map((r) => ({
    amountKobo: r.amount_kobo,
    method: r.method,
    payerName: r.payer_name,
    byFriend: r.payer_user_id === null && r.source === "link",
    testMode: r.method === "online" && r.provider === "test",
    createdAt: r.created_at,
  }));
}

/** The refunds made of one payment (for the test-mode provider's checkout page). */
export async function refundsOfPayment(reference: string) {
  const db = await getDb();
  return db
    .selectFrom("refunds as r")
    .innerJoin("payments as p", "p.id", "r.payment_id")
    .select(["r.amount_kobo", "r.created_at", "r.provider_reference"])
    .where("p.reference", "=", reference)
    .where("r.method", "=", "online")
    .orderBy("r.id")
    .execute();
}
