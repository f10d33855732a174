import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Due work (app/models/jobs/queue.server.ts): one-off jobs and periodic sweeps share one table and one claim.
// `kind` + `key` is unique so that scheduling the same piece of work twice (a retried request, two processes
// sweeping at once) leaves one row. Times are ISO strings like every other time column here, so they compare
// correctly as text on both dialects.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("done_at", "text")
    .addColumn("failed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("jobs_kind_key_unique", ["kind", "key"])
    .execute();
  // The claim reads only work that is still open, oldest first; finished rows stay out of this index.
  await sql`create index jobs_open_idx on jobs (run_at, id) where done_at is null and failed_at is null`.execute(db);

  // Delivery bookkeeping of the e-mail outbox: how many tries, and why the last one failed.
  await db.schema
    .alterTable("outbox")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("outbox").addColumn("last_error", "text").execute();

  // Text messages go through one seam (app/models/messaging/sms.server.ts) into their own outbox, delivered like e-mail.
  await db.schema
    .createTable("sms_outbox")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("to_phone", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("provider_id", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .execute();

  // Reminders look for confirmed visits by start time.
  await db.schema.createIndex("appointments_status_starts_idx").on("appointments").columns(["status", "starts_at"]).execute();
}
