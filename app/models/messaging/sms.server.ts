import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import type { Executor } from "~/db/db.server";

// One way out for text messages, like e-mail: every message is written to sms_outbox in the transaction of the
// change it tells of, with a delivery job. With TERMII_API_KEY the job sends it through Termii's HTTP API
// (POST {TERMII_API_URL}/api/sms/send), retrying with back-off; without a key it is test mode: the message stays
// in the outbox (and the server log) and nothing leaves the machine.

export const SMS_DELIVERY = "sms.deliver";
/** One SMS page; longer texts are cut (with an ellipsis) rather than billed as several. */
export const SMS_MAX_LENGTH = 160;
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A Nigerian phone number as Termii wants it (country code, digits only: 2348031234567), or null when it is not
 * one: 0803 123 4567, +234 803 123 4567 and 234-803-123-4567 are all accepted.
 */
export function nigerianMsisdn(phone: string): string | null {
  const digits = phone.replace(/[\s().-]/g, "").replace(/^\+/, "");
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.startsWith("234") ? digits.slice(3) : digits.startsWith("0") ? digits.slice(1) : digits;
  return /^[789][01]\d{8}$/.test(national) ? `234${national}` : null;
}

function fit(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= SMS_MAX_LENGTH ? flat : `${flat.slice(0, SMS_MAX_LENGTH - 1)}…`;
}

/** Records a text message and its delivery job with the caller's transaction. Returns false for a bad number. */
export async function queueSms(db: Executor, message: { to: string; text: string }, now = new Date()): Promise<boolean> {
  const to = nigerianMsisdn(message.to);
  if (!to) {
    log.info("sms skipped: not a Nigerian mobile number", { to: message.to });
    return false;
  }
  const { id } = await db
    .insertInto("sms_outbox")
    .values({ to_phone: to, text: fit(message.text), created_at: now.toISOString(), sent_at: null, provider_id: null, last_error: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await scheduleJob(db, { kind: SMS_DELIVERY, key: String(id), runAt: now, payload: { id } }, now);
  return true;
}

/**
 * A vendor's text message, queued only when the vendor has turned "Text-message notifications" on and has a
 * mobile number on their profile.
 */
export async function queueVendorSms(db: Executor, vendorId: number, text: string, now = new Date()): Promise<boolean> {
  const vendor = await db
    .selectFrom("vendors")
    .innerJoin("users", "users.id", "vendors.user_id")
    .select(["vendors.sms_notifications", "users.phone"])
    .where("vendors.id", "=", vendorId)
    .executeTakeFirst();
  if (!vendor || vendor.sms_notifications !== 1 || !vendor.phone) return false;
  return queueSms(db, { to: vendor.phone, text }, now);
}

interface TermiiReply {
  message_id?: string | number;
  message?: string;
}

/** Sends one sms_outbox row; outside a transaction (it calls Termii), recording its own success like e-mail. */
export const smsDelivery: JobDefinition<{ id: number }> = {
  transaction: false,
  async run({ db, payload }) {
    const sms = await db.selectFrom("sms_outbox").selectAll().where("id", "=", payload.id).executeTakeFirst();
    if (!sms || sms.sent_at) return;
    const env = getEnv();
    if (!env.TERMII_API_KEY) {
      log.info("sms (test mode, not sent)", { to: sms.to_phone, text: sms.text });
      return;
    }
    let providerId: string;
    try {
      const response = await fetch(`${env.TERMII_API_URL.replace(/\/$/, "")}/api/sms/send`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          api_key: env.TERMII_API_KEY,
          to: sms.to_phone,
          from: env.TERMII_SENDER_ID,
          sms: sms.text,
          type: "plain",
          channel: "generic",
        }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => ({}))) as TermiiReply;
      if (!response.ok || reply.message_id === undefined) {
        throw new Error(`Termii answered ${response.status}: ${String(reply.message ?? "no message id")}`);
      }
      providerId = String(reply.message_id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable("sms_outbox")
        .set({ attempts: sql<number>`attempts + 1`, last_error: message.slice(0, 1000) })
        .where("id", "=", sms.id)
        .execute();
      throw error;
    }
    await db
      .updateTable("sms_outbox")
      .set({ sent_at: new Date().toISOString(), provider_id: providerId, attempts: sql<number>`attempts + 1`, last_error: null })
      .where("id", "=", sms.id)
      .execute();
    log.info("sms sent", { to: sms.to_phone, providerId });
  },
};

export interface OutboxSms {
  to: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
}

/** The latest text messages, newest first (for /dev/mail and tests). */
export async function recentSms(db: Kysely<Database>, limit = 50): Promise<OutboxSms[]> {
  const rows = await db.selectFrom("sms_outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ to: r.to_phone, text: r.text, createdAt: r.created_at, sentAt: r.sent_at }));
}
