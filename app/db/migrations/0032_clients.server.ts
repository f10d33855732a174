import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// The salon's clients (docs/domain.md, "Clients"): what a salon holds about each person who booked it or whom it
// booked, its private notes (allergies and patch tests among them), and its two client rules. A client the salon
// booked who has no Glow account is a guest account (users.guest_of_vendor_id), which nobody can sign in to and
// which a real account takes over once it confirms the same phone or e-mail.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable("users").addColumn("guest_of_vendor_id", "integer").execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("client_notes_for_stylists", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("prepay_after_no_shows", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("appointments").addColumn("booked_by_member_id", "integer").execute();

  await db.schema
    .createTable("salon_clients")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("phone", "text")
    .addColumn("email", "text")
    .addColumn("blocked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("salon_clients_vendor_user").on("salon_clients").columns(["vendor_id", "user_id"]).unique().execute();
  await db.schema.createIndex("salon_clients_phone").on("salon_clients").columns(["phone"]).execute();

  await db.schema
    .createTable("client_notes")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("product", "text")
    .addColumn("result", "text")
    .addColumn("noted_on", "text", (c) => c.notNull())
    .addColumn("member_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("client_notes_vendor_user").on("client_notes").columns(["vendor_id", "user_id", "noted_on"]).execute();
}
