import type { LoaderFunctionArgs } from "@remix-run/node";
import { findUpload, openUpload } from "~/models/media/uploads.server";

// GET /uploads/{key}: a stored object of a vendor's upload (a photo's WebP or JPEG, or a video), from the data
// folder or the object store. Keys are random and never reused, so it is cached for a year as immutable. The type
// is the one we wrote (or sniffed from a video's bytes); nosniff and a sandboxing CSP keep a browser from treating
// it as a page. Videos answer range requests, so players can seek without downloading the whole file.

const RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const upload = await findUpload(key);
  if (!upload) return notFound();
  const headers = new Headers({
    "Content-Type": upload.contentType,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
  });
  const size = upload.sizeBytes;
  const range = RANGE.exec(request.headers.get("Range") ?? "");
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    const body = await openUpload(key, { start, end });
    if (!body) return notFound();
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    return new Response(body, { status: 206, headers });
  }
  const body = await openUpload(key);
  if (!body) return notFound();
  headers.set("Content-Length", String(size));
  return new Response(body, { status: 200, headers });
}
