import { randomToken } from "~/utils/random.server";

// Payouts to a vendor's bank account. One seam with one implementation per provider; without a provider
// configured the built-in test provider is used, which moves no money and says so on the withdraw pages.

export interface PayoutRequest {
  /** Our id for the payout, so a retried call cannot pay twice. */
  reference: string;
  amountKobo: number;
  bankCode: string;
  accountNumber: string;
  holder: string;
}

export interface PayoutProvider {
  name: string;
  testMode: boolean;
  send(request: PayoutRequest): Promise<{ providerReference: string }>;
}

const testProvider: PayoutProvider = {
  name: "test",
  testMode: true,
  async send(request) {
    if (request.amountKobo <= 0) throw new Error("a payout must be positive");
    return { providerReference: `test_${randomToken(9)}` };
  },
};

export function payoutProvider(): PayoutProvider {
  return testProvider;
}
