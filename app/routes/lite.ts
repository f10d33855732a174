import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { liteCookie } from "~/http/lite.server";
import { assertSameOrigin, readForm, safeRedirect } from "~/utils/http.server";

// POST /lite: the footer's "Lite (saves data)" / "Full pages (photos)" choice (app/http/lite.server.ts), remembered
// in a cookie for a year, then back to the page it was made on. Any other mode is refused and changes nothing.
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request, 4 * 1024);
  const mode = form.get("mode");
  if (mode !== "lite" && mode !== "full") {
    return new Response("Choose Lite or Full pages.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return redirect(safeRedirect(form.get("back")), { status: 303, headers: { "Set-Cookie": liteCookie(mode === "lite") } });
}

export function loader() {
  return redirect("/");
}
