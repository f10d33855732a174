import * as z from "~/utils/zod";

const NAIRA_LIST = /^[\d,\s₦]*$/;

/** The vendor's gift offer (/vendor/gifts). Amounts are whole naira as typed; the domain checks their bounds. */
export const GiftSettingsSchema = z.object({
  cards_on: z.boolean().optional(),
  card_amounts: z
    .string()
    .trim()
    .max(100, "At most 6 amounts, e.g. 10000, 20000, 50000")
    .regex(NAIRA_LIST, "Amounts in whole naira, separated by spaces, e.g. 10000 20000 50000")
    .optional(),
  free_min: z.string().trim().max(12, "Enter an amount in naira, e.g. 5000").regex(/^\d*$/, "Enter an amount in naira, e.g. 5000").optional(),
  free_max: z.string().trim().max(12, "Enter an amount in naira, e.g. 100000").regex(/^\d*$/, "Enter an amount in naira, e.g. 100000").optional(),
  vouchers_on: z.boolean().optional(),
  validity_months: z.coerce
    .number({ error: "Choose how many months a gift stays valid." })
    .int("Choose how many months a gift stays valid.")
    .min(1, "Gifts are valid from 1 to 24 months.")
    .max(24, "Gifts are valid from 1 to 24 months."),
});

/** "10,000, 20000 ₦50,000" -> [1000000, 2000000, 5000000] (kobo): a comma before a space separates, one inside a number groups thousands. */
export function parseAmountList(text: string): number[] {
  return text
    .replace(/₦|,\s/g, " ")
    .split(/\s+/)
    .map((t) => t.replace(/,/g, ""))
    .filter(Boolean)
    .map((t) => Number(t) * 100);
}
