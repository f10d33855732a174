import type { PaymentAttemptStatus, WithdrawalStatus } from "~/db/schema";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import type { ProviderRecord } from "./paystack.server";

// Glow's record of a payment or transfer beside the provider's (docs/domain.md "Money", the operator's view): which
// of the provider's states each of ours agrees with, and the fields an operator reads with their differences marked.
// Pure, so the rule is tested on its own (provider-compare.test.ts).

/** Paystack's transaction states (https://paystack.com/docs/api/transaction/#verify) each of our payment states agrees with. */
const PAYMENT_AGREES: Record<PaymentAttemptStatus, readonly string[]> = {
  pending: ["ongoing", "pending", "processing", "queued", "abandoned"],
  // Abandoned is our own verdict after 24 hours; Paystack may still say the page was left open or failed.
  abandoned: ["ongoing", "pending", "abandoned", "failed"],
  succeeded: ["success"],
  // A refund is a record of its own at Paystack: the transaction stays "success" (or "reversed" once fully refunded).
  refunded: ["success", "reversed"],
  // The money arrived, of another amount: the status agrees and the amount differs.
  mismatch: ["success"],
  failed: ["failed", "abandoned", "reversed"],
};

/** Paystack's transfer states (https://paystack.com/docs/transfers/verifying-transfers/) each withdrawal state agrees with. */
const TRANSFER_AGREES: Record<WithdrawalStatus, readonly string[]> = {
  pending: [],
  cancelled: [],
  processing: ["pending", "otp", "processing", "queued", "received"],
  paid: ["success"],
  failed: ["failed", "abandoned", "blocked", "rejected"],
  reversed: ["reversed"],
};

export interface ComparedField {
  label: string;
  glow: string;
  provider: string;
  /** The two disagree: the page highlights the row. */
  differs: boolean;
}

/** What Glow holds of a payment or a transfer, in the same shape as the provider's record. */
export interface GlowRecord {
  status: string;
  /** What the provider should hold: a payment's asked amount, or a withdrawal's amount less the transfer fee. */
  amountKobo: number;
  reference: string;
  createdAt: string;
  settledAt: string | null;
  reason: string | null;
}

const when = (iso: string | null) => {
  if (!iso || Number.isNaN(Date.parse(iso))) return "—";
  return `${formatDate(iso)} at ${formatTime(iso)}`;
};

const money = (kobo: number | null, currency: string | null) => {
  if (kobo === null) return "—";
  return currency === "NGN" || currency === null ? formatNaira(kobo) : `${currency.replace(/[^A-Z]/g, "")} ${(kobo / 100).toFixed(2)}`;
};

/** Whether the provider's state agrees with ours: a payment's (kind "payment") or a withdrawal's ("transfer"). */
export function statesAgree(kind: "payment" | "transfer", glow: string, provider: string): boolean {
  const table: Record<string, readonly string[]> = kind === "payment" ? PAYMENT_AGREES : TRANSFER_AGREES;
  return (table[glow] ?? []).includes(provider.toLowerCase());
}

/** The rows the operator reads: status, amount, reference, dates and failure reason, differences marked. */
export function compareWithProvider(kind: "payment" | "transfer", glow: GlowRecord, provider: ProviderRecord): ComparedField[] {
  return [
    { label: "Status", glow: glow.status, provider: provider.status, differs: !statesAgree(kind, glow.status, provider.status) },
    {
      label: "Amount",
      glow: formatNaira(glow.amountKobo),
      provider: money(provider.amountKobo, provider.currency),
      differs: provider.amountKobo !== glow.amountKobo || (provider.currency !== null && provider.currency !== "NGN"),
    },
    { label: "Reference", glow: glow.reference, provider: provider.reference, differs: glow.reference.toLowerCase() !== provider.reference.toLowerCase() },
    // The clocks differ by the time a request takes: dates are shown side by side, never marked.
    { label: "Started", glow: when(glow.createdAt), provider: when(provider.createdAt), differs: false },
    { label: kind === "payment" ? "Paid" : "Settled", glow: when(glow.settledAt), provider: when(provider.settledAt), differs: false },
    { label: "Failure reason", glow: glow.reason ?? "—", provider: provider.reason ?? "—", differs: false },
  ];
}
