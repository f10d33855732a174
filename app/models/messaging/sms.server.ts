import { sql, type Kysely } from "kysely";
import type { Database, PhoneChannel, PhoneMessageStatus } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { isNigerianMobile, normalisePhone } from "~/utils/phone";
import { PHONE_MESSAGE_TRIES } from "~/models/jobs/durations";
import { scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import type { Executor } from "~/db/db.server";
import { fitSms } from "./gsm7";

// One way out for text messages, like e-mail: every message is written to sms_outbox (the outbox of messages to a
// phone, WhatsApp's too) in the transaction of the change it tells of, with a delivery job. With TERMII_API_KEY the
// job sends it through Termii's transactional route (POST {TERMII_API_URL}/api/sms/send, channel "dnd": delivered to
// numbers on Do-Not-Disturb, and not held back at night as the promotional route is), at most PHONE_MESSAGE_TRIES
// times; without a key it is test mode: the message stays in the outbox (status "test", and the server log).

export const SMS_DELIVERY = "sms.deliver";
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A Nigerian mobile number as Termii wants it (country code, digits only: 2348031234567), or null when it is not
 * one: 0803 123 4567, +234 803 123 4567 and 234-803-123-4567 are all accepted.
 */
export function nigerianMsisdn(phone: string): string | null {
  const e164 = normalisePhone(phone);
  return e164 && isNigerianMobile(e164) ? e164.slice(1) : null;
}

/** Whom and what a message is about (the admin's counts, the appointment's "reached by"). */
export interface MessageAbout {
  userId?: number | null;
  vendorId?: number | null;
  appointmentId?: number | null;
}

/**
 * Records a text message and its delivery job with the caller's transaction. `text` is fitted to one GSM-7 page;
 * `tail` (links, a reference) is kept whole after it. Returns false for a number that is not a Nigerian mobile one.
 */
export async function queueSms(db: Executor, message: { to: string; text: string; tail?: string } & MessageAbout, now = new Date()): Promise<boolean> {
  const to = nigerianMsisdn(message.to);
  if (!to) {
    log.info("sms skipped: not a Nigerian mobile number", { to: message.to });
    return false;
  }
  const { id } = await db
    .insertInto("sms_outbox")
    .values({
      to_phone: to,
      text: fitSms(message.text, message.tail),
      created_at: now.toISOString(),
      sent_at: null,
      provider_id: null,
      last_error: null,
      channel: "sms",
      user_id: message.userId ?? null,
      vendor_id: message.vendorId ?? null,
      appointment_id: message.appointmentId ?? null,
      template: null,
      params: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await scheduleJob(db, { kind: SMS_DELIVERY, key: String(id), runAt: now, payload: { id } }, now);
  return true;
}

/** Records the outcome of one try of a phone message (both channels' delivery jobs). */
export async function recordTry(db: Executor, id: number, outcome: { status: PhoneMessageStatus; providerId?: string; error?: string }): Promise<void> {
  await db
    .updateTable("sms_outbox")
    .set({
      status: outcome.status,
      attempts: sql<number>`attempts + 1`,
      last_error: outcome.error ? outcome.error.slice(0, 1000) : null,
      ...(outcome.status === "sent" ? { sent_at: new Date().toISOString(), provider_id: outcome.providerId ?? null } : {}),
    })
    .where("id", "=", id)
    .execute();
}

interface TermiiReply {
  message_id?: string | number;
  message?: string;
}

/** Sends one SMS row; outside a transaction (it calls Termii), recording its own success like e-mail. */
export const smsDelivery: JobDefinition<{ id: number }> = {
  transaction: false,
  maxAttempts: PHONE_MESSAGE_TRIES,
  async run({ db, payload, job }) {
    const sms = await db.selectFrom("sms_outbox").selectAll().where("id", "=", payload.id).executeTakeFirst();
    if (!sms || sms.sent_at || sms.status === "test") return;
    const env = getEnv();
    if (!env.TERMII_API_KEY) {
      log.info("sms (test mode, not sent)", { to: sms.to_phone, text: sms.text });
      await db.updateTable("sms_outbox").set({ status: "test" }).where("id", "=", sms.id).execute();
      return;
    }
    let providerId: string;
    try {
      const response = await fetch(`${env.TERMII_API_URL.replace(/\/$/, "")}/api/sms/send`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ api_key: env.TERMII_API_KEY, to: sms.to_phone, from: env.TERMII_SENDER_ID, sms: sms.text, type: "plain", channel: "dnd" }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => ({}))) as TermiiReply;
      if (!response.ok || reply.message_id === undefined) {
        throw new Error(`Termii answered ${response.status}: ${String(reply.message ?? "no message id")}`);
      }
      providerId = String(reply.message_id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await recordTry(db, sms.id, { status: job.attempts >= PHONE_MESSAGE_TRIES ? "failed" : "queued", error: message });
      throw error;
    }
    await recordTry(db, sms.id, { status: "sent", providerId });
    log.info("sms sent", { to: sms.to_phone, providerId });
  },
};

export interface OutboxSms {
  to: string;
  text: string;
  channel: PhoneChannel;
  /** WhatsApp: the template's name. */
  template: string | null;
  status: PhoneMessageStatus;
  createdAt: string;
  sentAt: string | null;
}

/** The latest messages to phones (SMS and WhatsApp), newest first (for /dev/mail and tests); `to` is E.164. */
export async function recentSms(db: Kysely<Database>, limit = 50): Promise<OutboxSms[]> {
  const rows = await db.selectFrom("sms_outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({
    to: `+${r.to_phone}`,
    text: r.text,
    channel: r.channel,
    template: r.template,
    status: r.status,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }));
}
