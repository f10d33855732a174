import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Promo codes (docs/domain.md, "Promo codes"; docs/decisions/036-promo-codes.md): a vendor's codes, the services a
// code is limited to, and each use a booking takes of one. `uses_taken` counts the uses held now; taking one is a
// conditional update (`uses_taken < max_uses`), so the last use cannot be taken twice. An appointment keeps its
// discount beside `gift_kobo`; `total_kobo` stays what is left to pay.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const table = (name: string) =>
    dialect === "postgres"
      ? db.schema.createTable(name).addColumn("id", "serial", (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await table("promo_codes")
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("percent_off", "integer")
    .addColumn("amount_off_kobo", "integer")
    .addColumn("starts_on", "text", (c) => c.notNull())
    .addColumn("ends_on", "text", (c) => c.notNull())
    .addColumn("max_uses", "integer", (c) => c.notNull())
    .addColumn("max_uses_per_customer", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("new_customers_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("min_spend_kobo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("live"))
    .addColumn("uses_taken", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("promo_codes_vendor_code", ["vendor_id", "code"])
    .execute();
  await db.schema.createIndex("promo_codes_code").on("promo_codes").column("code").execute();
  await db.schema
    .createTable("promo_code_services")
    .addColumn("promo_id", "integer", (c) => c.notNull().references("promo_codes.id").onDelete("cascade"))
    .addColumn("service_id", "integer", (c) => c.notNull().references("services.id"))
    .addPrimaryKeyConstraint("promo_code_services_pk", ["promo_id", "service_id"])
    .execute();
  await table("promo_uses")
    .addColumn("promo_id", "integer", (c) => c.notNull().references("promo_codes.id"))
    .addColumn("appointment_id", "integer", (c) => c.notNull().unique().references("appointments.id"))
    .addColumn("customer_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("discount_kobo", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("taken"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("released_at", "text")
    .execute();
  await db.schema.createIndex("promo_uses_promo_customer").on("promo_uses").columns(["promo_id", "customer_id"]).execute();
  await db.schema
    .alterTable("appointments")
    .addColumn("promo_kobo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("appointments").addColumn("promo_code", "text").execute();
}
