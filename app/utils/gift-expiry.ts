import { addDaysToDay, lagosInstant, lagosToday, type Instant } from "./time";

// When a gift expires (docs/domain.md, "Gifts and offers"): a pure rule the seed needs as much as the domain.

/** The day `months` calendar months after `day` ("yyyy-MM-dd"), clamped to the month's last day (Nov 30 + 3 = Feb 28). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${target.getUTCFullYear()}-${pad(target.getUTCMonth() + 1)}-${pad(Math.min(d, last))}`;
}

/** The last instant of a gift paid at `paidAt` and valid `months` months: the end of that day, Lagos time. */
export function giftExpiry(paidAt: Instant, months: number): string {
  const lastDay = addMonthsToDay(lagosToday(paidAt), months);
  return new Date(Date.parse(lagosInstant(addDaysToDay(lastDay, 1), 0)) - 1).toISOString();
}

/** A booking cancelled within its policy gives a gift back with this many days of grace if it expired meanwhile. */
export const GIFT_GRACE_DAYS = 14;

export function isExpired(expiresAt: string | null, now: Instant = Date.now()): boolean {
  return expiresAt !== null && new Date(now).getTime() > Date.parse(expiresAt);
}

/**
 * The expiry of a gift given back by a cancellation after it expired: the end of the Lagos day GIFT_GRACE_DAYS
 * from `now`, or its own expiry when that is later.
 */
export function graceExpiry(expiresAt: string, now: Instant = Date.now()): string {
  const grace = new Date(Date.parse(lagosInstant(addDaysToDay(lagosToday(now), GIFT_GRACE_DAYS + 1), 0)) - 1).toISOString();
  return grace > expiresAt ? grace : expiresAt;
}
