import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { AuthOutcome } from "~/models/accounts/auth-client.server";
import { authRateRules, consumeRateLimits, rateLimitMessage, type AuthAction } from "~/models/system/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { HONEYPOT_MESSAGE, isBotSubmission } from "~/utils/honeypot";

// What the account pages' actions share: refusing bots, rate limits, and answering a failed submission.

/** Password values are never sent back into the page's HTML. */
const HIDDEN_FIELDS = ["password", "password_confirmation"];

/** The form again, with messages for the whole form (and the fields' own from the submission). */
export function formFailure(submission: Submission<unknown>, formErrors: string[], status = 400, headers?: HeadersInit) {
  return data({ result: submission.reply({ formErrors, hideFields: HIDDEN_FIELDS }) }, { status, headers });
}

/** A filled honeypot: answered like any refused form, without saying why. */
export function botFailure(formData: FormData, submission: Submission<unknown>) {
  return isBotSubmission(formData) ? formFailure(submission, [HONEYPOT_MESSAGE]) : null;
}

/** Counts the attempt; a refused one gets the form back with the clear 429 message. */
export async function rateLimitFailure(request: Request, action: AuthAction, submission: Submission<unknown>, email?: string) {
  const verdict = await consumeRateLimits(authRateRules(action, clientIp(request), email));
  if (verdict.allowed) return null;
  return tooManyAttempts(submission, verdict.retryAfterSeconds);
}

/** The form again with the clear 429 message, and Retry-After as the JSON API sends it. */
export function tooManyAttempts(submission: Submission<unknown>, retryAfterSeconds: number) {
  return formFailure(submission, [rateLimitMessage(retryAfterSeconds)], 429, { "Retry-After": String(retryAfterSeconds) });
}

/** The page's status for a failed call to the auth backend: its own 4xx, or 502 when it failed or never answered. */
export function pageStatus(outcome: AuthOutcome): number {
  if (outcome.status === null || outcome.status >= 500) return 502;
  return outcome.status >= 400 ? outcome.status : 400;
}
