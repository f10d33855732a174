import type { Kysely } from "kysely";

// Changes to a live service wait for review beside it (docs/domain.md, "Services"): the vendor edits a copy, a
// draft whose revision_of names the live service, while the live one stays on the site as approved. Approving the
// copy writes its content onto the live service and removes the copy; null for every other service.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("services")
    .addColumn("revision_of", "integer", (c) => c.references("services.id"))
    .execute();
  await db.schema.createIndex("services_revision_of_idx").on("services").column("revision_of").execute();
}
