import crypto from "node:crypto";

// Rendered shared pages, kept in this process (issue 7: throughput).
//
// Rendering is most of what an anonymous page costs (React and the router's links: ~70% of the time; the
// queries are a few tenths of a millisecond each). A shared page (cache.server.ts: every route opted in, no cookie
// of ours, status 200) depends on nothing but its URL and its loaders' data, so the same URL rendered from the same
// data gives the same bytes. We key the rendered bytes by both: the loaders still run on every request, so a
// visitor never sees older data than a fresh render would show; only the rendering is saved.

export interface RenderedPage {
  html: string;
  etag: string;
  /** Headers that depend on the bytes (the CSP's script hashes). */
  headers: Record<string, string>;
}

const MAX_BYTES = 16 * 1024 * 1024;
const pages = new Map<string, RenderedPage>();
let bytes = 0;

export function renderKey(url: string, data: unknown): string {
  return crypto.createHash("sha1").update(url).update("\n").update(JSON.stringify(data)).digest("base64url");
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
  if (page.html.length > MAX_BYTES / 16) return;
  const old = pages.get(key);
  if (old) bytes -= old.html.length;
  pages.delete(key);
  pages.set(key, page);
  bytes += page.html.length;
  for (const [oldest, evicted] of pages) {
    if (bytes <= MAX_BYTES) break;
    pages.delete(oldest);
    bytes -= evicted.html.length;
  }
}
