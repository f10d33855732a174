import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { subscribe } from "~/models/newsletter.server";
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
  const outcome = await subscribe(submission.value.email);
  return redirectWithSuccess(
    `${back}#newsletter`,
    outcome === "subscribed"
      ? "Thanks for subscribing! Look out for styles and offers in your inbox."
      : "You're already subscribed with that address. Thank you for staying with us!",
    { status: 303 },
  );
}

export function loader() {
  return redirect("/");
}
