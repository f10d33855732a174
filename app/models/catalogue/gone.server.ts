import { getDb } from "~/db/db.server";
import { byRating, cardQuery, toCard } from "./service-cards.server";
import { relatedServices } from "./service-page.server";

// Things gone for good (docs/domain.md, "Gone for good"): a retired service, a closed vendor. Their addresses answer
// 410 Gone rather than 404, so search engines drop them at once, and the page offers similar services instead.
// What never existed, or is only paused or in review, stays a 404.

export interface GonePage {
  /** The sentence the page leads with. */
  message: string;
  /** Similar services anyone can book now. */
  similar: { title: string; href: string; vendorName: string }[];
  /** Where to browse more of the same. */
  browse: { href: string; label: string };
}

const SIMILAR = 4;

const link = (card: { id: number; title: string; vendorName: string }) => ({ title: card.title, href: `/details/${card.id}`, vendorName: card.vendorName });

/** A service that is gone for good (retired, or its vendor closed), with similar ones; null for any other id. */
export async function goneService(id: number): Promise<GonePage | null> {
  const db = await getDb();
  const s = await db
    .selectFrom("services as s")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .innerJoin("categories as c", "c.id", "s.category_id")
    .select(["s.id", "s.title", "s.style", "s.status", "s.category_id", "s.vendor_id", "v.closed_at", "v.business_name", "c.slug", "c.title as category_title"])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!s || (s.status !== "retired" && s.closed_at === null)) return null;
  const similar = await relatedServices({ id: s.id, style: s.style, categoryId: s.category_id, vendor: { id: s.vendor_id } }, SIMILAR);
  return {
    message:
      s.closed_at !== null
        ? `${s.business_name} has closed on Glow, so “${s.title}” can no longer be booked.`
        : `${s.business_name} no longer offers “${s.title}”.`,
    similar: similar.map(link),
    browse: { href: `/submenu/${s.slug}`, label: `Browse ${s.category_title}` },
  };
}

/** A vendor who closed their business on Glow, with services like theirs in their city; null for any other. */
export async function goneVendor(where: { id: number } | { slug: string }): Promise<GonePage | null> {
  const db = await getDb();
  const v = await db
    .selectFrom("vendors as v")
    .select(["v.id", "v.business_name", "v.city", "v.closed_at"])
    .$if("id" in where, (qb) => qb.where("v.id", "=", (where as { id: number }).id))
    .$if("slug" in where, (qb) => qb.where("v.slug", "=", (where as { slug: string }).slug))
    .executeTakeFirst();
  if (!v || v.closed_at === null) return null;
  const groups = (await db.selectFrom("services").select("group_name").distinct().where("vendor_id", "=", v.id).orderBy("group_name").execute()).map(
    (g) => g.group_name,
  );
  const rows =
    groups.length === 0
      ? []
      : await cardQuery(db, null)
          .where("s.group_name", "in", groups)
          .where("v.city", "=", v.city)
          .orderBy(byRating, "desc")
          .orderBy("s.id")
          .limit(SIMILAR)
          .execute();
  return {
    message: `${v.business_name} has closed on Glow.`,
    similar: rows.map((r) => link(toCard(r))),
    browse: groups[0]
      ? { href: `/search/${encodeURIComponent(groups[0].toLowerCase())}`, label: `More ${groups[0]} services` }
      : { href: "/", label: "Browse services" },
  };
}
