import * as z from "~/utils/zod";
import { emailSchema, personNameSchema } from "~/utils/validation";

/** Paying a gift: online (a name to show the buyer, optional, and an e-mail for the receipt) or with AutoCredit. */
export const PayGiftSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("online"), name: personNameSchema.optional(), email: emailSchema }),
  z.object({ intent: z.literal("credit") }),
]);
