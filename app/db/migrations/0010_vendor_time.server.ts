import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// The vendor's own time (see docs/domain.md, "The vendor's time"): a weekly schedule with a break per weekday,
// days off, minimum notice, how far ahead people may book, whether bookings are accepted automatically, and the
// cancellation policy with an optional deposit. Portable types as in 0001: text days and instants, 0/1 flags.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // JSON array of the open weekdays: [{ "day": 1, "opens": 9, "closes": 19, "breakStarts": 13, "breakEnds": 14 }].
  // Null means "as the summary columns opens_hour/closes_hour/open_days say", which every older vendor is.
  await db.schema.alterTable("vendors").addColumn("week_hours", "text").execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("min_notice_minutes", "integer", (c) => c.notNull().defaultTo(120))
    .execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("max_days_ahead", "integer", (c) => c.notNull().defaultTo(90))
    .execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("auto_accept", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("cancellation_policy", "text", (c) => c.notNull().defaultTo("flexible"))
    .execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("deposit_percent", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  const table = db.schema.createTable("vendor_time_off");
  await (
    dialect === "postgres" ? table.addColumn("id", "serial", (c) => c.primaryKey()) : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id").onDelete("cascade"))
    .addColumn("starts_on", "text", (c) => c.notNull()) // yyyy-MM-dd, Lagos
    .addColumn("ends_on", "text", (c) => c.notNull()) // inclusive
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("vendor_time_off_vendor_idx").on("vendor_time_off").columns(["vendor_id", "ends_on"]).execute();

  // A rescheduled appointment remembers the time it had, so the vendor sees what moved and a declined move can
  // go back to it.
  await db.schema.alterTable("appointments").addColumn("previous_starts_at", "text").execute();
  await db.schema.alterTable("appointments").addColumn("previous_ends_at", "text").execute();
}
