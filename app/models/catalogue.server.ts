import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { formatNaira } from "~/utils/money";
import { addDaysToDay } from "~/utils/time";
import { reviewerName } from "./review-rules";
import { freeSlots } from "./slots.server";
import { PRICE_RANGES, RATING_RANGES, type PriceRange, type RatingRange } from "./catalogue-filters";

// The public catalogue: cards, search, the filters of category pages, service detail, vendor profiles.
// Only active services are ever public. Every list is one query: vendor, favourite flag and rating come from
// joins and the cached rating columns, never from a query per card.

export const SEARCH_PAGE_SIZE = 20;
export const CATEGORY_PAGE_SIZE = 12;
export const TERM_MAX = 80;
export const LOCATION_MAX = 60;

export interface ServiceCard {
  id: number;
  title: string;
  image: string;
  /** What the customer pays: the promo price when there is one. */
  priceKobo: number;
  /** The price before the promo, shown struck through; null without a promo. */
  listPriceKobo: number | null;
  vendorName: string;
  area: string;
  city: string;
  /** Average stars out of 5, two decimals; 0 when nobody has rated it yet. */
  rating: number;
  ratingCount: number;
  favorite: boolean;
  /** Kilometres from the chosen location, when one is chosen. */
  distanceKm?: number;
}

type Eb = ExpressionBuilder<Database & { s: Database["services"]; v: Database["vendors"] }, "s" | "v">;

/** Average of cached rating columns, rounded to two decimals (4.561 -> 4.56). */
export function averageRating(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : 0;
}

const effectivePrice = sql<number>`coalesce(s.promo_price_kobo, s.price_kobo)`;

/** Active services with their vendor and the viewer's favourite flag: the base of every card list. */
function cardQuery(db: DB, viewerId: number | null) {
  return db
    .selectFrom("services as s")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .leftJoin("favorites as f", (join) => join.onRef("f.service_id", "=", "s.id").on("f.user_id", "=", viewerId ?? 0))
    .where("s.status", "=", "active")
    .select([
      "s.id",
      "s.title",
      "s.image",
      "s.price_kobo",
      "s.promo_price_kobo",
      "s.rating_count",
      "s.rating_sum",
      "v.business_name",
      "v.area",
      "v.city",
      "v.lat",
      "v.lng",
      "f.user_id as favorite_of",
    ]);
}

type CardRow = {
  id: number;
  title: string;
  image: string;
  price_kobo: number;
  promo_price_kobo: number | null;
  rating_count: number;
  rating_sum: number;
  business_name: string;
  area: string;
  city: string;
  lat: number;
  lng: number;
  favorite_of: number | null;
};

function toCard(row: CardRow, from?: Place | null): ServiceCard {
  const promo = row.promo_price_kobo !== null && row.promo_price_kobo < row.price_kobo;
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    priceKobo: promo ? row.promo_price_kobo! : row.price_kobo,
    listPriceKobo: promo ? row.price_kobo : null,
    vendorName: row.business_name,
    area: row.area,
    city: row.city,
    rating: averageRating(row.rating_sum, row.rating_count),
    ratingCount: row.rating_count,
    favorite: row.favorite_of !== null,
    ...(from ? { distanceKm: Math.round(distanceKm(from, row) * 10) / 10 } : {}),
  };
}

// Best rated first, with a little weight for how many people rated (a single 5-star rating does not beat
// 400 ratings averaging 4.8); the id keeps the order stable across pages.
const byRating = sql`(s.rating_sum + 4.0 * 3) / (s.rating_count + 3)`;

// ---------------------------------------------------------------------------------------------------------
// Search terms

/**
 * Words of a search term, lower-cased, at most 6, each at most 30 characters. A trailing plural "s" is dropped
 * so "braids" finds "Braids" and "nails" finds "Nail art". Hyphens separate words ("knotless-braids").
 */
export function termWords(term: string): string[] {
  return term
    .slice(0, TERM_MAX)
    .toLowerCase()
    .split(/[\s,+-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}&'.]/gu, "").slice(0, 30))
    .filter((w) => w.length > 0)
    .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w))
    .slice(0, 6);
}

