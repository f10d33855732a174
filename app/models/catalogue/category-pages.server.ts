import { sql } from "kysely";
import { vendorNotSuspended } from "~/models/catalogue/listed-vendor.server";
import { getDb } from "~/db/db.server";
import { formatNaira } from "~/utils/money";
import { withCardFilters, type CardFilters } from "./card-filters.server";
import { distanceSql, inPlace, type Place } from "./places.server";
import { type SearchResult } from "./search.server";
import { byRating, cardQuery, toCard, type ServiceCard } from "./service-cards.server";
import { pageSlice } from "~/db/page-slice.server";

// The category (submenu) pages with their filter bar, the rows of Home and the men/women pages, and the category
// JSON endpoint.

export const CATEGORY_PAGE_SIZE = 12;

// ---------------------------------------------------------------------------------------------------------
// Category (submenu) pages and their filter bar

export interface CategoryFilters extends CardFilters {
  near?: Place | null;
  distanceKm?: number | null;
}

export async function categoryServices(args: { categoryId: number; filters: CategoryFilters; page: number; viewerId: number | null }): Promise<SearchResult> {
  const db = await getDb();
  const { filters } = args;
  const near = filters.near ?? null;
  const rows = await withCardFilters(cardQuery(db, args.viewerId).where("s.category_id", "=", args.categoryId), filters)
    .$if(Boolean(near), (qb) => qb.where(inPlace(near!, filters.distanceKm)))
    .select(sql<number>`count(*) over ()`.as("total"))
    // With a chosen location the nearest come first; otherwise recommended, then best rated.
    .$if(Boolean(near), (qb) => qb.orderBy(distanceSql(near!)))
    .$if(!near, (qb) => qb.orderBy("s.recommended", "desc").orderBy(byRating, "desc"))
    .orderBy("s.id")
    .$call((q) => pageSlice(q, CATEGORY_PAGE_SIZE, (args.page - 1) * CATEGORY_PAGE_SIZE))
    .execute();
  const total = rows[0] ? Number(rows[0].total) : 0;
  return { cards: rows.map((r) => toCard(r, near)), total, page: args.page, pageCount: Math.ceil(total / CATEGORY_PAGE_SIZE) };
}

export interface CategoryPage {
  id: number;
  slug: string;
  title: string;
  heading: string;
  banner: { titleSpan1: string; titleSpan2: string; titleSpan3: string | null; paragraph: string; img1: string; img2: string };
  styles: { text: string; img: string }[];
  /** The category's kinds of service (distinct styles), each with a picture: the tile carousel. */
  tiles: { text: string; img: string; href: string }[];
}

/** A category by its slug, case-insensitively (links may capitalise it: /submenu/Pedicure); null when there is none. */
export async function getCategoryPage(slug: string): Promise<CategoryPage | null> {
  const db = await getDb();
  const category = await db
    .selectFrom("categories")
    .selectAll()
    .where(sql`lower(slug)`, "=", slug.toLowerCase().slice(0, 40))
    .executeTakeFirst();
  if (!category) return null;
  const [styles, tiles] = await Promise.all([
    db.selectFrom("category_styles").select(["text", "img"]).where("category_id", "=", category.id).orderBy("sort").execute(),
    db
      .selectFrom("services")
      .select(["style", (eb) => eb.fn.min("image").as("img"), (eb) => eb.fn.countAll<number>().as("n")])
      .where("category_id", "=", category.id)
      .where("status", "=", "active")
      .where(vendorNotSuspended("vendor_id"))
      .groupBy("style")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("style")
      .execute(),
  ]);
  return {
    id: category.id,
    slug: category.slug,
    title: category.title,
    heading: category.heading,
    banner: {
      titleSpan1: category.title_span1,
      titleSpan2: category.title_span2,
      titleSpan3: category.title_span3,
      paragraph: category.paragraph,
      img1: category.img1,
      img2: category.img2,
    },
    styles,
    tiles: tiles.map((t) => ({ text: t.style, img: String(t.img), href: `/search/${encodeURIComponent(t.style.toLowerCase())}` })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Lists for Home and the men/women pages

export async function popularServices(limit = 8): Promise<ServiceCard[]> {
  const db = await getDb();
  const rows = await cardQuery(db, null).orderBy("s.rating_count", "desc").orderBy("s.id").limit(limit).execute();
  return rows.map((r) => toCard(r));
}

/** Services of some groups for a gender (men's or women's page rows), best rated first. */
export async function servicesFor(args: {
  groups?: string[];
  categorySlugs?: string[];
  gender: "men" | "women";
  viewerId: number | null;
  limit?: number;
}): Promise<ServiceCard[]> {
  const db = await getDb();
  const rows = await cardQuery(db, args.viewerId)
    .where("s.gender", "in", [args.gender, "unisex"])
    .$if(Boolean(args.groups?.length), (qb) => qb.where("s.group_name", "in", args.groups!))
    .$if(Boolean(args.categorySlugs?.length), (qb) =>
      qb.where("s.category_id", "in", (eb) => eb.selectFrom("categories").select("id").where("slug", "in", args.categorySlugs!)),
    )
    .orderBy(byRating, "desc")
    .orderBy("s.id")
    .limit(args.limit ?? 4)
    .execute();
  return rows.map((r) => toCard(r));
}

/** The most used tags of a set of categories: the tag row of the men/women pages. */
export async function popularTags(categorySlugs: string[], limit = 8): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("service_tags as t")
    .innerJoin("services as s", "s.id", "t.service_id")
    .innerJoin("categories as c", "c.id", "s.category_id")
    .where("s.status", "=", "active")
    .where(vendorNotSuspended("s.vendor_id"))
    .where("c.slug", "in", categorySlugs)
    .select(["t.tag", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("t.tag")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("t.tag")
    .limit(limit)
    .execute();
  return rows.map((r) => r.tag);
}

// ---------------------------------------------------------------------------------------------------------
// POST /services/services_by_categories

export interface CategoryServiceJson {
  id: number;
  title: string;
  img: string;
  location: string;
  /** The price as a card shows it, e.g. "₦7,500" (part of this JSON's contract; price_kobo is the number). */
  price: string;
  price_kobo: number;
  rating: number;
  rating_count: number;
  vendor: string;
  url: string;
}

/** A category's active services, or null when the category does not exist. */
export async function servicesByCategory(categoryId: number): Promise<CategoryServiceJson[] | null> {
  const db = await getDb();
  const category = await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!category) return null;
  const rows = await cardQuery(db, null).where("s.category_id", "=", categoryId).orderBy(byRating, "desc").orderBy("s.id").execute();
  return rows.map((r) => {
    const card = toCard(r);
    return {
      id: card.id,
      title: card.title,
      img: card.image,
      location: `${card.area}, ${card.city}`,
      price: formatNaira(card.priceKobo),
      price_kobo: card.priceKobo,
      rating: card.rating,
      rating_count: card.ratingCount,
      vendor: card.vendorName,
      url: `/details/${card.id}`,
    };
  });
}
