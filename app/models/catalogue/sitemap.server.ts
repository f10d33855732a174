import { getDb } from "~/db/db.server";
import { vendorNotSuspended } from "~/models/catalogue/listed-vendor.server";

// What search engines are told exists: the public catalogue, in one sitemap per kind of page (vendors, services,
// category pages), each split into files of at most 50,000 addresses (the sitemaps protocol's limit), gathered by an
// index. Only what anyone can open is listed: active services, vendors with at least one, categories with at least
// one; a paused, draft or pending service is not (and its page answers 404). `lastmod` is the newest change of the
// active services behind the page (a vendor's own record keeps no change time).

export const SITEMAP_MAX_URLS = 50_000;

export type SitemapKind = "vendors" | "services" | "categories";
export const SITEMAP_KINDS: SitemapKind[] = ["categories", "vendors", "services"];

export interface SitemapEntry {
  /** The page's path from the site's root. */
  path: string;
  /** yyyy-MM-dd'T'HH:mm:ss.sssZ, or null when nothing says. */
  lastmod: string | null;
}

export interface SitemapFile {
  kind: SitemapKind;
  /** 1-based */
  part: number;
  lastmod: string | null;
}

/** The files of the index: each kind in as many parts as it needs (at least one, so every kind's address answers). */
export async function sitemapFiles(perFile = SITEMAP_MAX_URLS): Promise<SitemapFile[]> {
  const files: SitemapFile[] = [];
  for (const kind of SITEMAP_KINDS) {
    const entries = await sitemapEntries(kind);
    const parts = Math.max(1, Math.ceil(entries.length / perFile));
    for (let part = 1; part <= parts; part++) {
      const slice = entries.slice((part - 1) * perFile, part * perFile);
      files.push({ kind, part, lastmod: newest(slice.map((e) => e.lastmod)) });
    }
  }
  return files;
}

/** One part of a kind's sitemap; null when the part does not exist. */
export async function sitemapPart(kind: SitemapKind, part: number, perFile = SITEMAP_MAX_URLS): Promise<SitemapEntry[] | null> {
  const entries = await sitemapEntries(kind);
  const parts = Math.max(1, Math.ceil(entries.length / perFile));
  if (part < 1 || part > parts) return null;
  return entries.slice((part - 1) * perFile, part * perFile);
}

async function sitemapEntries(kind: SitemapKind): Promise<SitemapEntry[]> {
  const db = await getDb();
  if (kind === "services") {
    const rows = await db
      .selectFrom("services")
      .select(["id", "updated_at"])
      .where("status", "=", "active")
      .where(vendorNotSuspended("vendor_id"))
      .orderBy("id")
      .execute();
    return rows.map((r) => ({ path: `/details/${r.id}`, lastmod: r.updated_at }));
  }
  if (kind === "vendors") {
    const rows = await db
      .selectFrom("vendors as v")
      .innerJoin("services as s", (join) => join.onRef("s.vendor_id", "=", "v.id").on("s.status", "=", "active"))
      .where("v.suspended_at", "is", null)
      .select(["v.id", (eb) => eb.fn.max("s.updated_at").as("lastmod")])
      .groupBy("v.id")
      .orderBy("v.id")
      .execute();
    return rows.map((r) => ({ path: `/profile/vendor/${r.id}`, lastmod: r.lastmod }));
  }
  const rows = await db
    .selectFrom("categories as c")
    .innerJoin("services as s", (join) => join.onRef("s.category_id", "=", "c.id").on("s.status", "=", "active"))
    .where(vendorNotSuspended("s.vendor_id"))
    .select(["c.slug", "c.sort", (eb) => eb.fn.max("s.updated_at").as("lastmod")])
    .groupBy(["c.slug", "c.sort"])
    .orderBy("c.sort")
    .orderBy("c.slug")
    .execute();
  const all = newest(rows.map((r) => r.lastmod));
  const genders = rows.filter((r) => r.slug === "men" || r.slug === "women").map((r) => ({ path: `/main/${r.slug}`, lastmod: r.lastmod }));
  return [
    { path: "/", lastmod: all },
    { path: "/badges", lastmod: null },
    ...genders,
    ...rows.map((r) => ({ path: `/submenu/${encodeURIComponent(r.slug)}`, lastmod: r.lastmod })),
  ];
}

function newest(values: (string | null)[]): string | null {
  return values.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);
}
