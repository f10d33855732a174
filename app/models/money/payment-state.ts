// How a booking's money reads on the salon's calendar and in its exports (docs/domain.md, "The calendar").

export type CalendarPayment = "paid" | "deposit" | "unpaid" | "refunded";

/** How a booking's money reads on the calendar: paid online in full, a deposit paid, nothing yet, or given back. */
export function paymentState(row: { payment_status: string; deposit_kobo: number }): CalendarPayment {
  if (row.payment_status === "refunded") return "refunded";
  if (row.payment_status === "paid") return row.deposit_kobo > 0 ? "deposit" : "paid";
  return "unpaid";
}
