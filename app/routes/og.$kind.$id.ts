import type { LoaderFunctionArgs } from "@remix-run/node";
import { previewImage } from "~/models/media/preview-image.server";

// GET /og/{vendor|service}/{id} and /og/site/glow: the 1200x630 picture of a page's link preview (og:image,
// twitter:image). Anything else named here is not ours: 404. A paused or removed service gets the branded
// picture, so a preview already shared never breaks.

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const kind = params.kind === "vendor" || params.kind === "service" ? params.kind : params.kind === "site" && id === "glow" ? "site" : null;
  if (!kind || (kind !== "site" && !/^[1-9]\d{0,8}$/.test(id))) return notFound();
  const bytes = await previewImage(kind, kind === "site" ? null : Number(id));
  return new Response(bytes, {
    status: 200,
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
