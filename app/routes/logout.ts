import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroySession } from "~/http/session.server";
import { assertSameOrigin } from "~/utils/http.server";

// Sign-out is a POST (a link or prefetch must never sign anyone out).
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(request) }, status: 303 });
}

export function loader() {
  return redirect("/");
}
