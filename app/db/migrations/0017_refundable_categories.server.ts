import { sql, type Kysely } from "kysely";

// Whether a customer who cancels a paid booking gets anything back is a property of the service's category
// (docs/domain.md, "Refunds"): 1, the vendor's cancellation policy decides; 0, nothing is returned. Every category
// takes its group's rule (a category files all its services under one group). The rule used to be the group's name
// ("Spa") written in the code; existing rows get what that rule gave them, so no booking changes its refund.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("categories")
    .addColumn("refundable", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // A fresh database has no services yet: the seed marks its categories from the catalogue (app/data/catalogue.ts).
  const spa = sql`exists (select 1 from services s where s.category_id = categories.id and s.group_name = 'Spa')`;
  await sql`update categories set refundable = 0 where ${spa}`.execute(db);
}
