import crypto from "node:crypto";
import { compress } from "./compression.server";

// Rendered shared pages, kept in this process (throughput).
//
// Rendering is most of what an anonymous page costs (React and the router's links: ~70% of the time; the
// queries are a few tenths of a millisecond each). A shared page (cache.server.ts: every route opted in, no cookie
// of ours, status 200) depends on nothing but its URL and its loaders' data, so the same URL rendered from the same
// data gives the same bytes. We key the rendered bytes by both: the loaders still run on every request, so a
// visitor never sees older data than a fresh render would show; only the rendering is saved.

export interface RenderedPage {
  /** The page as UTF-8 bytes, encoded once rather than on every response. */
  body: Uint8Array<ArrayBuffer>;
  /** The same bytes compressed once, for the browsers that accept them (nearly all do). */
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Headers that depend on the bytes (the CSP's script hashes). */
  headers: Record<string, string>;
}

const MAX_BYTES = 16 * 1024 * 1024;
const pages = new Map<string, RenderedPage>();
let bytes = 0;

// Shared loader data is one object for everyone until it changes (shared-data.server.ts), and nobody mutates it:
// its JSON is computed once per object, not on every request.
const jsonOf = new WeakMap<object, string>();

/** The URL and each route's loader data, as one hash. */
export function renderKey(url: string, loaderData: Record<string, unknown>): string {
  const hash = crypto.createHash("sha1").update(url);
  for (const [routeId, data] of Object.entries(loaderData)) {
    let json = typeof data === "object" && data !== null ? jsonOf.get(data) : undefined;
    if (json === undefined) {
      json = JSON.stringify(data) ?? "undefined";
      if (typeof data === "object" && data !== null) jsonOf.set(data, json);
    }
    hash.update("\n").update(routeId).update("\n").update(json);
  }
  return hash.digest("base64url");
}

export function renderedPage(key: string): RenderedPage | undefined {
  const page = pages.get(key);
  if (page) {
    // Map order is our recency order: the least recently used page is the first to go.
    pages.delete(key);
    pages.set(key, page);
  }
  return page;
}

export function keepRenderedPage(key: string, page: RenderedPage): void {
  if (sizeOf(page) > MAX_BYTES / 16) return;
  const old = pages.get(key);
  if (old) bytes -= sizeOf(old);
  pages.delete(key);
  pages.set(key, page);
  bytes += sizeOf(page);
  for (const [oldest, evicted] of pages) {
    if (bytes <= MAX_BYTES) break;
    pages.delete(oldest);
    bytes -= sizeOf(evicted);
  }
}

const sizeOf = (page: RenderedPage) => page.body.byteLength + page.br.byteLength + page.gzip.byteLength;

/** A shared page's compressed forms, made once when it is kept (compression.server.ts). */
export async function compressed(body: Uint8Array): Promise<Pick<RenderedPage, "br" | "gzip">> {
  const [br, gzip] = await Promise.all([compress(body, "br", "kept"), compress(body, "gzip", "kept")]);
  return { br, gzip };
}