// The catalogue spells the category "Tatoo" (as the spec does) while people type "tattoo"; both must find both.
const SPELLINGS: Record<string, string[]> = {
  tattoo: ["tatoo"],
  tatoo: ["tattoo"],
  colour: ["color"],
  color: ["colour"],
  saloon: ["salon"],
};

/** `text` with LIKE's wildcards (and the escape character) escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that matches `word` anywhere. */
const containsPattern = (word: string) => `%${escapeLike(word)}%`;

const like = (column: Expression<unknown>, pattern: string) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

/** One word matches a service's title, group, style, category, tags or vendor name. */
function wordMatches(eb: Eb, word: string): Expression<SqlBool> {
  const patterns = [word, ...(SPELLINGS[word] ?? [])].map(containsPattern);
  return eb.or(
    patterns.flatMap((p) => [
      like(sql.ref("s.title"), p),
      like(sql.ref("s.group_name"), p),
      like(sql.ref("s.style"), p),
      like(sql.ref("v.business_name"), p),
      eb.exists(
        eb
          .selectFrom("categories as c")
          .select(sql`1`.as("one"))
          .whereRef("c.id", "=", "s.category_id")
          .where(like(sql.ref("c.title"), p)),
      ),
      eb.exists(
        eb
          .selectFrom("service_tags as t")
          .select(sql`1`.as("one"))
          .whereRef("t.service_id", "=", "s.id")
          .where(sql<SqlBool>`t.tag like ${p} escape '\\'`),
      ),
    ]),
  );
}

function termMatches(eb: Eb, words: string[]): Expression<SqlBool> {
  return eb.and(words.map((w) => wordMatches(eb, w)));
}

/** Every comma-separated part of a location ("Lekki, Lagos") names the vendor's area, city, state or address. */
function locationMatches(eb: Eb, location: string): Expression<SqlBool> {
  const parts = location
    .slice(0, LOCATION_MAX)
    .toLowerCase()
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 3);
  return eb.and(
    parts.map((part) => {
      const p = containsPattern(part);
      return eb.or([like(sql.ref("v.area"), p), like(sql.ref("v.city"), p), like(sql.ref("v.state"), p), like(sql.ref("v.address"), p)]);
    }),
  );
}

/**
 * The vendor opens on `day` ("yyyy-MM-dd"): its weekly schedule opens that weekday (open_days is kept with the
 * schedule, app/models/vendor-profile.server.ts) and no day off covers it. The same two rules `daySlots` applies
 * first, written in SQL so a search filters and pages in the database.
 */
function opensOn(day: string): Expression<SqlBool> {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  return sql<SqlBool>`((',' || v.open_days || ',') like ${`%,${weekday},%`} and not exists (select 1 from vendor_time_off o where o.vendor_id = v.id and o.starts_on <= ${day} and o.ends_on >= ${day}))`;
}

// ---------------------------------------------------------------------------------------------------------
// Search

export interface SearchInput {
  term: string;
  location?: string;
  /** "yyyy-MM-dd": only vendors open that day. */
  day?: string | null;
  page: number;
  viewerId: number | null;
}

export interface SearchResult {
  cards: ServiceCard[];
  total: number;
  page: number;
  pageCount: number;
}

