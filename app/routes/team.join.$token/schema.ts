import * as z from "~/utils/zod";
import { AUTH_TEXT, firstNameSchema, lastNameSchema, newPasswordSchema, PASSWORD_MAX } from "~/utils/auth-schemas";

// The invitation page's two forms: join with the signed-in account, or set up a new account with the invited e-mail.

export const JoinSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join") }),
  z
    .object({
      intent: z.literal("create"),
      first_name: firstNameSchema,
      last_name: lastNameSchema,
      password: newPasswordSchema,
      password_confirmation: z.string({ error: AUTH_TEXT.passwordMatch }).max(PASSWORD_MAX * 4, AUTH_TEXT.passwordMatch),
    })
    .refine((v) => v.password === v.password_confirmation, { path: ["password_confirmation"], message: AUTH_TEXT.passwordMatch }),
]);
