import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordView } from "~/models/catalogue/recently-viewed.server";
import { getSessionUser } from "~/http/session.server";
import { isPassiveRequest, viewOwnerForRecording } from "~/http/viewer.server";

// GET /details/{id}/viewed: the 1x1 image on a service's page that records the view for "recently viewed"
// (the person's, or this browser's by a random id cookie). An image works without JavaScript and keeps the
// per-visitor cookie off the page itself. Crawlers and prefetches record nothing.

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const headers = new Headers({ "Content-Type": "image/gif", "Cache-Control": "no-store" });
  if (!/^\d{1,9}$/.test(params.id ?? "")) return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  if (isPassiveRequest(request)) return new Response(PIXEL, { headers });
  const user = await getSessionUser(request);
  const view = await viewOwnerForRecording(request, user?.id ?? null);
  const recorded = await recordView(view.owner, Number(params.id));
  if (!recorded) return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  if (view.setCookie) headers.set("Set-Cookie", view.setCookie);
  return new Response(PIXEL, { headers });
}
