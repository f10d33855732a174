import * as z from "~/utils/zod";
import { AUTH_TEXT, ForgotSchema, newPasswordSchema, RegisterSchema } from "~/utils/auth-schemas";
import { emailSchema } from "~/utils/validation";
import { completePasswordReset, registerAccount, startPasswordReset } from "./auth.server";

// The JSON contract of the auth calls, with the statuses its error catalogue reads. It is both what the app serves
// at POST /auth/{call} and what the in-process auth client calls, so a page gets the same answer either way:
//   register         201 created | 422 e-mail taken | 400 fields invalid
//   forgot_password  200 link sent | 422 e-mail missing or not an address | 404 unknown e-mail
//   reset_password   200 changed | 422 wrong e-mail or token (also used or expired) | 400 password invalid

export const AUTH_CALLS = ["register", "forgot_password", "reset_password"] as const;
export type AuthCall = (typeof AUTH_CALLS)[number];

export function isAuthCall(value: unknown): value is AuthCall {
  return typeof value === "string" && (AUTH_CALLS as readonly string[]).includes(value);
}

export interface AuthReply {
  status: number;
  body: { message: string; errors?: Record<string, string[]> };
}

const ResetPayloadSchema = z
  .object({
    email: emailSchema,
    token: z.string().min(1).max(200),
    password: newPasswordSchema,
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ["password_confirmation"], message: AUTH_TEXT.passwordMatch });

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return errors;
}

const invalid = (status: number, error: z.ZodError, message = "The given data was invalid."): AuthReply => ({
  status,
  body: { message, errors: fieldErrors(error) },
});

/** Answers one call of the contract. `payload` is the parsed JSON body, of any shape. */
export async function handleAuthCall(call: AuthCall, payload: unknown): Promise<AuthReply> {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return { status: 400, body: { message: "The body must be a JSON object." } };
  }
  switch (call) {
    case "register": {
      const parsed = RegisterSchema.safeParse(payload);
      if (!parsed.success) return invalid(400, parsed.error);
      const result = await registerAccount(parsed.data);
      if (result.kind === "email_taken") {
        return { status: 422, body: { message: AUTH_TEXT.emailTaken, errors: { email: [AUTH_TEXT.emailTaken] } } };
      }
      return { status: 201, body: { message: AUTH_TEXT.registered } };
    }
    case "forgot_password": {
      const email = (payload as { email?: unknown }).email;
      if (email === undefined || email === null || (typeof email === "string" && email.trim() === "")) {
        return { status: 422, body: { message: AUTH_TEXT.emailRequired, errors: { email: [AUTH_TEXT.emailRequired] } } };
      }
      const parsed = ForgotSchema.safeParse(payload);
      if (!parsed.success) return invalid(422, parsed.error, AUTH_TEXT.invalidEmail);
      const result = await startPasswordReset(parsed.data.email);
      if (result.kind === "unknown_email") return { status: 404, body: { message: AUTH_TEXT.emailUnknown } };
      return { status: 200, body: { message: "We have e-mailed your password reset link." } };
    }
    case "reset_password": {
      const parsed = ResetPayloadSchema.safeParse(payload);
      if (!parsed.success) {
        const onlyPassword = parsed.error.issues.every((i) => i.path[0] === "password" || i.path[0] === "password_confirmation");
        return onlyPassword ? invalid(400, parsed.error) : invalid(422, parsed.error, AUTH_TEXT.resetWrong);
      }
      const result = await completePasswordReset(parsed.data);
      if (result.kind === "wrong_email_or_token") return { status: 422, body: { message: AUTH_TEXT.resetWrong } };
      return { status: 200, body: { message: AUTH_TEXT.passwordChanged } };
    }
  }
}
