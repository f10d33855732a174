import type { AppointmentStatus, CancellationPolicy, PaymentMethod } from "~/db/schema";
import { formatNaira } from "~/utils/money";
import { cancellationCharge, onlineKobo, policySentence } from "~/models/money/cancellation-policy";

// The rules of an appointment that need no database: the time limits of holds and answers, what a status really is
// now, what a cancellation keeps and returns, and whether an order may still be paid. The transitions that apply
// them are models/appointments/transitions.server.ts; they refuse with the domain's one error (models/refusal.ts).

/** How long step 1 holds a slot while the customer chooses how to pay. */
export const HOLD_MINUTES = 30;
/**
 * Starting an online payment keeps the hold for at least this long, so a payer is not cut off at the checkout: a
 * bank transfer's account number lives 30 minutes at Paystack, plus slack (docs/domain.md "Money")...
 */
export const CHECKOUT_GRACE_MINUTES = 35;
/** ...but a hold never outlives this, counted from the booking: a payer sent at the hold's last minute still gets 35. */
export const MAX_HOLD_MINUTES = HOLD_MINUTES + CHECKOUT_GRACE_MINUTES;
/** Unpaid appointments one customer may have open at once (running holds and unpaid "Pay to vendor" requests
 * together), so nobody can hold a vendor's whole day without paying. */
export const MAX_LIVE_HOLDS = 3;
/** A visit nobody marked is completed automatically this long after its end. */
export const AUTO_COMPLETE_AFTER_HOURS = 48;
/** A vendor answers a request within this long of its making... */
export const ANSWER_WITHIN_HOURS = 24;
/** ...and never later than this long before its start, so the customer still has time to go elsewhere. */
export const ANSWER_BEFORE_START_HOURS = 2;

export const HOUR_MS = 3_600_000;

/**
 * The end of a visit's reporting window: until then its booker may report a problem (or dispute a no-show) and its
 * money stays pending, whatever its vendor marked; then a visit nobody marked is completed automatically and what the
 * vendor earned becomes available (docs/domain.md, "Money").
 */
export function reportDeadline(endsAt: string): string {
  return new Date(new Date(endsAt).getTime() + AUTO_COMPLETE_AFTER_HOURS * HOUR_MS).toISOString();
}

/** Whether the money of a visit ending at `endsAt` may leave "pending" at `now`. */
export function reportWindowOver(endsAt: string, now: Date): boolean {
  return now.toISOString() >= reportDeadline(endsAt);
}

/**
 * When the vendor must have answered a request made (or moved) at `requestedAt` for a visit at `startsAt`:
 * ANSWER_WITHIN_HOURS after the request, but no later than ANSWER_BEFORE_START_HOURS before the start. A request
 * made closer to its start than that has until the start itself, so a short-notice booking is not expired at once.
 */
export function answerDeadline(requestedAt: Date | string, startsAt: Date | string): string {
  const made = new Date(requestedAt).getTime();
  const start = new Date(startsAt).getTime();
  const deadline = Math.min(made + ANSWER_WITHIN_HOURS * HOUR_MS, start - ANSWER_BEFORE_START_HOURS * HOUR_MS);
  return new Date(deadline > made ? deadline : start).toISOString();
}

export const minutesAfter = (instant: Date | string, minutes: number) => new Date(new Date(instant).getTime() + minutes * 60_000).toISOString();

/** A held order whose hold has run out is expired everywhere, even before a writer records it. */
export function effectiveStatus(a: { status: AppointmentStatus; hold_expires_at: string | null }, now: Date = new Date()): AppointmentStatus {
  return a.status === "held" && (a.hold_expires_at ?? "") <= now.toISOString() ? "expired" : a.status;
}

/**
 * Whether a customer who cancels a paid booking gets back what the vendor's cancellation policy returns (else
 * nothing): the flag of the service's category, `categories.refundable` (0/1, migration 0017), which the appointment's
 * row carries. The catalogue marks spa services non-refundable (app/data/catalogue.ts, nonRefundableGroups).
 */
export function refundableOnCustomerCancel(a: { refundable: number }): boolean {
  return a.refundable === 1;
}

/**
 * What the vendor keeps if the customer cancels at `now` (or does not come): the vendor's cancellation policy
 * (app/models/money/cancellation-policy.ts), except that a non-refundable service keeps everything paid.
 */
export function keptOnCancel(
  a: {
    payment_status: string;
    total_kobo: number;
    deposit_kobo: number;
    refundable: number;
    cancellation_policy: CancellationPolicy;
    deposit_percent: number;
    starts_at: string;
  },
  now: Date,
): number {
  if (a.payment_status !== "paid") return 0;
  const paid = onlineKobo(a);
  if (!refundableOnCustomerCancel(a)) return paid;
  return cancellationCharge(
    a.cancellation_policy,
    { paidKobo: paid, totalKobo: a.total_kobo, depositPercent: a.deposit_percent, depositKobo: a.deposit_kobo, startsAt: a.starts_at },
    now,
  );
}

/**
 * What the vendor keeps of what gifts cover when the customer cancels at `now` (or does not come): the same policy
 * as for money paid, read as if the gifts' part were a booking paid in full (docs/decisions/034-gift-redemption.md).
 * A booking whose named member the salon replaced keeps nothing, as for money paid.
 */
