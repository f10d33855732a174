import { sql, type Kysely, type Transaction } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { SMTP_TIMEOUTS } from "~/models/jobs/durations";
import { runJobNow, scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import { queueCustomerText, type CustomerText } from "./customer-texts.server";
import { queueVendorText, type VendorText } from "./vendor-texts.server";

// One way out for e-mail: every message is written to the outbox table (readable at /dev/mail with
// MAIL_PREVIEW=true) together with a delivery job (app/models/jobs/queue.server.ts). With SMTP_URL the job sends it over
// SMTP and marks it sent, retrying with back-off when the server fails; without SMTP_URL the whole message goes
// to the server log, which is where a developer reads it.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Also tell a vendor by text message, if they turned "Text-message notifications" on (app/models/messaging/sms.server.ts). */
  vendorText?: VendorText;
  /** Also tell a customer by WhatsApp or SMS, as they agreed to (app/models/messaging/customer-texts.server.ts). */
  customerText?: CustomerText;
}

let transport: { url: string; transporter: Transporter } | undefined;

function smtp(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) };
  return transport.transporter;
}

function fromAddress(): string {
  return `Glow <no-reply@${new URL(getEnv().APP_URL).hostname}>`;
}

export interface QueuedMail extends Mail {
  id: number;
}

/**
 * Records e-mails in the outbox with the caller's transaction, so they exist exactly when the change they tell of
 * does: a process that dies right after the commit cannot leave a booking that nobody was told about (the
 * resilience tests' crash runs found that). Deliver them with `deliverMail` once the transaction has committed.
 */
export async function queueMails(db: Kysely<Database> | Transaction<Database>, mails: Mail[], now = new Date()): Promise<QueuedMail[]> {
  const queued: QueuedMail[] = [];
  for (const mail of mails) {
    // A guest account's address is under the reserved `.invalid` domain (RFC 2606): nobody reads it
    // (app/models/client-rules/client-match.server.ts).
    if (mail.to.endsWith(".invalid")) continue;
    const { id } = await db
      .insertInto("outbox")
      .values({ to_address: mail.to, subject: mail.subject, text: mail.text, created_at: now.toISOString(), sent_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await scheduleJob(db, { kind: MAIL_DELIVERY, key: String(id), runAt: now, payload: { id } }, now);
    if (mail.vendorText) await queueVendorText(db, mail.vendorText, now);
    if (mail.customerText) await queueCustomerText(db, mail.customerText, now);
    queued.push({ ...mail, id });
  }
  return queued;
}

export const MAIL_DELIVERY = "mail.deliver";

/**
 * Delivers one outbox row. It talks to an SMTP server, so it runs outside a transaction and records its own
 * success (sent_at): a repeat after a recorded send does nothing. The Message-ID is fixed per row, so the rare
 * repeat after a crash between the server's answer and that record is recognisable as the same message.
 */
export const mailDelivery: JobDefinition<{ id: number }> = {
  transaction: false,
  async run({ db, payload }) {
    const mail = await db.selectFrom("outbox").selectAll().where("id", "=", payload.id).executeTakeFirst();
    if (!mail || mail.sent_at) return;
    const smtpUrl = getEnv().SMTP_URL;
    if (!smtpUrl) {
      log.info("mail", { to: mail.to_address, subject: mail.subject, text: mail.text });
      return;
    }
    const host = new URL(getEnv().APP_URL).hostname;
    try {
      await smtp(smtpUrl).sendMail({
        from: fromAddress(),
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text,
        messageId: `<outbox-${mail.id}@${host}>`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable("outbox")
        .set({ attempts: sql<number>`attempts + 1`, last_error: message.slice(0, 1000) })
        .where("id", "=", mail.id)
        .execute();
      throw error;
    }
    await db
      .updateTable("outbox")
      .set({ sent_at: new Date().toISOString(), attempts: sql<number>`attempts + 1`, last_error: null })
      .where("id", "=", mail.id)
      .execute();
    // Message bodies carry reset links and codes: with real delivery they stay out of the logs.
    log.info("mail sent", { to: mail.to_address, subject: mail.subject });
  },
};

/** Records and sends one e-mail. */
export async function sendMail(mail: Mail): Promise<void> {
  const [queued] = await queueMails(await getDb(), [mail]);
  await deliverMail(queued!);
}

/**
 * Delivers an e-mail already in the outbox now, once its transaction has committed, unless a runner already has
 * it. A failed SMTP delivery does not fail the person's request (the action they took did happen): its job is
 * retried with back-off by the background work.
 */
export async function deliverMail(mail: QueuedMail): Promise<void> {
  await runJobNow(MAIL_DELIVERY, String(mail.id), mailDelivery);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The latest e-mails, newest first (for /dev/mail). */
export async function recentMail(limit = 50): Promise<OutboxMail[]> {
  const db = await getDb();
  const rows = await db.selectFrom("outbox").select(["to_address", "subject", "text", "created_at"]).orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text, createdAt: r.created_at }));
}
