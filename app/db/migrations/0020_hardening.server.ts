import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// What an outside review asked of the marketplace (docs/decisions/019-hardening.md), in one migration:
// - vendors.no_show_grace_minutes: how long after a visit's start its vendor may mark a no-show (docs/domain.md,
//   "No-shows"); 15 minutes until the vendor chooses otherwise.
// - visit_problems.kind: a reported problem, or the booker's dispute of a no-show; both wait for the admin.
// - users.email_confirmed_at and email_confirmations: a new account confirms its e-mail before it holds a "Pay to
//   vendor" booking or messages a salon. Accounts made before this migration count as confirmed (they were made
//   under the old rules, and many have bookings already).
// - audit_events: who did what to which record, when, from where; appended to, never changed (docs/security.md,
//   "Audit trail").

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";

  await db.schema
    .alterTable("vendors")
    .addColumn("no_show_grace_minutes", "integer", (c) => c.notNull().defaultTo(15))
    .execute();
  await db.schema
    .alterTable("visit_problems")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("problem"))
    .execute();

  await db.schema.alterTable("users").addColumn("email_confirmed_at", "text").execute();
  await sql`update users set email_confirmed_at = created_at`.execute(db);
  await db.schema
    .createTable("email_confirmations")
    .addColumn("id", idType, (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("email_confirmations_user_idx").on("email_confirmations").column("user_id").execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", idType, (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer")
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("record_type", "text", (c) => c.notNull())
    .addColumn("record_id", "text", (c) => c.notNull())
    .addColumn("vendor_id", "integer")
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("audit_events_actor_idx").on("audit_events").columns(["actor_id", "id"]).execute();
  await db.schema.createIndex("audit_events_record_idx").on("audit_events").columns(["record_type", "record_id", "id"]).execute();
  await db.schema.createIndex("audit_events_vendor_idx").on("audit_events").columns(["vendor_id", "id"]).execute();
}
