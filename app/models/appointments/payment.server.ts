import { platformFeeKobo } from "~/utils/fees";
import type { PaymentMethod } from "~/db/schema";
import { onlineKobo } from "~/models/money/cancellation-policy";
import { addLedgerEntries } from "~/models/money/ledger.server";
import { DomainError } from "~/models/refusal";
import { answerDeadline, CHECKOUT_GRACE_MINUTES, MAX_HOLD_MINUTES, minutesAfter } from "./rules.server";
import type { AppointmentRow } from "./store.server";
import type { Tx } from "~/db/db.server";

// Paying for an appointment: what a booking becomes once paid, recording the payment with the vendor's earning and
// the platform fee, step 2's comment, and keeping a hold alive at the checkout. models/booking/payments.server.ts (online
// payments) and models/appointments/transitions.server.ts use them.

/** What a booking becomes once its payment is settled: confirmed at once when the vendor accepts automatically. */
export function bookedStatus(row: { auto_accept: number }): "requested" | "confirmed" {
  return row.auto_accept === 1 ? "confirmed" : "requested";
}

/** Marks an order paid and writes the vendor's earning and the platform fee. A held order becomes a request. */
export async function recordPayment(
  tx: Tx,
  row: AppointmentRow,
  payment: { method: PaymentMethod; paidByName?: string | null; amountKobo: number },
  now: Date,
): Promise<void> {
  // What was paid decides: less than the total is a "Pay to vendor" deposit, the rest due at the visit.
  const deposit = payment.amountKobo < row.total_kobo ? payment.amountKobo : 0;
  const result = await tx
    .updateTable("appointments")
    .set({
      payment_status: "paid",
      deposit_kobo: deposit,
      payment_method: payment.method,
      paid_at: now.toISOString(),
      paid_by_name: payment.paidByName ?? null,
      status: row.status === "held" ? bookedStatus(row) : row.status,
      ...(row.status === "held" ? { answer_by: bookedStatus(row) === "requested" ? answerDeadline(now, row.starts_at) : null } : {}),
      hold_expires_at: null,
      updated_at: now.toISOString(),
    })
    .where("id", "=", row.id)
    .where("payment_status", "=", "unpaid")
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError("conflict", "This order changed meanwhile. Please reload the page.");
  const paid = onlineKobo({ total_kobo: row.total_kobo, deposit_kobo: deposit });
  await addLedgerEntries(tx, earningEntries(row, now, "pending", { amountKobo: paid, feeKobo: platformFeeKobo(paid) }));
}

/**
 * The vendor's earning and the platform fee for `money` of `row` (all of it unless said). A deposit booking earns in
 * two parts, the deposit when paid and the rest at the visit; their fees add up to the fee on the whole total.
 */
export function earningEntries(
  row: AppointmentRow,
  now: Date,
  account: "pending" | "available" = "pending",
  money: { amountKobo: number; feeKobo: number } = { amountKobo: row.total_kobo, feeKobo: platformFeeKobo(row.total_kobo) },
) {
  const at = now.toISOString();
  return [
    {
      vendorId: row.vendor_id,
      kind: "earning" as const,
      amountKobo: money.amountKobo,
      title: row.service_title,
      groupName: row.group_name,
      appointmentId: row.id,
      account,
      at,
    },
    {
      vendorId: row.vendor_id,
      kind: "fee" as const,
      amountKobo: -money.feeKobo,
      title: `Platform fee: ${row.service_title}`,
      groupName: row.group_name,
      appointmentId: row.id,
      account,
      at,
    },
  ];
}

/** Saves the optional comment of step 2 on a held order (before an online payment starts). */
export async function saveComment(tx: Tx, id: number, comment: string | null): Promise<void> {
  await tx.updateTable("appointments").set({ comment }).where("id", "=", id).execute();
}

/** Keeps a hold alive while its payer is at the checkout, within MAX_HOLD_MINUTES of the booking. */
export async function extendHoldForCheckout(tx: Tx, row: AppointmentRow, now: Date): Promise<void> {
  if (row.status !== "held" || !row.hold_expires_at) return;
  const wanted = minutesAfter(now, CHECKOUT_GRACE_MINUTES);
  const cap = minutesAfter(row.created_at, MAX_HOLD_MINUTES);
  const next = [wanted, cap].sort()[0]!;
  if (next > row.hold_expires_at) await tx.updateTable("appointments").set({ hold_expires_at: next }).where("id", "=", row.id).execute();
}
