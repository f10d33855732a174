import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";

// Parts of a page that are the same for everyone who sees the same data (a service card, Home's blocks) are
// rendered once and their HTML kept, so a page rendered per person renders only what is theirs
// (docs/decisions/029-signed-in-page-cost.md). The key names everything the part reads: its data, and the page's
// address where the part links back to it. React renders the part on its own (renderToString, synchronous) inside
// the page's render, reading the same context values; the browser's React renders the part itself and hydrates the
// same markup. The HTML is kept as UTF-8 bytes: the page's renderer sends them as they are, where a string would be
// encoded again on every page (decision 029).

const MAX_ENTRIES = 4000;
const MAX_BYTES = 8 * 1024 * 1024;
const kept = new Map<string, Buffer>();
let keptBytes = 0;
/** How deep the kept parts being rendered now are nested (renderToString is synchronous). */
let rendering = 0;

/**
 * The part's HTML for `key`, as bytes, rendered now if it is not kept (the oldest entries make room, by count and by
 * size). null when rendering it on its own failed: the page then renders the part in place, where the error meets
 * the page's own error handling (an error boundary, a 500 page) as any other would.
 */
export function sharedMarkup(key: string, render: () => ReactNode): Buffer | null {
  const hit = kept.get(key);
  if (hit !== undefined) {
    // Most recently used last: the first entries are the ones to drop.
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  let html: Buffer;
  rendering += 1;
  try {
    html = Buffer.from(renderToString(render()), "utf8");
  } catch {
    return null;
  } finally {
    rendering -= 1;
  }
  const size = html.length + key.length;
  if (size > MAX_BYTES / 16) return html;
  kept.set(key, html);
  keptBytes += size;
  for (const [oldKey, oldHtml] of kept) {
    if (kept.size <= MAX_ENTRIES && keptBytes <= MAX_BYTES) break;
    kept.delete(oldKey);
    keptBytes -= oldHtml.length + oldKey.length;
  }
  return html;
}

/** Whether a kept part is being rendered on its own now (one inside it is then written as a string). */
export function insideKeptMarkup(): boolean {
  return rendering > 0;
}

/** How many parts are kept, and their size (tests). */
export function sharedMarkupStats(): { entries: number; bytes: number } {
  return { entries: kept.size, bytes: keptBytes };
}
