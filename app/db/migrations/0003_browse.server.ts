import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Indexes for the browsing pages. No new tables or columns: the catalogue, favourites and recently
// viewed tables of 0001 hold everything; these make the pages' aggregates index lookups instead of scans.

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // "People who viewed this also viewed" starts from everyone who viewed one service.
  await db.schema.createIndex("recently_viewed_service_idx").on("recently_viewed").columns(["service_id", "owner"]).execute();
  // Pruning old anonymous history is a range over viewed_at.
  await db.schema.createIndex("recently_viewed_time_idx").on("recently_viewed").column("viewed_at").execute();
  // A vendor's stars and count (count and sum per vendor) are read from the index alone.
  await db.schema.createIndex("vendor_ratings_vendor_rating_idx").on("vendor_ratings").columns(["vendor_id", "rating"]).execute();
  // "Popular favourites" counts the people who saved each service.
  await db.schema.createIndex("favorites_service_idx").on("favorites").column("service_id").execute();
}