export async function searchServices(input: SearchInput): Promise<SearchResult> {
  const db = await getDb();
  const words = termWords(input.term);
  if (words.length === 0) return { cards: [], total: 0, page: input.page, pageCount: 0 };
  const first = escapeLike(words[0]!);
  const rows = await cardQuery(db, input.viewerId)
    .where((eb) => termMatches(eb, words))
    .$if(Boolean(input.location?.trim()), (qb) => qb.where((eb) => locationMatches(eb, input.location!)))
    .$if(Boolean(input.day), (qb) => qb.where(opensOn(input.day!)))
    .select(sql<number>`count(*) over ()`.as("total"))
    // The kind of service people asked for first ("hair" -> the Hair group), then title matches, then the
    // rest (tags, vendor names).
    .orderBy(
      sql`case when lower(s.group_name) like ${`${first}%`} escape '\\' or lower(s.style) like ${`${first}%`} escape '\\' then 0
               when lower(s.title) like ${`%${first}%`} escape '\\' then 1 else 2 end`,
    )
    .orderBy(byRating, "desc")
    .orderBy("s.id")
    .limit(SEARCH_PAGE_SIZE)
    .offset((input.page - 1) * SEARCH_PAGE_SIZE)
    .execute();
  // Past the last page the window count is unknown (no rows): count once more so the page can say how many.
  const total = rows[0]
    ? Number(rows[0].total)
    : input.page > 1
    ? Number(
        (
          await db
            .selectFrom("services as s")
            .innerJoin("vendors as v", "v.id", "s.vendor_id")
            .where("s.status", "=", "active")
            .where((eb) => termMatches(eb, words))
            .$if(Boolean(input.location?.trim()), (qb) => qb.where((eb) => locationMatches(eb, input.location!)))
            .$if(Boolean(input.day), (qb) => qb.where(opensOn(input.day!)))
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  return { cards: rows.map((r) => toCard(r)), total, page: input.page, pageCount: Math.ceil(total / SEARCH_PAGE_SIZE) };
}

/** Well-rated services that do not match the term: the "Other services" below results (or below no results). */
export async function otherServices(args: {
  term?: string;
  categoryId?: number;
  excludeIds?: number[];
  viewerId: number | null;
  limit?: number;
}): Promise<ServiceCard[]> {
  const db = await getDb();
  const words = args.term ? termWords(args.term) : [];
  const rows = await cardQuery(db, args.viewerId)
    .$if(words.length > 0, (qb) => qb.where((eb) => eb.not(termMatches(eb, words))))
    .$if(args.categoryId !== undefined, (qb) => qb.where("s.category_id", "!=", args.categoryId!))
    .$if(Boolean(args.excludeIds?.length), (qb) => qb.where("s.id", "not in", args.excludeIds!))
    .orderBy(byRating, "desc")
    .orderBy("s.id")
    .limit(args.limit ?? 8)
    .execute();
  return rows.map((r) => toCard(r));
}

// ---------------------------------------------------------------------------------------------------------
// Places and distance

export interface Place {
  /** The value people choose and the URL carries: "Lekki, Lagos" or "Lagos". */
  name: string;
  city: string;
  lat: number;
  lng: number;
}

/** Where vendors are: each city, and each area within it, at the mean of its vendors' coordinates. */
export async function listPlaces(): Promise<{ city: Place; areas: Place[] }[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("vendors")
    .select([
      "city",
      "area",
      (eb) => eb.fn.avg<number>("lat").as("lat"),
      (eb) => eb.fn.avg<number>("lng").as("lng"),
      (eb) => eb.fn.countAll<number>().as("n"),
    ])
    .groupBy(["city", "area"])
    .orderBy("city")
    .orderBy("area")
    .execute();
  const byCity = new Map<string, { city: Place; areas: Place[]; n: number }>();
  for (const r of rows) {
    const lat = Number(r.lat);
    const lng = Number(r.lng);
    const n = Number(r.n);
    const entry = byCity.get(r.city) ?? { city: { name: r.city, city: r.city, lat: 0, lng: 0 }, areas: [], n: 0 };
    entry.city.lat += lat * n;
    entry.city.lng += lng * n;
    entry.n += n;
    entry.areas.push({ name: `${r.area}, ${r.city}`, city: r.city, lat, lng });
    byCity.set(r.city, entry);
  }
  return [...byCity.values()].map(({ city, areas, n }) => ({ city: { ...city, lat: city.lat / n, lng: city.lng / n }, areas }));
}

export function findPlace(places: { city: Place; areas: Place[] }[], name: string): Place | null {
  const wanted = name.trim().toLowerCase();
  for (const p of places) {
    if (p.city.name.toLowerCase() === wanted) return p.city;
    const area = p.areas.find((a) => a.name.toLowerCase() === wanted);
    if (area) return area;
  }
  return null;
}

const KM_PER_DEGREE_LAT = 110.574;
const KM_PER_DEGREE_LNG_AT_EQUATOR = 111.32;

/**
 * Distance on a flat map around `from` (equirectangular). Within a city it is off by well under 1%, and it is
 * plain arithmetic, so the same expression runs in SQLite and PostgreSQL without trigonometry functions.
 */
export function distanceKm(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const dx = (to.lng - from.lng) * Math.cos((from.lat * Math.PI) / 180) * KM_PER_DEGREE_LNG_AT_EQUATOR;
  const dy = (to.lat - from.lat) * KM_PER_DEGREE_LAT;
  return Math.sqrt(dx * dx + dy * dy);
}

function distanceSquaredSql(from: Place) {
  const kx = Math.cos((from.lat * Math.PI) / 180) * KM_PER_DEGREE_LNG_AT_EQUATOR;
  const num = (n: number) => sql`cast(${n} as double precision)`;
  return sql<number>`((v.lng - ${num(from.lng)}) * ${num(kx)}) * ((v.lng - ${num(from.lng)}) * ${num(kx)}) + ((v.lat - ${num(from.lat)}) * ${num(
    KM_PER_DEGREE_LAT,
  )}) * ((v.lat - ${num(from.lat)}) * ${num(KM_PER_DEGREE_LAT)})`;
}

// ---------------------------------------------------------------------------------------------------------
// Category (submenu) pages and their filter bar

export interface CategoryFilters {
  price?: PriceRange;
  rating?: RatingRange;
  day?: string | null;
  near?: Place | null;
  distanceKm?: number | null;
  homeService?: boolean;
  recommended?: boolean;
}

export async function categoryServices(args: {
  categoryId: number;
  filters: CategoryFilters;
  page: number;
  viewerId: number | null;
}): Promise<SearchResult> {
  const db = await getDb();
  const { filters } = args;
  const price = PRICE_RANGES.find((r) => r.value === filters.price);
  const rating = RATING_RANGES.find((r) => r.value === filters.rating);
  const near = filters.near ?? null;
  const rows = await cardQuery(db, args.viewerId)
    .where("s.category_id", "=", args.categoryId)
    .$if(Boolean(price), (qb) =>
      qb.where(effectivePrice, ">=", price!.min * 100).$if(price!.max !== null, (q) => q.where(effectivePrice, "<=", price!.max! * 100)),
    )
    .$if(Boolean(rating), (qb) =>
      // 10-point rating = 2 x sum / count, compared without division: lo <= 2 sum / n < hi.
      qb.where((eb) =>
        eb.or([
          rating!.min === 0 ? eb("s.rating_count", "=", 0) : sql<SqlBool>`1 = 0`,
          eb.and([
            eb("s.rating_count", ">", 0),
            sql<SqlBool>`2 * s.rating_sum >= ${rating!.min} * s.rating_count`,
            rating!.max === 10 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`2 * s.rating_sum < ${rating!.max} * s.rating_count`,
          ]),
        ]),
      ),
    )
    .$if(Boolean(filters.day), (qb) => qb.where(opensOn(filters.day!)))
    .$if(Boolean(filters.homeService), (qb) => qb.where("s.service_type", "in", ["home", "both"]))
    .$if(Boolean(filters.recommended), (qb) => qb.where("s.recommended", "=", 1))
    .$if(Boolean(near && filters.distanceKm), (qb) => qb.where(distanceSquaredSql(near!), "<=", filters.distanceKm! * filters.distanceKm!))
    .select(sql<number>`count(*) over ()`.as("total"))
    // With a chosen location the nearest come first; otherwise recommended, then best rated.
    .$if(Boolean(near), (qb) => qb.orderBy(distanceSquaredSql(near!)))
    .$if(!near, (qb) => qb.orderBy("s.recommended", "desc").orderBy(byRating, "desc"))
    .orderBy("s.id")
    .limit(CATEGORY_PAGE_SIZE)
    .offset((args.page - 1) * CATEGORY_PAGE_SIZE)
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

/** A category by its slug, case-insensitively (spec links /submenu/Pedicure); null when there is none. */
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
    .where("c.slug", "in", categorySlugs)
    .select(["t.tag", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("t.tag")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("t.tag")
    .limit(limit)
    .execute();
  return rows.map((r) => r.tag);
}

export interface VendorCard {
  id: number;
  name: string;
  ownerName: string;
  image: string;
  area: string;
  city: string;
  level: number;
  rating: number;
  ratingCount: number;
  /** Cheapest active service of the vendor (in the groups asked for). */
  fromKobo: number;
  tags: string[];
}

/** Vendors offering a group of services, best rated first (Home's top hair salons, similar stylists). */
export async function topVendors(args: { groups?: string[]; excludeId?: number; city?: string; limit?: number }): Promise<VendorCard[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("vendors as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .innerJoin("services as s", (join) => join.onRef("s.vendor_id", "=", "v.id").on("s.status", "=", "active"))
    .$if(Boolean(args.groups?.length), (qb) => qb.where("s.group_name", "in", args.groups!))
    .$if(args.excludeId !== undefined, (qb) => qb.where("v.id", "!=", args.excludeId!))
    .$if(Boolean(args.city), (qb) => qb.where("v.city", "=", args.city!))
    .select([
      "v.id",
      "v.business_name",
      "u.first_name",
      "u.last_name",
      "v.image",
      "v.area",
      "v.city",
      "v.level",
      "v.tags",
      "v.vendor_rating_count",
      "v.vendor_rating_sum",
      (eb) => eb.fn.min(effectivePrice).as("from_kobo"),
    ])
    .groupBy(["v.id", "v.business_name", "u.first_name", "u.last_name", "v.image", "v.area", "v.city", "v.level", "v.tags", "v.vendor_rating_count", "v.vendor_rating_sum"])
    // Best rated first, with a prior of three 4-star ratings so one 5-star rating does not beat hundreds of 4.8s.
    .orderBy(sql`(v.vendor_rating_sum + 4.0 * 3) / (v.vendor_rating_count + 3)`, "desc")
    .orderBy("v.id")
    .limit(args.limit ?? 8)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.business_name,
    ownerName: `${r.first_name} ${r.last_name}`,
    image: r.image,
    area: r.area,
    city: r.city,
    level: r.level,
    rating: averageRating(r.vendor_rating_sum, r.vendor_rating_count),
    ratingCount: r.vendor_rating_count,
    fromKobo: Number(r.from_kobo),
    tags: parseTags(r.tags),
  }));
}

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string").slice(0, 5) : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Vendor profile

export interface VendorProfile extends VendorCard {
  slug: string;
  /** The groups of its active services (Hair, Nails...), most offered first. */
  groups: string[];
  about: string;
  address: string;
  banner: string;
  homeService: boolean;
  opensHour: number;
  closesHour: number;
  openDays: number[];
}

export const VENDOR_PROFILE_SERVICES = 8;

export async function getVendorProfile(where: { id: number } | { slug: string }): Promise<VendorProfile | null> {
  const db = await getDb();
  const v = await db
    .selectFrom("vendors as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .selectAll("v")
    .select(["u.first_name", "u.last_name"])
    .$if("id" in where, (qb) => qb.where("v.id", "=", (where as { id: number }).id))
    .$if("slug" in where, (qb) => qb.where("v.slug", "=", (where as { slug: string }).slug))
    .executeTakeFirst();
  if (!v) return null;
  const [from, groups] = await Promise.all([
    db
      .selectFrom("services as s")
      .select((eb) => eb.fn.min(effectivePrice).as("from_kobo"))
      .where("s.vendor_id", "=", v.id)
      .where("s.status", "=", "active")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("services")
      .select(["group_name", (eb) => eb.fn.countAll<number>().as("n")])
      .where("vendor_id", "=", v.id)
      .where("status", "=", "active")
      .groupBy("group_name")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("group_name")
      .execute(),
  ]);
  return {
    id: v.id,
    slug: v.slug,
    groups: groups.map((g) => g.group_name),
    name: v.business_name,
    ownerName: `${v.first_name} ${v.last_name}`,
    image: v.image,
    banner: v.banner,
    about: v.about,
    address: v.address,
    area: v.area,
    city: v.city,
    level: v.level,
    rating: averageRating(v.vendor_rating_sum, v.vendor_rating_count),
    ratingCount: v.vendor_rating_count,
    fromKobo: Number(from.from_kobo ?? 0),
    tags: parseTags(v.tags),
    homeService: v.home_service === 1,
    opensHour: v.opens_hour,
    closesHour: v.closes_hour,
    openDays: v.open_days
      .split(",")
      .map(Number)
      .filter((d) => d >= 1 && d <= 7),
  };
}

/** A vendor's active services, best rated first. */
export async function vendorServices(args: { vendorId: number; viewerId: number | null; excludeId?: number; limit: number }): Promise<ServiceCard[]> {
  const db = await getDb();
  const rows = await cardQuery(db, args.viewerId)
    .where("s.vendor_id", "=", args.vendorId)
    .$if(args.excludeId !== undefined, (qb) => qb.where("s.id", "!=", args.excludeId!))
    .orderBy(byRating, "desc")
    .orderBy("s.id")
    .limit(args.limit)
    .execute();
  return rows.map((r) => toCard(r));
}

/** Every active service of a vendor, for the profile's Book Now choice: the visitor picks one, never us. */
export async function vendorServiceChoices(vendorId: number): Promise<{ id: number; title: string; priceKobo: number }[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("services")
    .select(["id", "title", "price_kobo", "promo_price_kobo"])
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "active")
    .orderBy("title")
    .orderBy("id")
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, priceKobo: r.promo_price_kobo !== null && r.promo_price_kobo < r.price_kobo ? r.promo_price_kobo : r.price_kobo }));
}

