import * as z from "~/utils/zod";
import { formatNaira, parseNairaInput } from "~/utils/money";
import { rowId } from "~/utils/row-id";
import { MIN_WITHDRAWAL_KOBO } from "~/models/money/payout-rules";

// The forms of /vendor/withdraw: the withdrawal itself, adding a bank account and deleting one (a hidden
// `intent` tells them apart). The balance is passed in so the browser can say "at most your balance" too; the
// server checks it again in the transaction that creates the withdrawal.

const HOLDER_CHARS = /^[\p{L}\p{M} ,.'&()-]+$/u;

export function withdrawSchema(balanceKobo: number, bankCodes: string[]) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("withdraw"),
      amount: z
        .string({ error: "Enter the amount to withdraw" })
        .max(20, "Enter an amount in naira, e.g. 15000")
        .transform((v, ctx) => {
          const kobo = parseNairaInput(v);
          if (kobo === null) ctx.addIssue({ code: "custom", message: "Enter an amount in naira, e.g. 15000" });
          else if (kobo <= 0) ctx.addIssue({ code: "custom", message: "Enter an amount above ₦0" });
          else if (kobo < MIN_WITHDRAWAL_KOBO) ctx.addIssue({ code: "custom", message: `The smallest withdrawal is ${formatNaira(MIN_WITHDRAWAL_KOBO)}` });
          else if (kobo > balanceKobo) ctx.addIssue({ code: "custom", message: `You can withdraw at most your balance, ${formatNaira(balanceKobo)}` });
          return kobo ?? 0;
        }),
      account: rowId("Choose the bank account to pay into"),
    }),
    z.object({
      intent: z.literal("add-account"),
      bank: z.string({ error: "Choose your bank" }).refine((code) => bankCodes.includes(code), "Choose your bank"),
      number: z
        .string({ error: "Enter the 10-digit account number" })
        .trim()
        .max(10, "Account numbers have 10 digits")
        .regex(/^\d{10}$/, "Account numbers have 10 digits"),
      holder: z
        .string({ error: "Enter the name on the account" })
        .trim()
        .min(3, "Enter the name on the account")
        .max(80, "At most 80 characters")
        .refine((v) => HOLDER_CHARS.test(v), "Use the name exactly as the bank shows it"),
    }),
    z.object({ intent: z.literal("delete-account"), accountId: rowId("Choose a bank account") }),
    z.object({ intent: z.literal("schedule"), schedule: z.enum(["manual", "weekly"], { error: "Choose by hand or every week" }) }),
    // Test mode only: make a test payout fail or be reversed (docs/domain.md "Money").
    z.object({
      intent: z.literal("test-outcome"),
      withdrawalId: rowId("Choose a withdrawal"),
      outcome: z.enum(["failed", "reversed"], { error: "Choose failed or reversed" }),
    }),
  ]);
}
