import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

// Rendered shared pages, kept in this process (issue 7: throughput).
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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A shared page compressed once, off the main thread. Compressing on every response was most of an anonymous
 * page's cost: remix-serve's compression middleware took Home from 1.2 ms of CPU to 5 ms (brotli) or 2.8 ms (gzip).
 * Brotli quality 6 is 9 KB for Home against quality 4's 10 KB, at 1.5 ms once.
 */
export async function compressed(body: Uint8Array<ArrayBuffer>): Promise<Pick<RenderedPage, "br" | "gzip">> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzip(body, { level: 9 }),
  ]);
  return { br: new Uint8Array(br), gzip: new Uint8Array(gz) };
}

/** One person's page, compressed once per request: brotli at the quality remix-serve's middleware uses (4). */
export async function compressOnce(body: Uint8Array, encoding: "br" | "gzip"): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === "br"
      ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : await gzip(body, { level: 6 });
  return new Uint8Array(out);
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (a q of 0 refuses one). */
export function pickEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith("q="));
    // A weight that is not a number makes the entry unusable, not a full "yes".
    const value = weight === undefined ? 1 : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(weight) ? Number(weight.slice(2)) : NaN;
    if (name && Number.isFinite(value)) q.set(name, value);
  }
  const weightOf = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  const [br, gz] = [weightOf("br"), weightOf("gzip")];
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : null;
}
