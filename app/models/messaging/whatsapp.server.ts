import type { Executor } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { PHONE_MESSAGE_TRIES } from "~/models/jobs/durations";
import { scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import { queueSms, recordTry, type MessageAbout } from "./sms.server";

// WhatsApp through Meta's Cloud API (POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages). Outside the
// 24-hour window a customer opens by writing, a business may only send templates Meta approved; Glow sends only
// utility templates, each about one appointment, never offers (docs/operations/messaging.md lists them). Without
// both keys it is test mode: the message stays in the outbox (status "test") and nothing is paid for.
//
// When Meta refuses the template (rejected, paused, disabled, wrong parameters) or the number is not on WhatsApp,
// or after PHONE_MESSAGE_TRIES failed tries, the message falls back to a text message when the person agreed to
// those, and the e-mail, which always goes, is what remains.

export const WHATSAPP_DELIVERY = "whatsapp.deliver";
const PROVIDER_TIMEOUT_MS = 10_000;

/** The approved utility templates, each with its body parameters in order. */
export const WHATSAPP_TEMPLATES = {
  /** "Hi {{1}}, a reminder of your {{2}} at {{3}} on {{4}}. Booking reference {{5}}. Manage it: {{6}} Stop WhatsApp messages: {{7}}" */
  appointment_reminder: 7,
  /** "Hi {{1}}, {{2}}. Booking reference {{3}}. See it: {{4}} Stop WhatsApp messages: {{5}}" */
  appointment_update: 5,
  /** To a vendor: "Hi {{1}}, {{2}}. Open it: {{3}} Stop WhatsApp messages: {{4}}" */
  vendor_update: 4,
} as const;
export type WhatsAppTemplate = keyof typeof WHATSAPP_TEMPLATES;

/** Error codes of the Cloud API that mean "this template will not go to this person": fall back at once. */
const REFUSED_CODES = new Set([131026, 131047, 131051, 132000, 132001, 132005, 132007, 132012, 132015, 132016, 470]);

export interface WhatsAppMessage extends MessageAbout {
  /** E.164. */
  to: string;
  template: WhatsAppTemplate;
  params: string[];
  /** What the template reads as, for /dev/mail and the admin. */
  text: string;
  /** The text message to send instead if WhatsApp cannot deliver it (null: none, e-mail only). */
  fallback: { to: string; text: string; tail?: string } | null;
}

interface StoredParams {
  body: string[];
  fallback: WhatsAppMessage["fallback"];
}

export async function queueWhatsApp(db: Executor, message: WhatsAppMessage, now = new Date()): Promise<void> {
  const params: StoredParams = { body: message.params, fallback: message.fallback };
  const { id } = await db
    .insertInto("sms_outbox")
    .values({
      to_phone: message.to.replace(/\D/g, ""),
      text: message.text,
      created_at: now.toISOString(),
      sent_at: null,
      provider_id: null,
      last_error: null,
      channel: "whatsapp",
      user_id: message.userId ?? null,
      vendor_id: message.vendorId ?? null,
      appointment_id: message.appointmentId ?? null,
      template: message.template,
      params: JSON.stringify(params),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await scheduleJob(db, { kind: WHATSAPP_DELIVERY, key: String(id), runAt: now, payload: { id } }, now);
}

class Refused extends Error {}

interface CloudReply {
  messages?: { id?: string }[];
  error?: { code?: number; message?: string };
}

async function send(to: string, template: string, body: string[]): Promise<string> {
  const env = getEnv();
  const response = await fetch(`${env.WHATSAPP_API_URL.replace(/\/$/, "")}/${env.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.WHATSAPP_TOKEN}` },
    body: JSON.stringify({
      messaging_product: "whatsapp",
      to,
      type: "template",
      template: {
        name: template,
        language: { code: env.WHATSAPP_TEMPLATE_LANGUAGE },
        components: [{ type: "body", parameters: body.map((text) => ({ type: "text", text })) }],
      },
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const reply = (await response.json().catch(() => ({}))) as CloudReply;
  const id = reply.messages?.[0]?.id;
  if (response.ok && id) return id;
  const text = `WhatsApp answered ${response.status}: ${reply.error?.code ?? ""} ${reply.error?.message ?? "no message id"}`.trim();
  if (reply.error?.code !== undefined && REFUSED_CODES.has(reply.error.code)) throw new Refused(text);
  throw new Error(text);
}

/** Sends one WhatsApp row; outside a transaction (it calls Meta), recording its own outcome. */
export const whatsappDelivery: JobDefinition<{ id: number }> = {
  transaction: false,
  maxAttempts: PHONE_MESSAGE_TRIES,
  async run({ db, payload, job, now }) {
    const row = await db.selectFrom("sms_outbox").selectAll().where("id", "=", payload.id).executeTakeFirst();
    if (!row || row.channel !== "whatsapp" || row.status !== "queued") return;
    const params = JSON.parse(row.params ?? "{}") as StoredParams;
    const env = getEnv();
    if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) {
      log.info("whatsapp (test mode, not sent)", { to: row.to_phone, template: row.template, text: row.text });
      await db.updateTable("sms_outbox").set({ status: "test" }).where("id", "=", row.id).execute();
      return;
    }
    try {
      const providerId = await send(row.to_phone, row.template ?? "", params.body ?? []);
      await recordTry(db, row.id, { status: "sent", providerId });
      log.info("whatsapp sent", { to: row.to_phone, template: row.template, providerId });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refused = error instanceof Refused;
      const lastTry = job.attempts >= PHONE_MESSAGE_TRIES;
      await recordTry(db, row.id, { status: refused ? "refused" : lastTry ? "failed" : "queued", error: message });
      if (!refused && !lastTry) throw error;
      log.warn("whatsapp not delivered, falling back", { to: row.to_phone, template: row.template, error: message });
      const { fallback } = params;
      if (fallback) {
        await queueSms(db, { ...fallback, userId: row.user_id, vendorId: row.vendor_id, appointmentId: row.appointment_id }, now);
      }
    }
  },
};
