import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { getDb, type Tx } from "~/db/db.server";
import type { Database, PaymentAttemptStatus } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import { isPayable, notPayableMessage } from "~/models/appointments/rules.server";
import { DomainError } from "~/models/refusal";
import { bookedMails, customerMail } from "~/models/appointments/notices.server";
import { extendHoldForCheckout, recordPayment, saveComment } from "~/models/appointments/payment.server";
import { findScoped, rowById, type AppointmentRow } from "~/models/appointments/store.server";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { atVisitKobo, depositKobo, onlineKobo } from "~/models/money/cancellation-policy";
import { addCredit, creditBalance } from "~/models/money/auto-credit.server";
import { sendRefund } from "~/models/money/refunds.server";
import { scheduleJob } from "~/models/jobs/queue.server";
import { PAYMENT_CHECKS, PAYMENT_VERIFY } from "./payment-checks";
import { deliverMail, queueMails, type Mail } from "~/models/messaging/mail.server";
import { createPaystack, type VerifiedCharge } from "~/models/money/paystack.server";
import { assertMayPayLater } from "~/models/client-rules/client-rules.server";

// Payments: online through one of two providers, AutoCredit, or in person.
// - The built-in test-mode provider (default) has its own checkout page (/checkout/{reference}) that says plainly
//   that it is TEST MODE, with a success and a failure button.
// - Paystack, when PAYSTACK_SECRET_KEY is set: initialize -> redirect -> verify on return, plus signed webhooks.
// Whatever the path (the return page, a webhook, the reconciliation job, "I paid" and the operator's "verify now"),
// `settlePayment` applies a provider's verdict, once: the amount and currency must match what we asked for (else an
// operator's item), and a payment that arrives after its order was paid or closed (two friends paying one link, a
// late transfer) is refunded through the provider to whoever paid it, never kept and never credited to anyone.

interface Provider {
  name: "test" | "paystack";
  initialize(args: { reference: string; amountKobo: number; email: string; callbackUrl: string }): Promise<{ redirectUrl: string }>;
  verify(reference: string): Promise<VerifiedCharge>;
}

const testProvider: Provider = {
  name: "test",
  async initialize({ reference }) {
    return { redirectUrl: `/checkout/${reference}` };
  },
  // The test checkout settles its payments itself; verifying reads back what it recorded.
  async verify(reference) {
    const db = await getDb();
    const payment = await db.selectFrom("payments").select(["status", "amount_kobo"]).where("reference", "=", reference).executeTakeFirstOrThrow();
    const status = payment.status === "succeeded" ? "success" : payment.status === "failed" ? "failed" : "pending";
    return { status, amountKobo: payment.amount_kobo, currency: "NGN" };
  },
};

/**
 * Paystack tells us only of successes: a payment still pending is verified with it at each of PAYMENT_CHECKS
 * (docs/domain.md "Money"), by the job `kind` (an appointment's payment or a gift's), in the caller's transaction.
 */
export async function schedulePaymentChecks(tx: Tx, kind: string, reference: string, now: Date): Promise<void> {
  for (const check of PAYMENT_CHECKS)
    await scheduleJob(tx, { kind, key: `${reference}:${check.name}`, runAt: new Date(now.getTime() + check.after), payload: { reference } }, now);
}

export function paymentProvider(): Provider {
  const env = getEnv();
  return env.PAYSTACK_SECRET_KEY ? createPaystack({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_API_URL }) : testProvider;
}

export const isTestMode = () => paymentProvider().name === "test";

/** References go to Paystack, which accepts letters, digits, "-", "." and "=". */
const newReference = () => `glw-${crypto.randomBytes(12).toString("hex")}`;
export const PAYMENT_REFERENCE = /^glw-[0-9a-f]{24}$/;

/**
 * How much a payment of `row` charges. The customer at step 2 pays in full or, choosing "Pay to vendor" from a vendor
 * who asks for one, the deposit (the choice is kept on the order, so its payment link asks for the same); anyone
 * else pays what the order asks (`deposit` undefined). Called under the booking lock.
 */
async function chargeFor(tx: Transaction<Database>, row: AppointmentRow, deposit: boolean | undefined): Promise<number> {
  if (deposit === undefined) return onlineKobo(row);
  const amount = deposit ? depositKobo(row.total_kobo, row.deposit_percent) : row.total_kobo;
  if (deposit && (amount === 0 || row.status !== "held"))
    throw new DomainError("invalid", `${row.business_name} does not ask for a deposit for this booking. Please choose another way to pay.`);
  // A deposit is "Pay to vendor" for the rest: not for a client the salon's no-show rule asks to pay in full.
  if (deposit) await assertMayPayLater(tx, row.vendor_id, row.customer_id, new Date());
  if (row.status === "held")
    await tx
      .updateTable("appointments")
      .set({ deposit_kobo: deposit ? amount : 0 })
      .where("id", "=", row.id)
      .execute();
  return amount;
}

