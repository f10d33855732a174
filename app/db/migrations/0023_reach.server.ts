import type { Kysely } from "kysely";
import { normalisePhone } from "~/utils/phone";
import type { Dialect } from "../dialect.server";

// Reaching people by phone (docs/domain.md, Notifications and consent):
// - phone numbers are stored in E.164; numbers stored before (0803...) are rewritten, so they keep working;
// - a vendor may give a WhatsApp number (the "Chat on WhatsApp" links);
// - each person's consent per channel, with when and where it was given (message_consents);
// - sms_outbox becomes the outbox of every message to a phone: its channel (sms or whatsapp), whom and which
//   appointment it is about, the WhatsApp template and its parameters, and its delivery status.

export async function up(db: Kysely<unknown>, _dialect?: Dialect): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration runs against the schema of its time
  const k = db as Kysely<any>;
  const phones = (await k.selectFrom("users").select(["id", "phone"]).where("phone", "is not", null).execute()) as { id: number; phone: string }[];
  for (const { id, phone } of phones) {
    const e164 = normalisePhone(phone);
    if (e164 && e164 !== phone) await k.updateTable("users").set({ phone: e164 }).where("id", "=", id).execute();
  }

  await db.schema.alterTable("vendors").addColumn("whatsapp_phone", "text").execute();

  await db.schema
    .createTable("message_consents")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("given", "integer", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("message_consents_pk", ["user_id", "channel"])
    .execute();

  await db.schema
    .alterTable("sms_outbox")
    .addColumn("channel", "text", (c) => c.notNull().defaultTo("sms"))
    .execute();
  await db.schema.alterTable("sms_outbox").addColumn("user_id", "integer").execute();
  await db.schema.alterTable("sms_outbox").addColumn("vendor_id", "integer").execute();
  await db.schema.alterTable("sms_outbox").addColumn("appointment_id", "integer").execute();
  await db.schema.alterTable("sms_outbox").addColumn("template", "text").execute();
  await db.schema.alterTable("sms_outbox").addColumn("params", "text").execute();
  await db.schema
    .alterTable("sms_outbox")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .execute();
  await k.updateTable("sms_outbox").set({ status: "sent" }).where("sent_at", "is not", null).execute();
  await db.schema.createIndex("sms_outbox_appointment_idx").on("sms_outbox").column("appointment_id").execute();
  await db.schema.createIndex("sms_outbox_vendor_idx").on("sms_outbox").columns(["vendor_id", "channel"]).execute();
}
