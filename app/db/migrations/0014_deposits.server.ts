import type { Kysely } from "kysely";

// A "Pay to vendor" booking of a vendor who asks for a deposit pays the deposit online at step 2 and the rest at the
// visit (see docs/domain.md, "The vendor's time"). deposit_kobo is what was (or is to be) paid online; 0 means the
// booking is paid in full, online or in person as payment_method says.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("appointments")
    .addColumn("deposit_kobo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