/**
 * Starts an online payment of an order: by its customer at step 2 ("checkout") or by anyone holding its
 * shareable link ("link"). Returns where to send the payer. Nothing is charged here.
 */
export async function startOnlinePayment(
  args: { appointmentId: number; source: "checkout" | "link"; payerName: string | null; payerEmail: string; comment?: string | null; deposit?: boolean },
  now: Date = new Date(),
): Promise<{ redirectUrl: string; reference: string }> {
  const db = await getDb();
  const found = await rowById(db, args.appointmentId);
  const provider = paymentProvider();
  const reference = newReference();
  const amountKobo = await withBookingLock({ vendorId: found.vendor_id }, async (tx) => {
    const row = await rowById(tx, found.id);
    if (!isPayable(row, now)) throw new DomainError("invalid", notPayableMessage(row, now));
    const amount = await chargeFor(tx, row, args.source === "checkout" ? args.deposit === true : undefined);
    await extendHoldForCheckout(tx, row, now);
    if (args.comment !== undefined && row.status === "held") await saveComment(tx, row.id, args.comment);
    await tx
      .insertInto("payments")
      .values({
        appointment_id: row.id,
        provider: provider.name,
        reference,
        amount_kobo: amount,
        status: "pending",
        payer_name: args.payerName,
        payer_email: args.payerEmail,
        source: args.source,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await schedulePaymentChecks(tx, PAYMENT_VERIFY, reference, now);
    return amount;
  });
  try {
    const { redirectUrl } = await provider.initialize({
      reference,
      amountKobo,
      email: args.payerEmail,
      callbackUrl: `${getEnv().APP_URL}/payment/return?reference=${reference}`,
    });
    return { redirectUrl, reference };
  } catch (error) {
    log.error("payment initialize failed", { reference, error: error instanceof Error ? error : String(error) });
    await db.updateTable("payments").set({ status: "failed", updated_at: new Date().toISOString() }).where("reference", "=", reference).execute();
    throw new DomainError("unavailable", "We couldn't reach the payment service. No money was taken; please try again in a moment.");
  }
}

export interface Settlement {
  /** paid: the order is paid now; refunded: money arrived for an order already paid or closed and went back to its
   *  payer; mismatch: an amount or currency other than asked, not applied; failed/refused: no money moved;
   *  unchanged: already settled (a repeat), or still pending. */
  outcome: "paid" | "refunded" | "mismatch" | "failed" | "refused" | "unchanged";
  message?: string;
}

/** A provider's verdict on one payment. */
type Verdict = VerifiedCharge & { reference: string; refuseIfClosed?: boolean };

/**
 * The one function that fulfils a payment: applies a provider's verdict exactly once however often and however it
 * arrives (return page, webhook retries, the reconciliation job, all at once). `refuseIfClosed` is for the test
 * checkout, which can still decline to take money for an order that closed meanwhile.
 */
export async function settlePayment(args: Verdict, now: Date = new Date()): Promise<Settlement | null> {
  const db = await getDb();
  const found = await db
    .selectFrom("payments as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .select(["p.id", "a.vendor_id", "a.customer_id"])
    .where("p.reference", "=", args.reference)
    .executeTakeFirst();
  if (!found) return null;

  const { result, queued } = await withBookingLock({ vendorId: found.vendor_id, customerId: found.customer_id }, async (tx) => {
    const mails: Mail[] = [];
    const result = await applyVerdict(tx, found.id, args, now, mails);
    // The e-mails go into the outbox with the payment they tell of (see queueMails).
    return { result, queued: await queueMails(tx, mails) };
  });
  for (const mail of queued) await deliverMail(mail);
  return result;
}

/** settlePayment's work under the lock: applies the verdict to payment `paymentId`, adding the e-mails to `mails`. */
async function applyVerdict(tx: Transaction<Database>, paymentId: number, args: Verdict, now: Date, mails: Mail[]): Promise<Settlement> {
  const payment = await tx.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();
  const at = now.toISOString();
  if (payment.status !== "pending" && payment.status !== "abandoned") return { outcome: "unchanged" };
  if (args.status === "pending") {
    await tx.updateTable("payments").set({ checked_at: at }).where("id", "=", payment.id).execute();
    return { outcome: "unchanged" };
  }
  const setPayment = (status: PaymentAttemptStatus, more: { problem?: string; refund_reference?: string } = {}) =>
    tx
      .updateTable("payments")
      .set({ status, updated_at: at, checked_at: at, channel: args.channel ?? payment.channel, ...more })
      .where("id", "=", payment.id)
      .execute();

  if (args.status === "failed") {
    await setPayment("failed");
    return { outcome: "failed" };
  }
  if (args.amountKobo !== payment.amount_kobo || args.currency !== "NGN") {
    const currency = args.currency.slice(0, 3).replace(/[^A-Z]/g, "") || "an unknown currency";
    const paid = !Number.isFinite(args.amountKobo)
      ? "an unknown amount"
      : currency === "NGN"
        ? formatNaira(args.amountKobo)
        : `${currency} ${(args.amountKobo / 100).toFixed(2)}`;
    const problem = `Paid ${paid} where ${formatNaira(payment.amount_kobo)} was asked: not applied. Refund all of it to the payer from /admin/payouts, or ask them to pay again.`;
    log.warn("payment amount or currency mismatch", {
      reference: args.reference,
      expected: payment.amount_kobo,
      got: args.amountKobo,
      currency: args.currency,
    });
    await setPayment("mismatch", { problem });
    return { outcome: "mismatch", message: "The amount paid did not match the order, so it was not applied. Please contact support." };
  }
  const row = await rowById(tx, payment.appointment_id);
  if (isPayable(row, now)) {
    await recordPayment(
      tx,
      row,
      { method: "online", paidByName: payment.source === "link" ? (payment.payer_name ?? "Someone") : null, amountKobo: payment.amount_kobo },
      now,
    );
    await setPayment("succeeded");
    const paid = await rowById(tx, row.id);
    if (row.status === "held") mails.push(...bookedMails(paid));
    if (payment.source === "link") mails.push(paidByLinkMail(paid, payment.payer_name));
    if (payment.payer_email)
      mails.push(receiptMail(paid, { to: payment.payer_email, name: payment.payer_name, reference: payment.reference, how: howPaid(payment.provider) }, now));
    return { outcome: "paid" };
  }
  if (args.refuseIfClosed) {
    await setPayment("failed");
    return { outcome: "refused", message: notPayableMessage(row, now) };
  }
  // The provider took money for an order already paid or closed: it goes back to whoever paid it, all of it. A
  // provider that cannot be reached throws here, the payment stays pending, and the next check refunds it.
  const refundReference = await sendRefund(payment.provider, payment.reference, payment.amount_kobo);
  await setPayment("refunded", { refund_reference: refundReference });
  const why = row.payment_status === "unpaid" ? notPayableMessage(row, now) : "Someone had already paid for this booking.";
  if (payment.payer_email) mails.push(lateRefundMail(row, payment, why));
  return {
    outcome: "refunded",
    message: `${why} Your payment of ${formatNaira(payment.amount_kobo)} is being refunded to the card or account you paid with.`,
  };
}

/** To whoever paid for an order already paid or closed (or of the wrong amount): their money is on its way back. */
export function lateRefundMail(
  row: AppointmentRow,
  payment: { payer_email: string | null; payer_name: string | null; amount_kobo: number; reference: string; provider: string },
  why: string,
): Mail {
  return {
    to: payment.payer_email!,
    subject: `Refund: ${formatNaira(payment.amount_kobo)} for ${row.service_title} at ${row.business_name}`,
    text: [
      `Hi ${payment.payer_name ?? row.customer_first_name},`,
      "",
      `Your payment of ${formatNaira(payment.amount_kobo)} for ${row.service_title} at ${row.business_name} arrived when the booking could no longer take it. ${why}`,
      `We have asked ${payment.provider === "paystack" ? "Paystack" : "the payment provider (test mode: no real money moved)"} to refund all of it to the card or account you paid with. Banks usually show a refund within a few working days.`,
      "",
      `Payment reference: ${payment.reference}`,
      `Booking reference: ${row.ref}`,
      "",
      "Glow",
    ].join("\n"),
  };
}

function howPaid(provider: string): string {
  if (provider === "credit") return "AutoCredit";
  return provider === "paystack" ? "Online (card or bank, through Paystack)" : "Online (test mode: no real money moved)";
}

/** The receipt whoever paid receives: what they paid for, to whom, when, how much and how. */
export function receiptMail(row: AppointmentRow, payer: { to: string; name: string | null; reference: string; how: string }, paidAt: Date): Mail {
  return {
    to: payer.to,
    subject: `Receipt: ${formatNaira(onlineKobo(row))} for ${row.service_title} at ${row.business_name}`,
    text: [
      `Hi ${payer.name ?? row.customer_first_name},`,
      "",
      "Thank you for your payment. This is your receipt.",
      "",
      `Payment reference: ${payer.reference}`,
      `Booking reference: ${row.ref}`,
      `Service: ${row.service_title}`,
      `Vendor: ${row.business_name}`,
      `Appointment: ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)}`,
      `Paid on: ${formatDate(paidAt)} at ${formatTime(paidAt)}`,
      `Amount: ${formatNaira(onlineKobo(row))}${atVisitKobo(row) > 0 ? ` (deposit; ${formatNaira(atVisitKobo(row))} to pay at the visit)` : ""}`,
      `Paid with: ${payer.how}`,
      "",
      "If the booking does not go ahead, the money goes back the way it came.",
      "",
      "Glow",
    ].join("\n"),
  };
}

function paidByLinkMail(row: AppointmentRow, payerName: string | null): Mail {
  const who = payerName ?? "Someone";
  return customerMail(row, `${who} paid for your booking`, [`${who} paid ${formatNaira(onlineKobo(row))} for your booking through your payment link.`]);
}

export function creditShortfall(balanceKobo: number, totalKobo: number, what: "total" | "deposit" = "total"): string | null {
  return balanceKobo >= totalKobo ? null : `Your AutoCredit balance (${formatNaira(balanceKobo)}) is less than the ${what} (${formatNaira(totalKobo)}).`;
}

/** Step 2 "Pay with AutoCredit": takes the total from the customer's balance and confirms the booking. */
export async function payWithCredit(
  customerId: number,
  ref: string,
  comment: string | null,
  now: Date = new Date(),
  options: { deposit?: boolean } = {},
): Promise<void> {
  const db = await getDb();
  const found = await findScoped(db, { customerId }, { ref });
  if (!found) throw new DomainError("not-found", "We couldn't find that order.");
  const mails = await withBookingLock({ vendorId: found.vendor_id, customerId }, async (tx) => {
    const row = await rowById(tx, found.id);
    if (!isPayable(row, now)) throw new DomainError("invalid", notPayableMessage(row, now));
    const amount = await chargeFor(tx, row, options.deposit === true);
    const shortfall = creditShortfall(await creditBalance(tx, customerId), amount, amount < row.total_kobo ? "deposit" : "total");
    if (shortfall) throw new DomainError("invalid", shortfall);
    if (row.status === "held") await saveComment(tx, row.id, comment);
    await addCredit(tx, { userId: customerId, amountKobo: -amount, reason: `Payment: ${row.service_title} (${row.ref})`, appointmentId: row.id });
    const reference = newReference();
    await tx
      .insertInto("payments")
      .values({
        appointment_id: row.id,
        provider: "credit",
        reference,
        amount_kobo: amount,
        status: "succeeded",
        payer_name: null,
        payer_email: null,
        source: "checkout",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await recordPayment(tx, row, { method: "credit", amountKobo: amount }, now);
    const paid = await rowById(tx, row.id);
    return queueMails(tx, [
      ...(row.status === "held" ? bookedMails(paid) : []),
      receiptMail(paid, { to: paid.customer_email, name: null, reference, how: howPaid("credit") }, now),
    ]);
  });
  for (const mail of mails) await deliverMail(mail);
}

/** A payment with what its checkout and return pages show. */
export async function getPayment(reference: string) {
  const db = await getDb();
  const payment = await db
    .selectFrom("payments as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .select(["p.reference", "p.status", "p.amount_kobo", "p.provider", "p.source", "a.id as appointment_id", "a.ref", "a.pay_token"])
    .where("p.reference", "=", reference)
    .executeTakeFirst();
  if (!payment) return undefined;
  return { ...payment, appointment: await rowById(db, payment.appointment_id) };
}

/** What the shareable link shows to anyone: no more of the customer than a first name. */
export async function getPayLink(token: string) {
  const db = await getDb();
  const row = await db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("vendors as v", "v.id", "a.vendor_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .select([
      "a.id",
      "a.status",
      "a.payment_status",
      "a.hold_expires_at",
      "a.starts_at",
      "a.total_kobo",
      "a.gift_kobo",
      "a.promo_kobo",
      "a.promo_code",
      "a.deposit_kobo",
      "a.paid_by_name",
      "a.paid_at",
      "s.id as service_id",
      "s.title as service_title",
      "s.image as service_image",
      "v.business_name",
      "v.area",
      "v.city",
      "c.first_name as customer_first_name",
    ])
    .where("a.pay_token", "=", token)
    .executeTakeFirst();
  if (!row) return undefined;
  const items = await db.selectFrom("appointment_items").select(["name", "price_kobo"]).where("appointment_id", "=", row.id).orderBy("id").execute();
  return { ...row, items };
}
