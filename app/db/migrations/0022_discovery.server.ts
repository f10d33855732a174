import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Earned verification levels (docs/domain.md, "Verification levels"): the identity and business checks a vendor
// passed through the KYC provider, kept as a masked number and the provider's reference (never the number itself);
// when an account's e-mail and phone were confirmed; and when a vendor's level was last worked out. Places as people
// give them (docs/domain.md, "Places"): landmark directions, and how far a home-service vendor travels.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("identity_checks")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("masked", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("identity_checks_vendor").on("identity_checks").columns(["vendor_id", "kind", "created_at"]).execute();
  // users.email_confirmed_at comes with 0020 (the confirmation link); the levels read it as well.
  await db.schema.alterTable("users").addColumn("phone_confirmed_at", "text").execute();
  await db.schema.alterTable("vendors").addColumn("level_checked_at", "text").execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("landmark", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("vendors")
    .addColumn("travel_km", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
