import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { subscribe } from "~/models/messaging/newsletter.server";
import { consumeRateLimits, newsletterRules, rateLimitMessage } from "~/models/system/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin, readForm, safeRedirect } from "~/utils/http.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { NewsletterSchema } from "./schema";

// POST /newsletter: the newsletter box on Home (and anywhere else it is shown).
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const back = safeRedirect(formData.get("redirectTo"), "/");
  const submission = parseWithZod(formData, { schema: NewsletterSchema });
  if (submission.status !== "success") {
    // The box is a one-field form shown on many pages: the message comes back as a toast on the same page.
    return redirectWithError(`${back}#newsletter`, "Invalid email address", { status: 303 });
  }
  const limit = await consumeRateLimits(newsletterRules(clientIp(request)));
  if (!limit.allowed) {
    return redirectWithError(`${back}#newsletter`, rateLimitMessage(limit.retryAfterSeconds), {
      status: 303,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  // The same answer whether or not the address was already on the list: the box must not tell anyone who is.
  await subscribe(submission.value.email);
  return redirectWithSuccess(`${back}#newsletter`, "Thanks for subscribing! Look out for styles and offers in your inbox.", { status: 303 });
}

export function loader() {
  return redirect("/");
}
