import crypto from "node:crypto";
import type { EntryContext } from "@remix-run/node";

// HTTP caching for the many anonymous visitors. A page may be cached by browsers and shared caches
// only when every route that rendered it opts in (`export const handle = { cache: "public" }`), the visitor
// carries none of our cookies (no session, no flash toast, no per-browser id) and the response sets none.
// Everything else is private: a signed-in page or a page with a toast must never be served to someone else.

export const PUBLIC_CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

export interface CacheHandle {
  cache?: "public";
}

export function carriesOurCookies(request: Request): boolean {
  return /(?:^|;\s*)glow_/.test(request.headers.get("Cookie") ?? "");
}

export function isPubliclyCacheable(request: Request, status: number, headers: Headers, context: EntryContext): boolean {
  if (request.method !== "GET" || status !== 200) return false;
  if (carriesOurCookies(request) || headers.has("Set-Cookie")) return false;
  const matches = context.staticHandlerContext.matches;
  return (
    matches.length > 0 &&
    matches.every((m) => {
      if (m.route.id === "root") return true; // the shell is the same for every anonymous visitor
      const handle = context.routeModules[m.route.id]?.handle as CacheHandle | undefined;
      return handle?.cache === "public";
    })
  );
}

export function weakEtag(body: string): string {
  return `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
}

export function etagMatches(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header.split(",").some((t) => t.trim() === etag || t.trim() === "*");
}
