import fs from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { findUpload } from "~/models/uploads.server";

// GET /uploads/{key}: a vendor's uploaded photo or video. The key is random (unguessable) and the type is the one
// sniffed from the file's bytes at upload; nosniff and a sandboxing CSP keep a browser from treating it as a page.
// Videos answer range requests, so players can seek without downloading the whole file.

const RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const upload = await findUpload(params.key ?? "");
  if (!upload) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = new Headers({
    "Content-Type": upload.contentType,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
  });
  const range = RANGE.exec(request.headers.get("Range") ?? "");
  if (range && (range[1] || range[2])) {
    const size = upload.sizeBytes;
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    return new Response(createReadableStreamFromReadable(fs.createReadStream(upload.file, { start, end })), { status: 206, headers });
  }
  headers.set("Content-Length", String(upload.sizeBytes));
  return new Response(createReadableStreamFromReadable(fs.createReadStream(upload.file)), { status: 200, headers });
}
