import { sql, type Kysely } from "kysely";

// Photos are stored as several objects (WebP widths and a JPEG) in a folder or an S3-compatible store: each stored
// object gets a row (its type and size, which serving and range requests need, and the upload it belongs to so
// deleting the upload deletes them all). Uploads and gallery entries remember a hash of the bytes as sent, so the
// same file sent twice to one gallery is stored once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("upload_objects")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("upload_key", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("upload_objects_upload_idx").on("upload_objects").column("upload_key").execute();
  await db.schema.alterTable("uploads").addColumn("content_hash", "text").execute();
  await db.schema.alterTable("uploads").addColumn("width", "integer").execute();
  await db.schema.alterTable("uploads").addColumn("height", "integer").execute();
  await db.schema.alterTable("service_media").addColumn("content_hash", "text").execute();
  // Files uploaded before this change are one object each, served as they are.
  await sql`insert into upload_objects (key, upload_key, content_type, size_bytes) select key, key, content_type, size_bytes from uploads`.execute(db);
}
