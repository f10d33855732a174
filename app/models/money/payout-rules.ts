// The rules of a payout that pages show before a vendor asks for one (docs/domain.md "Money"). Pure: pages import it.

/** The smallest withdrawal, ₦1,000: smaller ones cost more in transfer fees than they are worth. */
export const MIN_WITHDRAWAL_KOBO = 100_000;

/**
 * Paystack's fee for one NGN transfer (its pricing page: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above), taken
 * from the amount withdrawn, so the vendor's bank receives the amount less the fee.
 */
export function transferFeeKobo(amountKobo: number): number {
  if (amountKobo <= 500_000) return 1_000;
  if (amountKobo <= 5_000_000) return 2_500;
  return 5_000;
}

/** Paystack's transfer reference for a withdrawal: lowercase letters, digits and "-", at least 16 characters. */
export function transferReference(withdrawalId: number): string {
  return `glow-withdrawal-${String(withdrawalId).padStart(8, "0")}`;
}

/**
 * Whether a withdrawal went through the transfer provider (Paystack, or the test provider that stands in for it):
 * it has a transfer reference. Withdrawals from before transfers carry only a payout reference and moved no money
 * through a provider, so they cannot be traced, verified, or made to fail in test mode. Both payout pages ask this.
 */
export function sentAsTransfer(withdrawal: { transferReference: string | null }): boolean {
  return withdrawal.transferReference !== null && withdrawal.transferReference !== "";
}

/** Whether the test-mode controls may make a withdrawal fail or be reversed: a transfer that is processing or paid. */
export function testOutcomeAllowed(withdrawal: { transferReference: string | null; status: string }): boolean {
  return sentAsTransfer(withdrawal) && (withdrawal.status === "processing" || withdrawal.status === "paid");
}
