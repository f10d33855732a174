import type { MetaDescriptor } from "@remix-run/react";

// What a public page tells search engines and link previews (WhatsApp, X, Facebook): its title, a description
// written from its data, its one canonical address, and an Open Graph / Twitter card with a 1200x630 picture
// (/og/..., made by models/media/preview-image.server.ts). Meta functions run on the server and, after a
// navigation with JavaScript, in the browser: the site's address comes from the root's data, not the environment.

/** What the root gives every meta function (root.tsx). */
export interface SiteRootData {
  siteUrl: string;
}

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const SITE_NAME = "Glow";
export const DEFAULT_PREVIEW = "/og/site/glow";

const DESCRIPTION_MAX = 160;

/** One line of at most 160 characters, cut at a word, from any text a vendor wrote. */
export function describe(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** The site's address from the root's data in a meta function's `matches`. */
export function siteUrlOf(matches: readonly { id: string; data?: unknown }[]): string {
  const root = matches.find((m) => m.id === "root")?.data as Partial<SiteRootData> | undefined;
  return root?.siteUrl ?? "";
}

/**
 * A listing's canonical path: its path with only `page` kept, and only past the first page (filters, dates and
 * sort orders show the same things in another order or subset, so they all point at the listing itself).
 */
export function listingPath(path: string, search: string): string {
  const page = new URLSearchParams(search).get("page");
  return /^[2-9]\d{0,5}$|^1\d{1,5}$/.test(page ?? "") ? `${path}?page=${page}` : path;
}

export interface PageMeta {
  title: string;
  description: string;
  /** The page's canonical path, from the site's root ("/details/12"). */
  path: string;
  /** A 1200x630 preview's path (/og/...); the branded one when the page has no photo of its own. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "profile" | "product";
  /** Pages search engines should not keep (search results, a payment link): no canonical either. */
  noindex?: boolean;
  /** schema.org data, rendered by Remix's <Meta> as a JSON-LD script with <, > and & escaped. */
  jsonLd?: Record<string, unknown>;
}

export function pageMeta(siteUrl: string, page: PageMeta): MetaDescriptor[] {
  const url = `${siteUrl}${page.path}`;
  const image = `${siteUrl}${page.image ?? DEFAULT_PREVIEW}`;
  const description = describe(page.description);
  return [
    { title: page.title },
    { name: "description", content: description },
    ...(page.noindex ? [{ name: "robots", content: "noindex, follow" }] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(PREVIEW_WIDTH) },
    { property: "og:image:height", content: String(PREVIEW_HEIGHT) },
    { property: "og:image:alt", content: page.imageAlt ?? page.title },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(page.jsonLd ? [{ "script:ld+json": page.jsonLd }] : []),
  ];
}
