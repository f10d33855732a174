import type { Kysely } from "kysely";

// The vendor dashboard's additions: service recommendations, withdrawal code bookkeeping and payout
// references, and the metadata of uploaded gallery files (the bytes live under the data folder).
// Every type here is the same on both dialects; SQLite takes one column per ALTER TABLE, so each is a statement.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("services")
    .addColumn("recommendations", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .alterTable("withdrawals")
    .addColumn("codes_sent", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("withdrawals").addColumn("payout_reference", "text").execute();

  // Keyed by the random name in its URL (/uploads/{key}), so a file's address cannot be guessed.
  await db.schema
    .createTable("uploads")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_vendor_idx").on("uploads").column("vendor_id").execute();
}
