import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Things gone for good (docs/domain.md, "Gone for good"): when a vendor closed their business on Glow. A retired
// service needs no column: "retired" is one more value of services.status, which no public query lists.
// Phone confirmation (docs/domain.md, "Accounts"): the codes texted to confirm a number, kept hashed.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable("vendors").addColumn("closed_at", "text").execute();
  await db.schema
    .createTable("phone_codes")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("phone_codes_user").on("phone_codes").columns(["user_id", "created_at"]).execute();
}
