import { getEnv } from "~/utils/env.server";
import { randomToken } from "~/utils/random.server";
import { createPaystack, PaystackError, type TransferState } from "./paystack.server";

// Payouts to a vendor's bank account: one seam, two providers. With PAYSTACK_SECRET_KEY set, Paystack transfers
// (a transfer recipient per saved account, a transfer per withdrawal). Without it, the built-in test provider, which
// moves no money, pays at once and says so on the withdraw pages; its payouts can be made to fail or be reversed by
// hand (docs/domain.md "Money"), so every state of a withdrawal can be reached without a provider.

export interface PayoutAccount {
  bankCode: string;
  number: string;
  holder: string;
  recipientCode: string | null;
}

export interface PayoutProvider {
  name: "test" | "paystack";
  testMode: boolean;
  /** The provider's code for the account (created once; the caller stores it). */
  recipient(account: PayoutAccount): Promise<string>;
  /** Starts a transfer; a reference used before is refused, so a retry can never pay twice. */
  send(request: { reference: string; amountKobo: number; recipientCode: string; reason: string }): Promise<TransferState>;
  /** What became of a transfer; null when the provider has none with this reference (it was never started). */
  verify(reference: string): Promise<TransferState | null>;
}

const testProvider: PayoutProvider = {
  name: "test",
  testMode: true,
  async recipient(account) {
    return account.recipientCode ?? `TEST_RCP_${randomToken(6)}`;
  },
  async send(request) {
    if (request.amountKobo <= 0) throw new Error("a payout must be positive");
    return { status: "success", transferCode: `TEST_TRF_${randomToken(6)}`, sessionId: `TEST${Date.now()}`, reason: null };
  },
  // Test payouts are paid as they are sent: a test transfer still processing was never sent.
  async verify() {
    return null;
  },
};

function paystackProvider(secretKey: string, baseUrl: string): PayoutProvider {
  const paystack = createPaystack({ secretKey, baseUrl });
  return {
    name: "paystack",
    testMode: false,
    async recipient(account) {
      if (account.recipientCode) return account.recipientCode;
      return (await paystack.createRecipient({ bankCode: account.bankCode, number: account.number, name: account.holder })).recipientCode;
    },
    send: (request) => paystack.transfer(request),
    async verify(reference) {
      try {
        return await paystack.verifyTransfer(reference);
      } catch (error) {
        // Paystack answers 404 (or 400) for a reference it has never seen: the transfer was never started.
        if (error instanceof PaystackError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  };
}

export function payoutProvider(): PayoutProvider {
  const env = getEnv();
  return env.PAYSTACK_SECRET_KEY ? paystackProvider(env.PAYSTACK_SECRET_KEY, env.PAYSTACK_API_URL) : testProvider;
}
