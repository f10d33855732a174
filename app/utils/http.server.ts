import { getEnv } from "./env.server";

/** Throws a Response with `status` when `condition` is false (e.g. a missing record -> 404). */
export function invariantResponse(condition: unknown, message: string, status = 400): asserts condition {
  if (!condition) throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A row id from a URL (a path segment such as /messages/{id}, or ?id=): its number, or a 404 with `notFound` when the
 * text cannot be an id, the same answer as for an id of no row the person may see.
 */
export function rowIdFromUrl(value: string | null | undefined, notFound: string): number {
  invariantResponse(typeof value === "string" && /^\d{1,9}$/.test(value), notFound, 404);
  return Number(value);
}

/** The row id in a page's ?id=, read as rowIdFromUrl reads it. */
export const idQueryParam = (request: Request, notFound: string): number => rowIdFromUrl(new URL(request.url).searchParams.get("id"), notFound);

/**
 * Refuses a cross-site POST (see docs/decisions/007-own-express-server.md; our server refuses these before Remix, this
 * holds under the stock remix-serve too). Browsers send Origin on every POST form and fetch; a request from another
 * site is refused with 403, and so are `null` (a sandboxed frame, a redirect from another site) and anything that is
 * not an origin at all. Requests without Origin (curl, older clients) are allowed: SameSite=Lax cookies already keep
 * them from acting for a signed-in person.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("Origin");
  if (origin === null) return;
  const allowed = new Set([new URL(request.url).origin, new URL(getEnv().APP_URL).origin]);
  const host = request.headers.get("Host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (!allowed.has(origin)) {
    throw new Response("Cross-site request refused.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/** A redirect target from the request, made safe: only same-site paths, never "//evil.example" or "javascript:". */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // A path as a browser sends it is percent-encoded ASCII. Anything else (controls, DEL, spaces, é, emoji) cannot
  // go in a Location header as is: Node refused the header and the redirect became a 500.
  if (to.length > 2000 || /[^\x21-\x7e]/.test(to)) return fallback;
  return to;
}

/**
 * The largest array index a field name may carry. Conform reads `name[7]` as an index and sends a refused form
 * back with arrays that long, so one field named `x[4294967294]` would make the answer an array of four billion
 * entries (the server ran out of memory). Our longest list (a service's materials) has 12 rows.
 */
const MAX_FIELD_INDEX = 99;
const FIELD_INDEX = /\[(\d+)\]/g;

/**
 * A request's body, counted while it is read: null as soon as it passes `max` bytes. A missing or lying
 * Content-Length (a chunked body) cannot make us read, or keep, more than `max`.
 */
export async function readBounded(request: Request, max: number): Promise<Buffer | null> {
  if (Number(request.headers.get("Content-Length") ?? "0") > max) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Not cancel(): that destroys the socket, and the client got a connection reset instead of the 413.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a form body, refusing with 413 as soon as it passes `maxBytes` (counted while reading, chunked or not). */
export async function readForm(request: Request, maxBytes = 64 * 1024): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    throw new Response("Please send the form from the page.", { status: 415 });
  }
  const bytes = await readBounded(request, maxBytes);
  if (bytes === null) throw new Response("That form was too large.", { status: 413 });
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new Response("That form could not be read.", { status: 400 });
  }
  for (const name of new Set(form.keys())) {
    for (const [, index] of name.matchAll(FIELD_INDEX)) {
      if (Number(index) > MAX_FIELD_INDEX) throw new Response("That form could not be read.", { status: 400 });
    }
  }
  // No page sends a NUL character, and PostgreSQL cannot store one in text: saving it was a 500.
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      throw new Response("That form could not be read.", { status: 400 });
    }
  }
  return form;
}

/**
 * A route's `headers` export for pages whose action may answer 429: the action's Retry-After reaches the page and
 * its `.data` answer, as it reaches the JSON API's (Remix sends an action's headers only through this export).
 */
export const retryAfterHeaders = ({
  actionHeaders,
  errorHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  errorHeaders?: Headers;
  parentHeaders: Headers;
}): Headers => {
  const headers = new Headers(parentHeaders);
  // A refusal the action throws (the upload slots' 429/503) is rendered by the error boundary: its headers are errorHeaders.
  const retryAfter = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
