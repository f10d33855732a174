// How an appointment's payment reads, on the customer's and the vendor's pages: one module, so both sides say it in
// the same words where they should and differ only where they stand in a different place.

import type { AppointmentStatus, PaymentMethod, PaymentStatus } from "~/db/schema";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";
import { atVisitKobo, onlineKobo, type MoneySplit } from "~/models/money/cancellation-policy";

/**
 * How an appointment's payment reads. Paid: how it was paid, in the same words for both sides. Otherwise each side
 * reads it from where they stand: the customer learns whether they still owe it, the vendor that the money went back
 * (to whoever paid, the way it came: models/money/refunds.server.ts).
 */
export function paymentLabel(
  a: { payment_status: PaymentStatus; payment_method: PaymentMethod | null; status: AppointmentStatus } & MoneySplit,
  viewer: "customer" | "vendor",
): string {
  // A deposit paid online, the rest still due at a visit not yet completed.
  if (a.payment_status === "paid" && atVisitKobo(a) > 0 && a.status !== "completed") {
    const deposit = `Deposit paid ${formatNaira(onlineKobo(a))}`;
    return viewer === "vendor" ? `${deposit}, ${formatNaira(atVisitKobo(a))} to collect at the visit` : deposit;
  }
  if (a.payment_status === "paid") return a.payment_method ? PAID_LABEL[a.payment_method] : "Paid";
  if (a.payment_status === "refunded") return viewer === "vendor" ? "Refunded to the payer" : "Refunded";
  if (viewer === "vendor" || a.payment_method === "vendor") return "Pay at the appointment";
  return "Not paid yet";
}

const PAID_LABEL: Record<PaymentMethod, string> = {
  online: "Paid online",
  credit: "Paid with AutoCredit",
  vendor: "Paid at the appointment",
  gift: "Paid with a gift card",
};

/**
 * The customer's whole Payment line: how it was paid (and by whom, when a friend used their payment link), on which
 * day, and what a deposit left to pay at a visit not yet completed.
 */
export function customerPaymentLine(a: Parameters<typeof paymentLabel>[0] & { paid_by_name: string | null; paid_at: string | null }): string {
  const by = a.paid_by_name ? ` by ${a.paid_by_name} through your payment link` : "";
  if (a.payment_status === "refunded" && a.paid_by_name) return `Paid${by}, then refunded`;
  let line = `${paymentLabel(a, "customer")}${by}`;
  if (a.payment_status !== "paid") return line;
  if (a.paid_at) line += ` on ${formatDate(a.paid_at)}`;
  if (atVisitKobo(a) > 0 && a.status !== "completed") line += `; ${formatNaira(atVisitKobo(a))} to pay at the visit`;
  return line;
}
