import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Gifts (docs/domain.md, "Gifts and offers"): what a vendor offers as gifts, the gifts sold (gift cards of an amount
// and vouchers for one service), their online payment attempts, and every move of a gift's balance. A gift's code
// is kept only as its SHA-256 (it is 16 characters of a 31-letter alphabet, too many to list).

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const table = (name: string) =>
    dialect === "postgres"
      ? db.schema.createTable(name).addColumn("id", "serial", (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await db.schema
    .createTable("gift_settings")
    .addColumn("vendor_id", "integer", (c) => c.primaryKey().references("vendors.id").onDelete("cascade"))
    .addColumn("cards_on", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("card_amounts", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("free_min_kobo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("free_max_kobo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("vouchers_on", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("validity_months", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await table("gifts")
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("service_id", "integer", (c) => c.references("services.id"))
    .addColumn("service_title", "text")
    .addColumn("amount_kobo", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("unpaid"))
    .addColumn("code_hash", "text", (c) => c.unique())
    .addColumn("code_tail", "text")
    .addColumn("pay_token", "text", (c) => c.notNull().unique())
    .addColumn("buyer_user_id", "integer", (c) => c.references("users.id"))
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("buyer_email", "text")
    .addColumn("recipient_name", "text", (c) => c.notNull())
    .addColumn("recipient_email", "text")
    .addColumn("recipient_phone", "text")
    .addColumn("message", "text")
    .addColumn("validity_months", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("expires_at", "text")
    .addColumn("paid_with", "text")
    .addColumn("paid_by_name", "text")
    .addColumn("payer_email", "text")
    .execute();
  await db.schema.createIndex("gifts_vendor").on("gifts").columns(["vendor_id", "created_at"]).execute();
  await db.schema.createIndex("gifts_status_expiry").on("gifts").columns(["status", "expires_at"]).execute();
  await table("gift_payments")
    .addColumn("gift_id", "integer", (c) => c.notNull().references("gifts.id"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("amount_kobo", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payer_name", "text")
    .addColumn("payer_email", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("refund_reference", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("gift_payments_gift").on("gift_payments").column("gift_id").execute();
  await table("gift_moves")
    .addColumn("gift_id", "integer", (c) => c.notNull().references("gifts.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_kobo", "integer", (c) => c.notNull())
    .addColumn("appointment_id", "integer", (c) => c.references("appointments.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("gift_moves_gift").on("gift_moves").columns(["gift_id", "id"]).execute();
  await db.schema.alterTable("ledger_entries").addColumn("gift_id", "integer").execute();
}
