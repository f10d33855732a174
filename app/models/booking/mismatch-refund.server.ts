import { getDb } from "~/db/db.server";
import { rowById } from "~/models/appointments/store.server";
import { deliverMail, queueMails } from "~/models/messaging/mail.server";
import { createPaystack, PaystackError } from "~/models/money/paystack.server";
import { sendRefund } from "~/models/money/refunds.server";
import { DomainError } from "~/models/refusal";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { formatNaira } from "~/utils/money";
import { lateRefundMail } from "./payments.server";

// A payment of the wrong amount (docs/domain.md "Money"): settlePayment never applies it and lists it for the
// operator, who refunds it from /admin/payouts. All of what the payer paid goes back through the provider to the card
// or account it came from, once: the booking lock makes two operators clicking at once wait for each other, and the
// second finds it refunded. The money never reached the vendor's ledger, so the ledger is left as it is.

export interface MismatchRefund {
  /** Refunded by this call; false when an earlier call had already refunded it (nothing was done). */
  refunded: boolean;
  /** The provider's reference for the refund. */
  refundReference: string;
  amountKobo: number;
  vendorId: number;
  appointmentRef: string;
}

/** Refunds the payment `reference` of the wrong amount to its payer, who is e-mailed. */
export async function refundMismatchedPayment(reference: string, now = new Date()): Promise<MismatchRefund> {
  const db = await getDb();
  const found = await db
    .selectFrom("payments as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .select(["p.id", "a.id as appointment_id", "a.vendor_id", "a.customer_id"])
    .where("p.reference", "=", reference)
    .executeTakeFirst();
  if (!found) throw new DomainError("not-found", "There is no payment with that reference.");

  const { result, queued } = await withBookingLock({ vendorId: found.vendor_id, customerId: found.customer_id }, async (tx) => {
    const payment = await tx.selectFrom("payments").selectAll().where("id", "=", found.id).executeTakeFirstOrThrow();
    const row = await rowById(tx, found.appointment_id);
    const done = { vendorId: row.vendor_id, appointmentRef: row.ref };
    if (payment.status === "refunded" && payment.problem && payment.refund_reference)
      return { result: { refunded: false, refundReference: payment.refund_reference, amountKobo: payment.amount_kobo, ...done }, queued: [] };
    if (payment.status !== "mismatch") throw new DomainError("conflict", "Only a payment of the wrong amount can be refunded here; this one was not.");

    const paidKobo = await amountPaid(payment.provider, reference, payment.amount_kobo);
    let refundReference: string;
    try {
      // No amount: the provider gives back all of it, whatever was paid.
      refundReference = await sendRefund(payment.provider, reference);
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      log.warn("mismatch refund not sent", { reference, error: error.message });
      throw new DomainError("unavailable", "The payment service did not take the refund, so nothing changed. Please try again in a moment.");
    }
    const at = now.toISOString();
    await tx
      .updateTable("payments")
      .set({ status: "refunded", refund_reference: refundReference, updated_at: at })
      .where("id", "=", payment.id)
      .where("status", "=", "mismatch")
      .execute();
    log.info("mismatched payment refunded", { reference, refundReference, amountKobo: paidKobo });
    const why = `The amount paid (${formatNaira(paidKobo)}) was not what the booking asked (${formatNaira(payment.amount_kobo)}), so it was not applied.`;
    const mail = lateRefundMail(row, { ...payment, payer_email: payment.payer_email ?? row.customer_email, amount_kobo: paidKobo }, why);
    return { result: { refunded: true, refundReference, amountKobo: paidKobo, ...done }, queued: await queueMails(tx, [mail], now) };
  });
  for (const mail of queued) await deliverMail(mail);
  return result;
}

/** What the payer really paid, in kobo, as the provider says (the test provider keeps no amount but ours). */
async function amountPaid(provider: string, reference: string, askedKobo: number): Promise<number> {
  const env = getEnv();
  if (provider !== "paystack") return askedKobo;
  if (!env.PAYSTACK_SECRET_KEY)
    throw new DomainError("conflict", "This payment was made through Paystack, which is not configured now, so it cannot be refunded from Glow.");
  try {
    const record = await createPaystack({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_API_URL }).transactionDetails(reference);
    if (record.status !== "success") throw new DomainError("conflict", `Paystack says this payment is ${record.status}: there is nothing to refund.`);
    return record.currency === "NGN" && record.amountKobo !== null ? record.amountKobo : askedKobo;
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    log.warn("mismatch refund: payment not verified", { reference, error: error.message });
    throw new DomainError("unavailable", "The payment service could not be reached, so nothing changed. Please try again in a moment.");
  }
}
