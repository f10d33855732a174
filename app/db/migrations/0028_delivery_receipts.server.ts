import type { Kysely } from "kysely";

// Delivery receipts (docs/operations/messaging.md, "Delivery receipts"): Termii and WhatsApp tell us, by webhook,
// what became of a phone message after it was sent (delivered, read, failed). A receipt names the message by the
// provider's id, so that id is indexed per channel; receipt_at keeps when the last receipt changed its status.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sms_outbox").addColumn("receipt_at", "text").execute();
  await db.schema.createIndex("sms_outbox_provider_id_idx").on("sms_outbox").columns(["channel", "provider_id"]).execute();
}
