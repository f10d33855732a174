import { sql, type ExpressionBuilder } from "kysely";
import { compiledReads } from "~/db/compiled-read.server";
import { getDb, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { Place } from "./places.server";
import { AREA_NAMES, haversineKm, roundKm } from "./distance";
import { servicePrice } from "~/models/services/price";

// The service card every public list shows, and the one query they all start from. Only active services are ever
// public. Every list is one query: vendor, favourite flag and rating come from joins and the cached rating columns,
// never from a query per card. The lists themselves: models/catalogue/search.server.ts, models/catalogue/category-pages.server.ts,
// models/catalogue/vendor-pages.server.ts, models/catalogue/service-page.server.ts.

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
  /** The customer's chosen area ("Lekki, Lagos"), carried to the service page (and on to Book Now) in its link. */
  fromArea?: string;
  /** The team's members charge different prices: `priceKobo` is the lowest, shown as "from ₦X". */
  priceFrom?: boolean;
}

export type Eb = ExpressionBuilder<Database & { s: Database["services"]; v: Database["vendors"] }, "s" | "v">;

/** Average of cached rating columns, rounded to two decimals (4.561 -> 4.56). */
export function averageRating(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : 0;
}

/** servicePrice (models/services/price.ts) in SQL, for price filters and "from" prices. */
export const effectivePrice = sql<number>`case when s.promo_price_kobo < s.price_kobo then s.promo_price_kobo else s.price_kobo end`;

/** Active services with their vendor and the viewer's favourite flag: the base of every card list. */
/** The members who may be booked for the service `s` (docs/domain.md, "The team"). */
function qualifiedMembers(eb: ExpressionBuilder<Database & { s: Database["services"] }, "s">) {
  return eb
    .selectFrom("team_member_services as ms")
    .innerJoin("team_members as m", "m.id", "ms.member_id")
    .whereRef("ms.service_id", "=", "s.id")
    .whereRef("m.vendor_id", "=", "s.vendor_id")
    .where("m.active", "=", 1)
    .where("m.bookable", "=", 1);
}

export function cardQuery(db: DB, viewerId: number | null) {
  return (
    db
      .selectFrom("services as s")
      .innerJoin("vendors as v", "v.id", "s.vendor_id")
      .leftJoin("favorites as f", (join) => join.onRef("f.service_id", "=", "s.id").on("f.user_id", "=", viewerId ?? 0))
      .where("s.status", "=", "active")
      .where("v.suspended_at", "is", null)
      // A service nobody can be booked for (every member who performs it inactive or not bookable) is not public.
      .where((eb) => eb.exists(qualifiedMembers(eb).select("m.id")))
      .select((eb) => [
        qualifiedMembers(eb)
          .select(sql<number>`min(coalesce(ms.price_kobo, ${effectivePrice}))`.as("low"))
          .as("member_low"),
        qualifiedMembers(eb)
          .select(sql<number>`max(coalesce(ms.price_kobo, ${effectivePrice}))`.as("high"))
          .as("member_high"),
      ])
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
      ])
  );
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
  /** The lowest and highest price over the members who may be booked (their own, else the service's). */
  member_low?: number | string | null;
  member_high?: number | string | null;
};

export function toCard(row: CardRow, from?: Place | null): ServiceCard {
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    ...servicePrice(row.price_kobo, row.promo_price_kobo),
    // Members' own prices differ: the card shows the lowest, as "from ₦X".
    ...(row.member_low != null && row.member_high != null && Number(row.member_low) !== Number(row.member_high)
      ? { priceKobo: Number(row.member_low), listPriceKobo: null, priceFrom: true }
      : {}),
    vendorName: row.business_name,
    area: row.area,
    city: row.city,
    rating: averageRating(row.rating_sum, row.rating_count),
    ratingCount: row.rating_count,
    favorite: row.favorite_of !== null,
    ...(from ? { distanceKm: roundKm(haversineKm(from, row)) } : {}),
    ...(from && AREA_NAMES.includes(from.name) ? { fromArea: from.name } : {}),
  };
}

/**
 * The rating things are ranked by, best first: the average with a prior of three 4-star ratings, so a single 5-star
 * rating does not beat 400 ratings averaging 4.8. 4.0 keeps the division fractional on both databases. Callers add
 * the id as a second order, which keeps the order stable across pages.
 */
export function weightedRating(sum: string, count: string) {
  return sql`(${sql.ref(sum)} + 4.0 * 3) / (${sql.ref(count)} + 3)`;
}

export const byRating = weightedRating("s.rating_sum", "s.rating_count");

/** The card query for a number of ids, compiled once per number (a viewer of 0 is nobody: no card is their favourite). */
const cardsOfIds = compiledReads(24, (_count: readonly [number], db, viewerId: number, ...ids: number[]) => cardQuery(db, viewerId).where("s.id", "in", ids));

/** Cards for known ids, in the order given (recently viewed, favourites, also viewed). */
export async function cardsByIds(ids: number[], viewerId: number | null): Promise<ServiceCard[]> {
  return (await cardLists([ids], viewerId))[0]!;
}

/** The cards of several lists of ids, each in its own order, read in one query (a page showing two lists asks once). */
export async function cardLists(lists: number[][], viewerId: number | null): Promise<ServiceCard[][]> {
  const ids = [...new Set(lists.flat())];
  if (ids.length === 0) return lists.map(() => []);
  const db = await getDb();
  // A signed-in page asks for its lists of cards on every request: the query (three subqueries deep) is built and
  // compiled once per number of ids, then sent with the values in their places (db/compiled-read.server.ts).
  const rows = await cardsOfIds([ids.length], db, viewerId ?? 0, ...ids);
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return lists.map((list) => list.flatMap((id) => byId.get(id) ?? []));
}
