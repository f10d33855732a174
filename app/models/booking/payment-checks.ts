import { HOUR, MINUTE } from "~/models/jobs/durations";

// When a payment still pending is verified with the provider (Paystack sends webhooks only for successes; docs/domain.md
// "Money"): soon after the payer left for the provider, once the transfer account has lapsed (it lives 30 minutes),
// later in case the provider was slow, and at the last check, after which a payment never completed is abandoned.

export const PAYMENT_VERIFY = "payment-verify";

export const PAYMENT_CHECKS = [
  { name: "2m", after: 2 * MINUTE },
  { name: "35m", after: 35 * MINUTE },
  { name: "2h", after: 2 * HOUR },
  { name: "24h", after: 24 * HOUR },
] as const;

/** A payment no check has seen paid this long after it started is abandoned. */
export const ABANDON_AFTER = 24 * HOUR;

/** "I paid but it says pending": each check asks the provider, so an address may ask a few times in ten minutes. */
export function paymentCheckRules(ip: string, reference: string) {
  return [
    { key: `payment-check:ip:${ip}`, limit: 10, windowSeconds: 600 },
    { key: `payment-check:ref:${reference}`, limit: 5, windowSeconds: 600 },
  ];
}
