import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Accounts. Same conventions as 0001: portable types, ISO-8601 UTC text instants.

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // The e-mail a browser asked a reset link for, so the reset page need not ask again (the reset call sends it with
  // the new password). Keyed by the SHA-256 of a random token in that browser's cookie, like sessions.
  await db.schema
    .createTable("remembered_reset_emails")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("remembered_reset_emails_expires_idx").on("remembered_reset_emails").column("expires_at").execute();

  // A new reset link retires the person's older ones; a reset retires them all.
  await db.schema.createIndex("password_resets_user_idx").on("password_resets").column("user_id").execute();
  // Stale rate-limit windows are purged by age.
  await db.schema.createIndex("rate_limits_window_idx").on("rate_limits").column("window_start").execute();
}
