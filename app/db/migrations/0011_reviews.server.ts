import { type Kysely } from "kysely";

// Reviews written by customers of completed visits. A review belongs to one appointment (unique, so a double
// submit cannot create two), may be edited for a while, gets at most one public reply from the vendor, and can be
// hidden by the admin with a reason; hidden reviews stop counting in the cached rating totals. Seeded reviews
// keep appointment_id null.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("reviews").addColumn("appointment_id", "integer").execute();
  await db.schema.alterTable("reviews").addColumn("updated_at", "text").execute();
  await db.schema.alterTable("reviews").addColumn("reply_body", "text").execute();
  await db.schema.alterTable("reviews").addColumn("reply_at", "text").execute();
  await db.schema.alterTable("reviews").addColumn("hidden_at", "text").execute();
  await db.schema.alterTable("reviews").addColumn("hidden_reason", "text").execute();
  await db.schema.createIndex("reviews_appointment_uq").on("reviews").column("appointment_id").unique().execute();
  // The vendor's dashboard lists reviews of its own services, newest first.
  await db.schema.createIndex("reviews_user_idx").on("reviews").column("user_id").execute();
}
