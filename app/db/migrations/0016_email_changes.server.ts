import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// A change of e-mail waits for a link sent to the new address (docs/decisions/012-email-change.md). The link's
// token lives only in that e-mail; the row keeps its SHA-256, like a password reset.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("email_changes")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("new_email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // The session that asked (its stored hash): it stays signed in when the person chose to sign out other devices.
    .addColumn("requested_by_session", "text")
    .addColumn("sign_out_others", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("email_changes_user_idx").on("email_changes").column("user_id").execute();
}
