import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

// The operator's forms on /admin/payouts: approve or refuse a bank account, verify a payment now, refund a payment of
// the wrong amount, and (test mode) make a test payout fail or be reversed.

/** Any reference a payment may carry: the checkout's glw-..., and older ones (the sample data's seed-...). */
export const PAYMENT_REFERENCE_INPUT = /^[a-z0-9][a-z0-9_.=-]{2,59}$/;

const paymentReference = z
  .string({ error: "Enter a payment reference" })
  .trim()
  .toLowerCase()
  .max(60, "A payment reference has letters, digits and dashes, e.g. glw-...")
  .regex(PAYMENT_REFERENCE_INPUT, "A payment reference has letters, digits and dashes, e.g. glw-...");

export const PayoutsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), accountId: rowId("Choose a bank account") }),
  z.object({ intent: z.literal("refuse"), accountId: rowId("Choose a bank account") }),
  z.object({ intent: z.literal("verify"), reference: paymentReference }),
  // A payment of the wrong amount, refunded to its payer (booking/mismatch-refund.server.ts).
  z.object({ intent: z.literal("refund"), reference: paymentReference }),
  z.object({ intent: z.literal("test-outcome"), withdrawalId: rowId("Choose a withdrawal"), outcome: z.enum(["failed", "reversed"]) }),
]);

export const STATES = ["processing", "paid", "failed", "reversed"] as const;
