import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// The first schema. Types are chosen to behave the same on SQLite and PostgreSQL: see app/db/schema.ts.

type Table = CreateTableBuilder<string, never>;

const withId = (t: Table, dialect: Dialect): Table =>
  dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

const ref =
  (table: string, onDelete: "cascade" | "set null" | "restrict" = "cascade") =>
  (c: ColumnDefinitionBuilder) =>
    c.references(`${table}.id`).onDelete(onDelete);

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const table = (name: string) => withId(db.schema.createTable(name), dialect);

  await table("users")
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", notNull)
    .addColumn("first_name", "text", notNull)
    .addColumn("last_name", "text", notNull)
    .addColumn("role", "text", (c) => c.notNull().defaultTo("customer"))
    .addColumn("phone", "text")
    .addColumn("address", "text")
    .addColumn("city", "text")
    .addColumn("state", "text")
    .addColumn("created_at", "text", notNull)
    .addCheckConstraint("users_role_check", sql`role in ('customer', 'vendor', 'admin')`)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => ref("users")(c.notNull()))
    .addColumn("expires_at", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await table("categories")
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", notNull)
    .addColumn("heading", "text", notNull)
    .addColumn("sort", "integer", notNull)
    .addColumn("title_span1", "text", notNull)
    .addColumn("title_span2", "text", notNull)
    .addColumn("title_span3", "text")
    .addColumn("paragraph", "text", notNull)
    .addColumn("img1", "text", notNull)
    .addColumn("img2", "text", notNull)
    .execute();

  await table("category_styles")
    .addColumn("category_id", "integer", (c) => ref("categories")(c.notNull()))
    .addColumn("text", "text", notNull)
    .addColumn("img", "text", notNull)
    .addColumn("sort", "integer", notNull)
    .execute();

  await table("vendors")
    .addColumn("user_id", "integer", (c) => ref("users")(c.notNull().unique()))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("business_name", "text", notNull)
    .addColumn("about", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("business_address", "text")
    .addColumn("area", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lat", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("lng", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("level", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("image", "text", (c) => c.notNull().defaultTo("/img/vendor/1.svg"))
    .addColumn("banner", "text", (c) => c.notNull().defaultTo("/img/vendor/banner-1.svg"))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("home_service", "integer", flag)
    .addColumn("opens_hour", "integer", (c) => c.notNull().defaultTo(9))
    .addColumn("closes_hour", "integer", (c) => c.notNull().defaultTo(19))
    .addColumn("open_days", "text", (c) => c.notNull().defaultTo("1,2,3,4,5,6"))
    .addColumn("service", "text")
    .addColumn("nin", "text")
    .addColumn("date_of_birth", "text")
    .addColumn("gender", "text")
    .addColumn("sms_notifications", "integer", flag)
    .addColumn("social_google", "integer", flag)
    .addColumn("social_facebook", "integer", flag)
    .addColumn("social_instagram", "integer", flag)
    .addColumn("created_at", "text", notNull)
    .execute();

  await table("services")
    .addColumn("key", "text", (c) => c.unique())
    .addColumn("vendor_id", "integer", (c) => ref("vendors")(c.notNull()))
    .addColumn("category_id", "integer", (c) => ref("categories", "restrict")(c.notNull()))
    .addColumn("group_name", "text", notNull)
    .addColumn("style", "text", notNull)
    .addColumn("title", "text", notNull)
    .addColumn("gender", "text", (c) => c.notNull().defaultTo("unisex"))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("about", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("duration_min", "integer", notNull)
    .addColumn("price_kobo", "integer", notNull)
    .addColumn("promo_price_kobo", "integer")
    .addColumn("image", "text", notNull)
    .addColumn("service_type", "text", (c) => c.notNull().defaultTo("salon"))
    .addColumn("recommended", "integer", flag)
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("status_reason", "text")
    .addColumn("rating_count", "integer", flag)
    .addColumn("rating_sum", "integer", flag)
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await db.schema.createIndex("services_status_category_idx").on("services").columns(["status", "category_id"]).execute();
  await db.schema.createIndex("services_vendor_idx").on("services").columns(["vendor_id", "status"]).execute();

  await table("service_media")
    .addColumn("service_id", "integer", (c) => ref("services")(c.notNull()))
    .addColumn("kind", "text", notNull)
    .addColumn("path", "text", notNull)
    .addColumn("sort", "integer", notNull)
    .execute();
  await db.schema.createIndex("service_media_service_idx").on("service_media").columns(["service_id", "sort"]).execute();

  await db.schema
    .createTable("service_tags")
    .addColumn("service_id", "integer", (c) => ref("services")(c.notNull()))
    .addColumn("tag", "text", notNull)
    .addPrimaryKeyConstraint("service_tags_pk", ["service_id", "tag"])
    .execute();
  await db.schema.createIndex("service_tags_tag_idx").on("service_tags").column("tag").execute();

  await table("materials")
    .addColumn("service_id", "integer", (c) => ref("services")(c.notNull()))
    .addColumn("name", "text", notNull)
    .addColumn("price_kobo", "integer", notNull)
    .addColumn("required", "integer", flag)
    .addColumn("sort", "integer", notNull)
    .execute();
  await db.schema.createIndex("materials_service_idx").on("materials").column("service_id").execute();

  await table("reviews")
    .addColumn("service_id", "integer", (c) => ref("services")(c.notNull()))
    .addColumn("user_id", "integer", ref("users", "set null"))
    .addColumn("author_name", "text")
    .addColumn("rating", "integer", notNull)
    .addColumn("body", "text")
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("reviews_service_idx").on("reviews").columns(["service_id", "created_at"]).execute();

  await table("vendor_ratings")
    .addColumn("vendor_id", "integer", (c) => ref("vendors")(c.notNull()))
    .addColumn("user_id", "integer", ref("users", "set null"))
    .addColumn("rating", "integer", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("vendor_ratings_vendor_idx").on("vendor_ratings").column("vendor_id").execute();

  await db.schema
    .createTable("favorites")
    .addColumn("user_id", "integer", (c) => ref("users")(c.notNull()))
    .addColumn("service_id", "integer", (c) => ref("services")(c.notNull()))
    .addColumn("created_at", "text", notNull)
    .addPrimaryKeyConstraint("favorites_pk", ["user_id", "service_id"])
    .execute();

  await db.schema
    .createTable("recently_viewed")
    .addColumn("owner", "text", notNull)
    .addColumn("service_id", "integer", (c) => ref("services")(c.notNull()))
    .addColumn("viewed_at", "text", notNull)
    .addPrimaryKeyConstraint("recently_viewed_pk", ["owner", "service_id"])
    .execute();

  await db.schema
    .createTable("newsletter")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", notNull)
    .execute();

  await table("appointments")
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn("customer_id", "integer", (c) => ref("users")(c.notNull()))
    .addColumn("vendor_id", "integer", (c) => ref("vendors")(c.notNull()))
    .addColumn("service_id", "integer", (c) => ref("services", "restrict")(c.notNull()))
    .addColumn("starts_at", "text", notNull)
    .addColumn("ends_at", "text", notNull)
    .addColumn("status", "text", notNull)
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("unpaid"))
    .addColumn("payment_method", "text")
    .addColumn("total_kobo", "integer", notNull)
    .addColumn("comment", "text")
    .addColumn("pay_token", "text", (c) => c.notNull().unique())
    .addColumn("hold_expires_at", "text")
    .addColumn("paid_by_name", "text")
    .addColumn("paid_at", "text")
    .addColumn("status_reason", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await db.schema.createIndex("appointments_vendor_time_idx").on("appointments").columns(["vendor_id", "starts_at"]).execute();
  await db.schema.createIndex("appointments_customer_idx").on("appointments").columns(["customer_id", "starts_at"]).execute();

  await table("appointment_items")
    .addColumn("appointment_id", "integer", (c) => ref("appointments")(c.notNull()))
    .addColumn("kind", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("price_kobo", "integer", notNull)
    .execute();
  await db.schema.createIndex("appointment_items_appt_idx").on("appointment_items").column("appointment_id").execute();

  await table("payments")
    .addColumn("appointment_id", "integer", (c) => ref("appointments")(c.notNull()))
    .addColumn("provider", "text", notNull)
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("amount_kobo", "integer", notNull)
    .addColumn("status", "text", notNull)
    .addColumn("payer_name", "text")
    .addColumn("payer_email", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await db.schema.createIndex("payments_appt_idx").on("payments").column("appointment_id").execute();

  await table("credit_entries")
    .addColumn("user_id", "integer", (c) => ref("users")(c.notNull()))
    .addColumn("amount_kobo", "integer", notNull)
    .addColumn("reason", "text", notNull)
    .addColumn("appointment_id", "integer", ref("appointments", "set null"))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("credit_entries_user_idx").on("credit_entries").column("user_id").execute();

  await table("bank_accounts")
    .addColumn("vendor_id", "integer", (c) => ref("vendors")(c.notNull()))
    .addColumn("bank_code", "text", notNull)
    .addColumn("bank_name", "text", notNull)
    .addColumn("number", "text", notNull)
    .addColumn("holder", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("deleted_at", "text")
    .execute();
  await db.schema.createIndex("bank_accounts_vendor_idx").on("bank_accounts").column("vendor_id").execute();

  await table("withdrawals")
    .addColumn("vendor_id", "integer", (c) => ref("vendors")(c.notNull()))
    .addColumn("bank_account_id", "integer", (c) => ref("bank_accounts", "restrict")(c.notNull()))
    .addColumn("amount_kobo", "integer", notNull)
    .addColumn("status", "text", notNull)
    .addColumn("code_hash", "text")
    .addColumn("code_expires_at", "text")
    .addColumn("attempts", "integer", flag)
    .addColumn("created_at", "text", notNull)
    .addColumn("completed_at", "text")
    .execute();
  await db.schema.createIndex("withdrawals_vendor_idx").on("withdrawals").column("vendor_id").execute();

  await table("ledger_entries")
    .addColumn("vendor_id", "integer", (c) => ref("vendors")(c.notNull()))
    .addColumn("kind", "text", notNull)
    .addColumn("amount_kobo", "integer", notNull)
    .addColumn("title", "text", notNull)
    .addColumn("group_name", "text")
    .addColumn("appointment_id", "integer", ref("appointments", "set null"))
    .addColumn("withdrawal_id", "integer", (c) => ref("withdrawals", "restrict")(c.unique()))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("ledger_vendor_idx").on("ledger_entries").columns(["vendor_id", "created_at"]).execute();

  await table("conversations")
    .addColumn("customer_id", "integer", (c) => ref("users")(c.notNull()))
    .addColumn("vendor_id", "integer", (c) => ref("vendors")(c.notNull()))
    .addColumn("pinned_by_vendor", "integer", flag)
    .addColumn("customer_read_at", "text")
    .addColumn("vendor_read_at", "text")
    .addColumn("last_message_at", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addUniqueConstraint("conversations_pair_unique", ["customer_id", "vendor_id"])
    .execute();
  await db.schema.createIndex("conversations_vendor_idx").on("conversations").columns(["vendor_id", "last_message_at"]).execute();

  await table("messages")
    .addColumn("conversation_id", "integer", (c) => ref("conversations")(c.notNull()))
    .addColumn("sender_id", "integer", (c) => ref("users")(c.notNull()))
    .addColumn("body", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("messages_conversation_idx").on("messages").columns(["conversation_id", "created_at"]).execute();

  await table("outbox")
    .addColumn("to_address", "text", notNull)
    .addColumn("subject", "text", notNull)
    .addColumn("text", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("sent_at", "text")
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "text", notNull)
    .addColumn("count", "integer", notNull)
    .execute();

  await db.schema
    .createTable("content_blocks")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("data", "text", notNull)
    .execute();

  await table("password_resets")
    .addColumn("user_id", "integer", (c) => ref("users")(c.notNull()))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", notNull)
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", notNull)
    .execute();
}
