import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import type { PhoneChannel, PhoneMessageStatus } from "~/db/schema";

// What the admin reads of messages sent: counts per channel and delivery status, and per vendor (the messages about
// their appointments, to their customers and to them). E-mail has no per-vendor column; its line is the outbox's.

export interface ChannelCount {
  channel: PhoneChannel | "email";
  total: number;
  /** Went to the provider (whatever its receipts said since). */
  sent: number;
  /** The provider's receipt said delivered (or read); null for e-mail, which has no receipts. */
  delivered: number | null;
  /** WhatsApp's receipt said read; null for e-mail and SMS. */
  read: number | null;
  /** Out of tries, or (WhatsApp) refused and fallen back, or a receipt said the network could not deliver it. */
  failed: number;
  /** Kept in test mode (no keys): nothing was paid for. */
  test: number;
  queued: number;
}

export interface VendorCount {
  vendorId: number;
  businessName: string;
  channel: PhoneChannel;
  total: number;
  failed: number;
}

const count = (status: PhoneMessageStatus | PhoneMessageStatus[]) =>
  sql<number>`sum(case when status in (${sql.join((Array.isArray(status) ? status : [status]).map((s) => sql.lit(s)))}) then 1 else 0 end)`;

export async function messageCounts(): Promise<{ channels: ChannelCount[]; vendors: VendorCount[] }> {
  const db = await getDb();
  const phone = await db
    .selectFrom("sms_outbox")
    .select([
      "channel",
      (eb) => eb.fn.countAll<number>().as("total"),
      count(["sent", "delivered", "read"]).as("sent"),
      count(["delivered", "read"]).as("delivered"),
      count("read").as("read"),
      count(["failed", "refused"]).as("failed"),
      count("test").as("test"),
      count("queued").as("queued"),
    ])
    .groupBy("channel")
    .orderBy("channel")
    .execute();
  const mail = await db
    .selectFrom("outbox")
    .select([
      (eb) => eb.fn.countAll<number>().as("total"),
      sql<number>`sum(case when sent_at is not null then 1 else 0 end)`.as("sent"),
      sql<number>`sum(case when sent_at is null and last_error is not null then 1 else 0 end)`.as("failed"),
    ])
    .executeTakeFirstOrThrow();
  const vendors = await db
    .selectFrom("sms_outbox as m")
    .innerJoin("vendors as v", "v.id", "m.vendor_id")
    .select(["v.id", "v.business_name", "m.channel", (eb) => eb.fn.countAll<number>().as("total"), count(["failed", "refused"]).as("failed")])
    .groupBy(["v.id", "v.business_name", "m.channel"])
    .orderBy("v.business_name")
    .orderBy("m.channel")
    .execute();
  return {
    channels: [
      {
        channel: "email" as const,
        total: Number(mail.total),
        sent: Number(mail.sent ?? 0),
        delivered: null,
        read: null,
        failed: Number(mail.failed ?? 0),
        test: 0,
        queued: 0,
      },
      ...phone.map((r) => ({
        channel: r.channel,
        total: Number(r.total),
        sent: Number(r.sent ?? 0),
        delivered: Number(r.delivered ?? 0),
        read: r.channel === "whatsapp" ? Number(r.read ?? 0) : null,
        failed: Number(r.failed ?? 0),
        test: Number(r.test ?? 0),
        queued: Number(r.queued ?? 0),
      })),
    ],
    vendors: vendors.map((r) => ({ vendorId: r.id, businessName: r.business_name, channel: r.channel, total: Number(r.total), failed: Number(r.failed ?? 0) })),
  };
}

/**
 * Which channel reached the customer about an appointment, for the vendor's view: the latest message to the
 * customer by WhatsApp or SMS that went (or would have, in test mode); otherwise e-mail, which always goes.
 */
export async function reachedBy(appointmentIds: number[]): Promise<Map<number, { channel: PhoneChannel | "email"; test: boolean }>> {
  const out = new Map<number, { channel: PhoneChannel | "email"; test: boolean }>();
  for (const id of appointmentIds) out.set(id, { channel: "email", test: false });
  if (appointmentIds.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .selectFrom("sms_outbox as m")
    .innerJoin("appointments as a", "a.id", "m.appointment_id")
    .select(["m.appointment_id", "m.channel", "m.status"])
    .where("m.appointment_id", "in", appointmentIds)
    .whereRef("m.user_id", "=", "a.customer_id")
    .where("m.status", "in", ["sent", "delivered", "read", "test"])
    .orderBy("m.id")
    .execute();
  for (const r of rows) out.set(r.appointment_id!, { channel: r.channel, test: r.status === "test" });
  return out;
}