// ---------------------------------------------------------------------------------------------------------
// Service detail

export interface ServiceDetail {
  id: number;
  title: string;
  description: string;
  about: string;
  group: string;
  style: string;
  categoryId: number;
  categorySlug: string;
  durationMin: number;
  priceKobo: number;
  listPriceKobo: number | null;
  serviceType: "salon" | "home" | "both";
  images: string[];
  tags: string[];
  rating: number;
  ratingCount: number;
  vendor: {
    id: number;
    name: string;
    ownerName: string;
    address: string;
    level: number;
    image: string;
    rating: number;
    ratingCount: number;
  };
}

/** The featured service of /details (the spec's sample: Knotless Box Braids in Lekki). */
export const FEATURED_SERVICE_KEY = "featured-braids";
/** The featured vendor of /profile/vendor and Home's vendor card. */
export const FEATURED_VENDOR_SLUG = "demo-vendor";

export async function serviceIdByKey(key: string): Promise<number | null> {
  const db = await getDb();
  const row = await db.selectFrom("services").select("id").where("key", "=", key).where("status", "=", "active").executeTakeFirst();
  return row?.id ?? null;
}

/** A public service's page, as for everyone: the page adds the viewer's own heart (heartsFor). */
export async function getServiceDetail(id: number): Promise<ServiceDetail | null> {
  const db = await getDb();
  const s = await db
    .selectFrom("services as s")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .innerJoin("users as u", "u.id", "v.user_id")
    .innerJoin("categories as c", "c.id", "s.category_id")
    .select([
      "s.id",
      "s.title",
      "s.description",
      "s.about",
      "s.group_name",
      "s.style",
      "s.category_id",
      "c.slug as category_slug",
      "s.duration_min",
      "s.price_kobo",
      "s.promo_price_kobo",
      "s.service_type",
      "s.image",
      "s.rating_count",
      "s.rating_sum",
      "v.id as vendor_id",
      "v.business_name",
      "v.address",
      "v.level",
      "v.image as vendor_image",
      "v.vendor_rating_count",
      "v.vendor_rating_sum",
      "u.first_name",
      "u.last_name",
    ])
    .where("s.id", "=", id)
    .where("s.status", "=", "active")
    .executeTakeFirst();
  if (!s) return null;
  const [media, tags] = await Promise.all([
    db.selectFrom("service_media").select("path").where("service_id", "=", id).where("kind", "=", "image").orderBy("sort").limit(8).execute(),
    db.selectFrom("service_tags").select("tag").where("service_id", "=", id).orderBy("tag").execute(),
  ]);
  const promo = s.promo_price_kobo !== null && s.promo_price_kobo < s.price_kobo;
  const images = media.map((m) => m.path);
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    about: s.about,
    group: s.group_name,
    style: s.style,
    categoryId: s.category_id,
    categorySlug: s.category_slug,
    durationMin: s.duration_min,
    priceKobo: promo ? s.promo_price_kobo! : s.price_kobo,
    listPriceKobo: promo ? s.price_kobo : null,
    serviceType: s.service_type,
    images: images.length > 0 ? images : [s.image],
    tags: tags.map((t) => t.tag),
    rating: averageRating(s.rating_sum, s.rating_count),
    ratingCount: s.rating_count,
    vendor: {
      id: s.vendor_id,
      name: s.business_name,
      ownerName: `${s.first_name} ${s.last_name}`,
      address: s.address,
      level: s.level,
      image: s.vendor_image,
      rating: averageRating(s.vendor_rating_sum, s.vendor_rating_count),
      ratingCount: s.vendor_rating_count,
    },
  };
}

