import type { CancellationPolicy } from "~/db/schema";
export type { CancellationPolicy };

// A vendor's cancellation policy as one pure rule (see docs/domain.md, "The vendor's time"). "Late" means less
// than LATE_HOURS before the start; a no-show is as late as it gets (now at or after the start).
//
//   flexible  free until 24 h before; later, the deposit (if the vendor asks for one) is kept
//   moderate  free until 24 h before; later, half of what was paid is kept (at least the deposit)
//   strict    the deposit is kept whenever the customer cancels; later than 24 h before, everything paid is kept
//
// The deposit is the vendor's deposit percentage of the booking's total (or the deposit a "Pay to vendor" booking
// paid online), and never more than what was paid.

export const LATE_HOURS = 24;
export const MODERATE_KEPT_PERCENT = 50;

export const POLICY_SUMMARY: Record<CancellationPolicy, { name: string; text: string }> = {
  flexible: { name: "Flexible", text: `free cancellation until ${LATE_HOURS} h before; later, the deposit is kept` },
  moderate: { name: "Moderate", text: `free cancellation until ${LATE_HOURS} h before; later, ${MODERATE_KEPT_PERCENT} % of what was paid is kept` },
  strict: { name: "Strict", text: `the deposit is kept whenever you cancel; within ${LATE_HOURS} h of the visit, everything paid is kept` },
};

/**
 * The policy as a customer reads it, for this vendor's deposit: a deposit is spoken of only when the vendor asks
 * for one (with none, a Flexible policy keeps nothing and a Strict one keeps nothing until the last 24 h).
 * "20 %" keeps its number and sign on one line.
 */
export function policySentence(policy: CancellationPolicy, depositPercent: number): string {
  const deposit = depositPercent > 0 ? `the ${depositPercent}\u00a0% deposit` : null;
  const text: Record<CancellationPolicy, string> = {
    flexible: deposit ? `free cancellation until ${LATE_HOURS} h before; later, ${deposit} is kept` : "free cancellation until the visit",
    moderate: `free cancellation until ${LATE_HOURS} h before; later, ${MODERATE_KEPT_PERCENT}\u00a0% of what was paid is kept`,
    strict: deposit
      ? `${deposit} is kept whenever you cancel; within ${LATE_HOURS} h of the visit, everything paid is kept`
      : `free cancellation until ${LATE_HOURS} h before; within ${LATE_HOURS} h of the visit, everything paid is kept`,
  };
  return `${POLICY_SUMMARY[policy].name}: ${text[policy]}.`;
}

/** Every policy a vendor may choose, mildest first: the keys of POLICY_SUMMARY, so the two cannot differ. */
export const CANCELLATION_POLICIES = Object.keys(POLICY_SUMMARY) as [CancellationPolicy, ...CancellationPolicy[]];

/** The deposit of a booking: `percent` of its total in whole kobo (rounded up, so 1 % of ₦1 is not free). */
export function depositKobo(totalKobo: number, percent: number): number {
  if (!Number.isInteger(totalKobo) || totalKobo <= 0 || !Number.isInteger(percent) || percent <= 0) return 0;
  return Math.ceil((totalKobo * Math.min(percent, 100)) / 100);
}

/** A booking's money split: paid online through us, and (for a "Pay to vendor" booking) paid at the visit. */
export interface MoneySplit {
  total_kobo: number;
  /** The deposit paid online of a "Pay to vendor" booking; 0 when none. */
  deposit_kobo: number;
}

/** What is paid online for a booking: its deposit when it has one, else its total. */
export function onlineKobo(a: MoneySplit): number {
  return a.deposit_kobo > 0 ? Math.min(a.deposit_kobo, a.total_kobo) : a.total_kobo;
}

/** What is left to pay at the visit after the deposit: total minus deposit, or 0 without a deposit. */
export function atVisitKobo(a: MoneySplit): number {
  return a.deposit_kobo > 0 ? a.total_kobo - onlineKobo(a) : 0;
}

/**
 * What the vendor keeps of `paidKobo` when the customer cancels at `now` (or does not come), under `policy`.
 * Always a whole number of kobo between 0 and `paidKobo`; the rest goes back to whoever paid.
 */
export function cancellationCharge(
  policy: CancellationPolicy,
  booking: { paidKobo: number; totalKobo: number; depositPercent: number; startsAt: string; depositKobo?: number },
  now: Date,
): number {
  const paid = Math.max(0, Math.trunc(booking.paidKobo));
  if (paid === 0) return 0;
  // A booking that paid a deposit keeps the deposit it paid, whatever the vendor's percentage says today.
  const asked = booking.depositKobo && booking.depositKobo > 0 ? booking.depositKobo : depositKobo(booking.totalKobo, booking.depositPercent);
  const deposit = Math.min(paid, asked);
  const late = new Date(booking.startsAt).getTime() - now.getTime() < LATE_HOURS * 3_600_000;
  switch (policy) {
    case "flexible":
      return late ? deposit : 0;
    case "moderate":
      return late ? Math.max(deposit, Math.floor((paid * MODERATE_KEPT_PERCENT) / 100)) : 0;
    case "strict":
      return late ? paid : deposit;
  }
}
