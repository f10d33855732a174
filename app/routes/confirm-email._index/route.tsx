import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { assertSameOrigin, readForm, safeRedirect } from "~/utils/http.server";
import { resendEmailConfirmation } from "~/models/accounts/email-confirmation.server";
import { requireUser } from "~/http/session.server";
import { refusalOf } from "~/http/refusal.server";
import { redirectWithSuccess } from "~/utils/toast.server";

// POST /confirm-email: "Send the link again", from the reminder on the pages that a missing confirmation blocks
// (components/confirm-email-notice.tsx). Back to that page with a toast either way.

export function loader() {
  return redirect("/", 303);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/");
  try {
    const sent = await resendEmailConfirmation(user.id);
    if (!sent) return redirectWithSuccess(back, "Your e-mail is already confirmed.", { status: 303 });
    return redirectWithSuccess(back, `We sent a new link to ${sent.email}. It works once, for 72 hours.`, { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    // Too many links asked for: a 429 page that says so (the root's error boundary shows the sentence).
    throw new Response(refused.message, { status: refused.status, headers: refused.headers });
  }
}