/** The first view shows the spec's two newest reviews; each "+ See more" adds REVIEWS_PER_MORE. */
export const REVIEWS_PER_PAGE = 2;
export const REVIEWS_PER_MORE = 10;
/** How many written reviews the first `pages` pages of "+ See more" show together. */
export const reviewsShown = (pages: number) => REVIEWS_PER_PAGE + (pages - 1) * REVIEWS_PER_MORE;

export interface ReviewItem {
  id: number;
  author: string;
  createdAt: string;
  rating: number;
  body: string;
  /** The vendor's public reply, if any. */
  reply: string | null;
}

/** Written, visible reviews, newest first: the first `pages` pages of them ("+ See more" adds a page). */
export async function serviceReviews(serviceId: number, pages: number): Promise<{ items: ReviewItem[]; total: number }> {
  const db = await getDb();
  const [items, count] = await Promise.all([
    db
      .selectFrom("reviews as r")
      .leftJoin("users as u", "u.id", "r.user_id")
      .select(["r.id", "r.author_name", "u.first_name", "u.last_name", "r.rating", "r.body", "r.created_at", "r.reply_body"])
      .where("r.service_id", "=", serviceId)
      .where("r.body", "is not", null)
      .where("r.hidden_at", "is", null)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(reviewsShown(pages))
      .execute(),
    db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("service_id", "=", serviceId)
      .where("body", "is not", null)
      .where("hidden_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((r) => ({
      id: r.id,
      author: reviewerName(r.first_name, r.last_name, r.author_name),
      createdAt: r.created_at,
      rating: r.rating,
      body: r.body ?? "",
      reply: r.reply_body,
    })),
    total: Number(count.n),
  };
}

