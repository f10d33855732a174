import { sql } from "kysely";
import { vendorNotSuspended } from "~/models/catalogue/listed-vendor.server";
import { getDb, type DB } from "~/db/db.server";
import type { FavoriteFilter } from "./filters";
import { pageSlice } from "~/db/page-slice.server";
import { compiledReads } from "~/db/compiled-read.server";

// Favourites: a person's saved services. Only active services count and show; a saved
// service that is paused later stays saved and comes back when it is active again.

export const FAVORITES_PAGE_SIZE = 20;

/** Saves (`on`) or removes a favourite; idempotent. Saving a service that is not public is refused (false). */
export async function setFavorite(userId: number, serviceId: number, on: boolean): Promise<boolean> {
  const db = await getDb();
  if (!on) {
    await db.deleteFrom("favorites").where("user_id", "=", userId).where("service_id", "=", serviceId).execute();
    return true;
  }
  const service = await db
    .selectFrom("services")
    .select("id")
    .where("id", "=", serviceId)
    .where("status", "=", "active")
    .where(vendorNotSuspended("vendor_id"))
    .executeTakeFirst();
  if (!service) return false;
  await db
    .insertInto("favorites")
    .values({ user_id: userId, service_id: serviceId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "service_id"]).doNothing())
    .execute();
  return true;
}

/**
 * The person's saved services that are active. A cross join with the join's condition in the where clause is the same
 * query to PostgreSQL, and tells SQLite to start from the person's favourites (their key): with an inner join SQLite
 * began from every active service (the status index) and probed each for a favourite, 0.2 ms against 0.05 ms for
 * nine favourites among the bench's services, and growing with the catalogue.
 */
function activeFavorites(db: DB, userId: number) {
  return db
    .selectFrom("favorites as f")
    .crossJoin("services as s")
    .whereRef("s.id", "=", "f.service_id")
    .where("f.user_id", "=", userId)
    .where("s.status", "=", "active")
    .where(vendorNotSuspended("s.vendor_id"));
}

/** How many public services the person has saved: the N of 'My Favorites (N)'. */
export async function countFavorites(userId: number): Promise<number> {
  const row = await activeFavorites(await getDb(), userId)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of a number of services a person has saved: compiled once per number (db/compiled-read.server.ts). */
const savedAmong = compiledReads(24, (_count: readonly [number], db, userId: number, ...ids: number[]) =>
  db.selectFrom("favorites").select("service_id").where("user_id", "=", userId).where("service_id", "in", ids),
);

/**
 * The viewer's hearts on card lists shared by everyone, with one query: a function that marks a card as saved or
 * not. Nobody signed in has saved nothing.
 */
export async function heartsFor(viewerId: number | null, cards: { id: number }[]): Promise<<T extends { id: number }>(card: T) => T & { favorite: boolean }> {
  const ids = [...new Set(cards.map((card) => card.id))];
  const rows = viewerId === null || ids.length === 0 ? [] : await savedAmong([ids.length], await getDb(), viewerId, ...ids);
  const saved = new Set(rows.map((r) => r.service_id));
  return <T extends { id: number }>(card: T) => {
    const favorite = saved.has(card.id);
    // The very card when its heart is already right: a card shared by everyone stays one object, whose kept markup's
    // key is worked out once (components/kept-markup.server.tsx).
    return (card as { favorite?: unknown }).favorite === favorite ? (card as T & { favorite: boolean }) : { ...card, favorite };
  };
}

/** favoriteIds' query, compiled once per filter and page: signed-in Home asks it on every visit (db/compiled-read.server.ts). */
const favoritesPage = compiledReads(40, ([filter, page]: readonly [FavoriteFilter, number], db, userId: number) =>
  activeFavorites(db, userId)
    .$if(filter === "Saloon", (qb) => qb.where("s.service_type", "in", ["salon", "both"]))
    .$if(filter !== "All" && filter !== "Saloon", (qb) => qb.where("s.group_name", "=", filter))
    .select(["s.id", sql<number>`count(*) over ()`.as("total")])
    .orderBy("f.created_at", "desc")
    .orderBy("s.id")
    .$call((q) => pageSlice(q, FAVORITES_PAGE_SIZE, (page - 1) * FAVORITES_PAGE_SIZE)),
);

/** One page of a person's favourites (newest saved first) under a filter, with the filtered total. */
export async function favoriteIds(userId: number, filter: FavoriteFilter, page: number): Promise<{ ids: number[]; total: number }> {
  const rows = await favoritesPage([filter, page], await getDb(), userId);
  return { ids: rows.map((r) => r.id), total: rows[0] ? Number(rows[0].total) : 0 };
}

/** The services most people have saved (Home's favourites list for a visitor who is not signed in). */
export async function popularFavoriteIds(limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("favorites as f")
    .innerJoin("services as s", "s.id", "f.service_id")
    .where("s.status", "=", "active")
    .where(vendorNotSuspended("s.vendor_id"))
    .select(["s.id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("s.id")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("s.id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