export function giftKeptOnCancel(
  a: {
    gift_kobo: number;
    refundable: number;
    cancellation_policy: CancellationPolicy;
    deposit_percent: number;
    starts_at: string;
    member_changed_at: string | null;
  },
  now: Date,
): number {
  if (a.gift_kobo <= 0 || a.member_changed_at) return 0;
  if (!refundableOnCustomerCancel(a)) return a.gift_kobo;
  return cancellationCharge(
    a.cancellation_policy,
    { paidKobo: a.gift_kobo, totalKobo: a.gift_kobo, depositPercent: a.deposit_percent, startsAt: a.starts_at },
    now,
  );
}

/**
 * Whether a customer's cancellation at `now` gives a promo code's use back: the salon's policy, read as if the
 * booking were paid in full, keeps nothing of it (docs/decisions/036-promo-codes.md). A late one keeps the use.
 */
export function promoBackOnCancel(a: Parameters<typeof giftKeptOnCancel>[0] & { promo_kobo: number; total_kobo: number }, now: Date): boolean {
  const whole = a.total_kobo + a.gift_kobo + a.promo_kobo;
  return whole <= 0 || giftKeptOnCancel({ ...a, gift_kobo: whole }, now) === 0;
}

/** The policy and its exact amounts, shown before a customer confirms a cancellation, with what gifts cover. */
export function cancellationPolicy(a: Parameters<typeof moneyPolicy>[0] & { gift_kobo?: number }, now: Date = new Date()): string {
  const gift = a.gift_kobo ?? 0;
  if (gift <= 0) return moneyPolicy(a, now);
  const kept = giftKeptOnCancel({ ...a, gift_kobo: gift, member_changed_at: a.member_changed_at ?? null }, now);
  const giftText =
    kept === 0
      ? `The ${formatNaira(gift)} your gift card covers goes back onto it.`
      : kept === gift
        ? `If you cancel now, ${a.business_name} keeps the ${formatNaira(gift)} your gift card covers.`
        : `If you cancel now, ${a.business_name} keeps ${formatNaira(kept)} of the ${formatNaira(gift)} your gift card covers; ${formatNaira(gift - kept)} goes back onto it.`;
  // Nothing paid but by the gift: the money sentence would only say there is nothing to refund.
  if (a.payment_status !== "paid" || onlineKobo(a) === 0) return `${policySentence(a.cancellation_policy, a.deposit_percent)} ${giftText}`;
  return `${moneyPolicy(a, now)} ${giftText}`;
}

function moneyPolicy(
  a: {
    payment_status: string;
    payment_method: PaymentMethod | null;
    paid_by_name: string | null;
    total_kobo: number;
    deposit_kobo: number;
    group_name: string;
    refundable: number;
    cancellation_policy: CancellationPolicy;
    deposit_percent: number;
    starts_at: string;
    business_name: string;
    member_changed_at?: string | null;
  },
  now: Date = new Date(),
): string {
  const rule = policySentence(a.cancellation_policy, a.deposit_percent);
  if (a.payment_status !== "paid") return `${rule} Nothing has been paid for this booking, so there is nothing to refund.`;
  if (a.member_changed_at)
    return `${a.business_name} changed the stylist you chose, so if you cancel, everything you paid (${formatNaira(onlineKobo(a))}) goes back.`;
  if (!refundableOnCustomerCancel(a)) return `${a.group_name} services are non-refundable: the amount paid is not returned when you cancel.`;
  const kept = keptOnCancel(a, now);
  const back = onlineKobo(a) - kept;
  const keptText = kept > 0 ? ` If you cancel now, ${a.business_name} keeps ${formatNaira(kept)}.` : "";
  if (back === 0) return `${rule}${keptText} Nothing is refunded.`;
  const amount = formatNaira(back);
  if (a.payment_method === "credit") return `${rule}${keptText} ${amount} returns to your AutoCredit at once, to spend on any booking.`;
  if (a.paid_by_name) return `${rule}${keptText} ${amount} goes back to ${a.paid_by_name}, to the card or account they paid with.`;
  return `${rule}${keptText} ${amount} goes back to the card or account you paid with, or, if you choose, to your AutoCredit at once.`;
}

/** Whether the booker may choose AutoCredit for a refund: they paid online themselves. */
export function mayRefundToCredit(a: { payment_status: string; payment_method: PaymentMethod | null; paid_by_name: string | null }): boolean {
  return a.payment_status === "paid" && a.payment_method === "online" && !a.paid_by_name;
}

/** Why an order cannot be paid or confirmed any more, in words for the person trying. */
export function notPayableMessage(row: { status: AppointmentStatus; hold_expires_at: string | null; payment_status: string }, now: Date = new Date()): string {
  if (row.payment_status === "paid") return "This order has already been paid. Thank you!";
  switch (effectiveStatus(row, now)) {
    case "expired":
      return `We held this time for ${HOLD_MINUTES} minutes and the hold has expired, so it can no longer be paid. Please book again.`;
    case "cancelled":
    case "declined":
      return "This order was cancelled, so it can no longer be paid.";
    case "completed":
    case "no_show":
      return "This appointment is over, so it can no longer be paid.";
    default:
      return "This order can no longer be paid.";
  }
}

/** Whether an order takes money now: unpaid, and held (hold running), requested or confirmed. */
export function isPayable(row: { status: AppointmentStatus; hold_expires_at: string | null; payment_status: string }, now: Date = new Date()): boolean {
  const status = effectiveStatus(row, now);
  return row.payment_status === "unpaid" && (status === "held" || status === "requested" || status === "confirmed");
}
