import * as z from "~/utils/zod";
import { emailSchema, personNameSchema } from "~/utils/validation";

/** Paying through someone's link: a name to show them (optional) and an e-mail for the receipt. */
export const PayLinkSchema = z.object({
  name: personNameSchema.optional(),
  email: emailSchema,
});
