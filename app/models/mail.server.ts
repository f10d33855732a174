import type { Kysely, Transaction } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";

// One way out for e-mail (DESIGN §2, §9): every message is written to the outbox table (readable at /dev/mail
// with MAIL_PREVIEW=true). With SMTP_URL it is then sent over SMTP and marked sent; without it the whole message
// goes to the server log, which is where a developer reads it.

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let transport: { url: string; transporter: Transporter } | undefined;

function smtp(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
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
export async function queueMails(db: Kysely<Database> | Transaction<Database>, mails: Mail[]): Promise<QueuedMail[]> {
  const queued: QueuedMail[] = [];
  for (const mail of mails) {
    const { id } = await db
      .insertInto("outbox")
      .values({ to_address: mail.to, subject: mail.subject, text: mail.text, created_at: new Date().toISOString(), sent_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    queued.push({ ...mail, id });
  }
  return queued;
}

/** Records and sends one e-mail. */
export async function sendMail(mail: Mail): Promise<void> {
  const [queued] = await queueMails(await getDb(), [mail]);
  await deliverMail(queued!);
}

/**
 * Sends an e-mail already in the outbox. A failed SMTP delivery is logged and left unsent in the outbox rather
 * than failing the person's request: the action they took (e.g. asking for a reset link) did happen.
 */
export async function deliverMail(mail: QueuedMail): Promise<void> {
  const smtpUrl = getEnv().SMTP_URL;
  if (!smtpUrl) {
    log.info("mail", { to: mail.to, subject: mail.subject, text: mail.text });
    return;
  }
  try {
    await smtp(smtpUrl).sendMail({ from: fromAddress(), to: mail.to, subject: mail.subject, text: mail.text });
    const db = await getDb();
    await db.updateTable("outbox").set({ sent_at: new Date().toISOString() }).where("id", "=", mail.id).execute();
    // Message bodies carry reset links and codes: with real delivery they stay out of the logs.
    log.info("mail sent", { to: mail.to, subject: mail.subject });
  } catch (error) {
    log.error("mail not sent", { to: mail.to, subject: mail.subject, error: error instanceof Error ? error.message : String(error) });
  }
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
