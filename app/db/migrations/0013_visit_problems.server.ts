import { type Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Problems a customer reports with a visit that has ended but is not completed (docs/domain.md "Reported
// problems"). One per appointment (unique, so a double submit cannot report twice); an admin resolves it by
// releasing the money to the vendor or refunding the payer, and the resolution is written once.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("visit_problems")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id"))
    .addColumn("reported_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("reported_at", "text", (c) => c.notNull())
    .addColumn("resolution", "text")
    .addColumn("resolved_by", "integer", (c) => c.references("users.id"))
    .addColumn("resolved_at", "text")
    .execute();
  await db.schema.createIndex("visit_problems_appointment_uq").on("visit_problems").column("appointment_id").unique().execute();
  await db.schema.createIndex("visit_problems_resolved_at_idx").on("visit_problems").column("resolved_at").execute();
}
