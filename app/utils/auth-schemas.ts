import * as z from "~/utils/zod";
import { emailSchema, NAME_MAX, nameProblem, nameSchema } from "./validation";

// The account forms' rules and the texts people see, word for word, spelling included.
// One schema per form, imported by the page (live hints, client check) and by its action (the server's check).

export const AUTH_TEXT = {
  numbersNotAllowed: "Numbers not allowed",
  nameCharacters: "Letters, hyphens, apostrophe allowed",
  invalidEmail: "Invalid email address",
  passwordLength: "8-24 characters",
  passwordMix: "Must include uppercase, lowercase letters and a number",
  passwordMatch: "Must match the first password input field",
  invalidEntry: "Invalid Entry",
  registered: "Registration Successfull",
  emailTaken: "The email has already been taken.",
  credentialsWrong: "Email & Password does not match with our record",
  noServerResponse: "No Server Response",
  emailRequired: "The email field is required",
  emailUnknown: "Email does not exist in our record",
  loginFailed: "Login Failed",
  resetWrong: "Either you Email or Token is wrong",
  passwordChanged: "Password Changed",
} as const;

/** Where the browser keeps the e-mail of a forgot-password request for the reset step. */
export const REQUEST_EMAIL_KEY = "requestEmail";

export { NAME_MAX };
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 24;
export const BUSINESS_NAME_MAX = 80;

export { nameProblem };

/** What is wrong with a new password, in the forms' exact words (AUTH_TEXT); null when it follows the rule. */
export function passwordProblem(value: string): string | null {
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return AUTH_TEXT.passwordLength;
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/\d/.test(value)) return AUTH_TEXT.passwordMix;
  return null;
}

export const firstNameSchema = nameSchema("Enter your first name");
export const lastNameSchema = nameSchema("Enter your last name");

export const newPasswordSchema = z.string({ error: AUTH_TEXT.passwordLength }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const confirmationSchema = z.string({ error: AUTH_TEXT.passwordMatch }).max(PASSWORD_MAX * 4, AUTH_TEXT.passwordMatch);

const confirmationMatches = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
/** Runs even when other fields fail, so the confirmation's hint shows as soon as it applies. */
const confirmationRule = {
  path: ["password_confirmation"],
  message: AUTH_TEXT.passwordMatch,
  when: (payload: { value: unknown }) => typeof (payload.value as { password_confirmation?: unknown } | null)?.password_confirmation === "string",
};

export const ACCOUNT_TYPES = ["customer", "vendor"] as const;

/** Sign-up (the JSON API's payload names). A person may open a vendor account at once. */
export const RegisterSchema = z
  .object({
    first_name: firstNameSchema,
    last_name: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: confirmationSchema,
    account_type: z.enum(ACCOUNT_TYPES).default("customer"),
    business_name: z.string().trim().max(BUSINESS_NAME_MAX, `At most ${BUSINESS_NAME_MAX} characters`).optional(),
  })
  .refine(confirmationMatches, confirmationRule);
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** The fields whose failure is 'Invalid Entry' (the sign-up page checks only these before sending). */
export const REGISTER_ENTRY_FIELDS = ["first_name", "last_name", "email"] as const;
const entryFieldSchemas = { first_name: firstNameSchema, last_name: lastNameSchema, email: emailSchema };

/** True when first name, last name and e-mail are all valid: the sign-up button waits for this. */
export function registerEntryValid(values: Partial<Record<string, unknown>>): boolean {
  return REGISTER_ENTRY_FIELDS.every((name) => entryFieldSchemas[name].safeParse(values[name]).success);
}

export const LoginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Enter your password" }).max(200, AUTH_TEXT.credentialsWrong),
  redirectTo: z.string().max(2000).optional(),
});

export const ForgotSchema = z.object({ email: emailSchema });

/** Reset: e-mail only when the server did not remember it (a link opened on another device). */
export const ResetSchema = z
  .object({
    email: emailSchema.optional(),
    password: newPasswordSchema,
    password_confirmation: confirmationSchema,
  })
  .refine(confirmationMatches, confirmationRule);

/**
 * The message a schema gives each field for these values, first issue per field. Pages use it for their
 * live hints, so a hint can never say something the server would not.
 */
export function fieldMessages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values ?? {});
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    messages[key] ??= issue.message;
  }
  return messages;
}