/** Related services: the same style first, then the same category, not by the same vendor. */
export async function relatedServices(service: Pick<ServiceDetail, "id" | "style" | "categoryId" | "vendor">, limit = 8): Promise<ServiceCard[]> {
  const db = await getDb();
  const rows = await cardQuery(db, null)
    .where("s.category_id", "=", service.categoryId)
    .where("s.id", "!=", service.id)
    .where("s.vendor_id", "!=", service.vendor.id)
    .orderBy(sql`case when s.style = ${service.style} then 0 else 1 end`)
    .orderBy(byRating, "desc")
    .orderBy("s.id")
    .limit(limit)
    .execute();
  return rows.map((r) => toCard(r));
}

/** Cards for known ids, in the order given (recently viewed, favourites, also viewed). */
export async function cardsByIds(ids: number[], viewerId: number | null): Promise<ServiceCard[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await cardQuery(db, viewerId).where("s.id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// ---------------------------------------------------------------------------------------------------------
// POST /services/services_by_categories

export interface CategoryServiceJson {
  id: number;
  title: string;
  img: string;
  location: string;
  /** The spec's card field: price as text, e.g. "₦7,500". */
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

// ---------------------------------------------------------------------------------------------------------
// Times a service can be booked (the detail page's hourly time picker)

/** The free hourly start times of a vendor on a day for a service of `durationMin`. */
export async function bookableSlots(vendorId: number, durationMin: number, day: string): Promise<{ hour: number; label: string }[]> {
  const slots = await freeSlots(await getDb(), { vendorId, durationMin, day });
  return slots.map((s) => ({ hour: s.hour, label: s.label }));
}

/** The first day from `from` (within `days`) that still has a free time, with its times; else `from`, none. */
export async function firstBookableDay(
  vendorId: number,
  durationMin: number,
  from: string,
  days = 14,
): Promise<{ day: string; slots: { hour: number; label: string }[] }> {
  for (let i = 0; i < days; i++) {
    const day = addDaysToDay(from, i);
    const slots = await bookableSlots(vendorId, durationMin, day);
    if (slots.length > 0) return { day, slots };
  }
  return { day: from, slots: [] };
}
