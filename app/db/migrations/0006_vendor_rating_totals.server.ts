import { sql, type Kysely } from "kysely";

// Throughput: Home's top salons and the similar-stylists rows ranked every vendor by aggregating all of
// vendor_ratings on each request (~9,000 rows in the seed, growing with every rating). Vendors now carry their
// rating count and sum, as services already do, so ranking reads one row per vendor. Popular services are read in
// rating_count order from an index instead of sorting the whole active catalogue.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("vendors")
    .addColumn("vendor_rating_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("vendor_rating_sum", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update vendors set
      vendor_rating_count = (select count(*) from vendor_ratings r where r.vendor_id = vendors.id),
      vendor_rating_sum = (select coalesce(sum(r.rating), 0) from vendor_ratings r where r.vendor_id = vendors.id)
  `.execute(db);
  await db.schema.createIndex("services_status_popularity_idx").on("services").columns(["status", "rating_count", "id"]).execute();
}
