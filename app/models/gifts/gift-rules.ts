import type { Instant } from "~/utils/time";
export { addMonthsToDay, giftExpiry, GIFT_GRACE_DAYS, graceExpiry, isExpired } from "~/utils/gift-expiry";

// The rules of gifts that need no database (docs/domain.md, "Gifts and offers"): their bounds, their validity and
// the end of their last day in Lagos, and the window in which an unused one can be refunded.

/** The smallest and largest gift a vendor may offer or a buyer choose: ₦1,000 and ₦500,000. */
export const GIFT_MIN_KOBO = 100_000;
export const GIFT_MAX_KOBO = 50_000_000;
/** How many fixed amounts a vendor may offer. */
export const GIFT_AMOUNTS_MAX = 6;
/** A gift sold is valid this many months unless its vendor chose longer. */
export const GIFT_VALIDITY_DEFAULT_MONTHS = 3;
export const GIFT_VALIDITY_MAX_MONTHS = 24;
/** An unused gift can be refunded to whoever paid for it within this many days of its purchase. */
export const GIFT_REFUND_DAYS = 14;

/** Whether a gift bought at `paidAt` may still be refunded at `now`. */
export function withinRefundWindow(paidAt: string, now: Instant = Date.now()): boolean {
  return new Date(now).getTime() - Date.parse(paidAt) <= GIFT_REFUND_DAYS * 24 * 60 * 60 * 1000;
}

/** The refusal of an amount out of bounds, or null. */
export function giftAmountProblem(kobo: number): string | null {
  if (!Number.isSafeInteger(kobo) || kobo < GIFT_MIN_KOBO || kobo > GIFT_MAX_KOBO) return "A gift card is between ₦1,000 and ₦500,000, in whole naira.";
  if (kobo % 100 !== 0) return "A gift card is between ₦1,000 and ₦500,000, in whole naira.";
  return null;
}

/** Unused since its sale: active, its only move the sale, its whole amount still on it. */
export function isUnused(gift: { status: string; amountKobo: number; balanceKobo: number; moves: number }): boolean {
  return gift.status === "active" && gift.moves === 1 && gift.balanceKobo === gift.amountKobo;
}
