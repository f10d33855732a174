import { sql, type Kysely } from "kysely";

// Money that moves through the real provider (docs/domain.md "Money", docs/decisions/020-money-moves.md):
// - payments: when they were last verified, a problem an operator must look at (an amount or currency that did not
//   match), and the provider's reference of a refund of a payment that arrived for a closed order;
// - withdrawals: the transfer's reference (derived from the withdrawal, unique), Paystack's transfer code, the
//   session id a bank traces a transfer by, and why a transfer failed; "completed" becomes "paid";
// - ledger_entries: the withdrawal an entry returns (unique, so a failed or reversed transfer is returned once);
// - bank_accounts: the name Paystack resolved, whether an operator must approve the account, its transfer recipient;
// - vendors: manual or automatic weekly payouts;
// - provider_banks: Paystack's list of banks, kept for a day.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payments").addColumn("checked_at", "text").execute();
  await db.schema.alterTable("payments").addColumn("problem", "text").execute();
  await db.schema.alterTable("payments").addColumn("refund_reference", "text").execute();
  await db.schema.alterTable("payments").addColumn("channel", "text").execute();
  await db.schema.createIndex("payments_status_idx").on("payments").columns(["status", "created_at"]).execute();

  await db.schema.alterTable("withdrawals").addColumn("transfer_reference", "text").execute();
  await db.schema.alterTable("withdrawals").addColumn("transfer_code", "text").execute();
  await db.schema.alterTable("withdrawals").addColumn("session_id", "text").execute();
  await db.schema.alterTable("withdrawals").addColumn("failure_reason", "text").execute();
  await db.schema
    .alterTable("withdrawals")
    .addColumn("fee_kobo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("withdrawals_transfer_reference_unique").on("withdrawals").column("transfer_reference").unique().execute();
  await db.schema.createIndex("withdrawals_status_idx").on("withdrawals").column("status").execute();
  await sql`update withdrawals set status = 'paid' where status = 'completed'`.execute(db);

  await db.schema.alterTable("ledger_entries").addColumn("returned_withdrawal_id", "integer").execute();
  await db.schema.createIndex("ledger_returned_withdrawal_unique").on("ledger_entries").column("returned_withdrawal_id").unique().execute();

  await db.schema.alterTable("bank_accounts").addColumn("resolved_name", "text").execute();
  await db.schema
    .alterTable("bank_accounts")
    .addColumn("approval", "text", (c) => c.notNull().defaultTo("approved"))
    .execute();
  await db.schema.alterTable("bank_accounts").addColumn("recipient_code", "text").execute();

  await db.schema
    .alterTable("vendors")
    .addColumn("payout_schedule", "text", (c) => c.notNull().defaultTo("manual"))
    .execute();

  await db.schema
    .createTable("provider_banks")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("fetched_at", "text", (c) => c.notNull())
    .execute();
}
