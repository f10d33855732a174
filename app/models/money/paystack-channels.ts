// The channels checkout offers: what Nigerians pay with (docs/domain.md "Money"). Pure, so the test-mode checkout
// page offers the same three as Paystack's.
export const CHECKOUT_CHANNELS = ["card", "bank_transfer", "ussd"] as const;
