import * as z from "~/utils/zod";
import { emailSchema } from "~/utils/validation";

export const NewsletterSchema = z.object({
  email: emailSchema,
  redirectTo: z.string().max(2000).optional(),
});
