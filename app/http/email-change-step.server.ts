import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { requestEmailChange, type RequestOutcome } from "~/models/accounts/email-change.server";
import { consumeRateLimits, profileEmailRules, rateLimitMessage } from "~/models/system/rate-limit.server";
import { AUTH_TEXT } from "~/utils/auth-schemas";
import { clientIp } from "~/utils/client-ip.server";
import type { EmailChangeValues } from "~/utils/validation";
import type * as z from "~/utils/zod";
import { currentSessionId } from "./session.server";

// The e-mail change step that the customer's and the vendor's profile actions share (docs/decisions/012-email-change.md):
// a new e-mail counts against the probe limits, needs the current password, and changes only through a link sent to
// it. The fields are emailChangeFields (app/utils/validation.ts), drawn by EmailChangeFields.

/** The password is never sent back into the page. */
export const EMAIL_CHANGE_HIDDEN = ["current_password"];

/** What the profile forms say about an e-mail change. */
export const EMAIL_CHANGE_TEXT = {
  taken: AUTH_TEXT.emailTaken,
  passwordNeeded: "Enter your current password to change your e-mail.",
  wrongPassword: "That is not your current password. Nothing was saved.",
  sent: (email: string) => `Your profile is saved. To change your e-mail, open the link we sent to ${email}.`,
} as const;

/** Whether the form holds a new e-mail (the same address in other letter cases is no change). */
export function asksForNewEmail(formData: FormData, currentEmail: string): boolean {
  const email = formData.get("email");
  return typeof email === "string" && email.trim().toLowerCase() !== currentEmail.toLowerCase();
}

/**
 * Counts a try at a new e-mail. It is looked up (is it taken?) and a password checked, so every try counts, right or
 * wrong: the form can neither test lists of addresses nor guess the password. Past the limits: the form again with
 * the 429 message (and Retry-After); null: go on.
 */
export async function emailChangeOverLimit(request: Request, formData: FormData, schema: z.ZodType, userId: number) {
  const limit = await consumeRateLimits(profileEmailRules(clientIp(request), userId));
  if (limit.allowed) return null;
  const refused = parseWithZod(formData, { schema });
  return data(
    { result: refused.reply({ formErrors: [rateLimitMessage(limit.retryAfterSeconds)], hideFields: EMAIL_CHANGE_HIDDEN }) },
    { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
  );
}

/** The parse's check (in a superRefine) that a new e-mail comes with the current password. */
export function checkPasswordForNewEmail(value: EmailChangeValues & { email: string }, currentEmail: string, ctx: z.RefinementCtx) {
  if (value.email !== currentEmail && !value.current_password) {
    ctx.addIssue({ code: "custom", path: ["current_password"], message: EMAIL_CHANGE_TEXT.passwordNeeded });
  }
}

/**
 * Asks for the change when the form holds a new e-mail, before anything else is saved (a wrong password changes
 * nothing at all), and says what the action answers: the field errors of a refusal, or the message of the saved
 * profile.
 */
export async function askForEmailChange(
  request: Request,
  userId: number,
  value: EmailChangeValues & { email: string },
  changing: boolean,
): Promise<{ fieldErrors: Record<string, string[]> } | { saved: string }> {
  const change = changing
    ? await requestEmailChange({
        userId,
        newEmail: value.email,
        currentPassword: value.current_password ?? "",
        signOutOthers: value.sign_out_others ?? false,
        sessionId: await currentSessionId(request),
      })
    : null;
  return emailChangeAnswer(change);
}

function emailChangeAnswer(change: RequestOutcome | null): { fieldErrors: Record<string, string[]> } | { saved: string } {
  if (change?.kind === "wrong_password") return { fieldErrors: { current_password: [EMAIL_CHANGE_TEXT.wrongPassword] } };
  if (change?.kind === "email_taken") return { fieldErrors: { email: [EMAIL_CHANGE_TEXT.taken] } };
  return { saved: change?.kind === "sent" ? EMAIL_CHANGE_TEXT.sent(change.newEmail) : "Your profile is saved." };
}
