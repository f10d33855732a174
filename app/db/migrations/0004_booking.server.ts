import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Booking and payment. Portable types as in 0001: text instants, integer kobo, 0/1 flags.

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // A per-render token of the Book Now form: a double click or a resent form finds the order it already made.
  await db.schema.alterTable("appointments").addColumn("idempotency_key", "text").execute();
  await db.schema.createIndex("appointments_idempotency_unique").on("appointments").columns(["customer_id", "idempotency_key"]).unique().execute();
  // Where the service happens: at the vendor's ("salon") or at the customer's address ("home").
  await db.schema
    .alterTable("appointments")
    .addColumn("location_type", "text", (c) => c.notNull().defaultTo("salon"))
    .execute();
  await db.schema.alterTable("appointments").addColumn("location_address", "text").execute();
  // A backstop under the per-vendor lock of app/models/schedule/booking-lock.server.ts: two accepted appointments of one vendor
  // can never start at the same instant, whatever code path writes them.
  await db.schema
    .createIndex("appointments_vendor_start_live_unique")
    .on("appointments")
    .columns(["vendor_id", "starts_at"])
    .unique()
    .where(sql.ref("status"), "in", sql`('requested', 'confirmed')`)
    .execute();

  // Who started a payment: the customer at checkout, or anyone through the shareable link (where to return).
  await db.schema
    .alterTable("payments")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("checkout"))
    .execute();

  // Every provider event we applied, so a webhook delivered many times is applied once.
  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}
