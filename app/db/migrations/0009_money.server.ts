import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Money people can trust (see docs/domain.md "Money"):
// - ledger entries sit on one of two accounts of the vendor: "pending" (paid for a visit not yet delivered) or
//   "available" (may be withdrawn). Entries already written for visits still open move to "pending";
// - refunds are recorded with the way they went back (provider refund or AutoCredit) and to whom;
// - requests carry the time by which the vendor must answer;
// - wrong code guesses are counted per vendor over a day, across every withdrawal and bank account;
// - a bank account is usable only once its e-mailed code was entered (accounts that exist already are trusted).

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("ledger_entries")
    .addColumn("account", "text", (c) => c.notNull().defaultTo("available"))
    .execute();
  await sql`
    update ledger_entries set account = 'pending'
     where kind in ('earning', 'fee', 'refund')
       and appointment_id in (select id from appointments where status in ('held', 'requested', 'confirmed'))
  `.execute(db);

  await db.schema.alterTable("appointments").addColumn("answer_by", "text").execute();
  await sql`update appointments set answer_by = starts_at where status = 'requested'`.execute(db);
  await db.schema.createIndex("appointments_status_answer_by_idx").on("appointments").columns(["status", "answer_by"]).execute();
  await db.schema.createIndex("appointments_status_ends_at_idx").on("appointments").columns(["status", "ends_at"]).execute();

  await db.schema
    .createTable("refunds")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id"))
    .addColumn("payment_id", "integer", (c) => c.references("payments.id"))
    .addColumn("amount_kobo", "integer", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_reference", "text")
    .addColumn("payer_name", "text")
    .addColumn("payer_email", "text")
    .addColumn("payer_user_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_appointment_idx").on("refunds").column("appointment_id").execute();

  await db.schema
    .createTable("code_guesses")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("vendor_id", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("code_guesses_vendor_at_idx").on("code_guesses").columns(["vendor_id", "at"]).execute();

  await db.schema.alterTable("bank_accounts").addColumn("verified_at", "text").execute();
  await db.schema.alterTable("bank_accounts").addColumn("code_hash", "text").execute();
  await db.schema.alterTable("bank_accounts").addColumn("code_expires_at", "text").execute();
  await db.schema
    .alterTable("bank_accounts")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update bank_accounts set verified_at = created_at`.execute(db);
}
