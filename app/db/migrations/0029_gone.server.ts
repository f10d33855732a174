import type { Kysely } from "kysely";

// Things gone for good (docs/domain.md, "Gone for good"): when a vendor closed their business on Glow. A retired
// service needs no column: "retired" is one more value of services.status, which no public query lists.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("vendors").addColumn("closed_at", "text").execute();
}
