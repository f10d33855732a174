import { getDb } from "~/db/db.server";
import { log } from "~/utils/log.server";

// One way out for e-mail (DESIGN §2): every message is written to the outbox table; without SMTP configured it
// is also written to the server log (and, with MAIL_PREVIEW=true, readable at /dev/mail).

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export async function sendMail(mail: Mail): Promise<void> {
  const db = await getDb();
  await db
    .insertInto("outbox")
    .values({ to_address: mail.to, subject: mail.subject, text: mail.text, created_at: new Date().toISOString(), sent_at: null })
    .execute();
  log.info("mail", { to: mail.to, subject: mail.subject, text: mail.text });
}

export async function recentMail(limit = 50) {
  const db = await getDb();
  const rows = await db.selectFrom("outbox").select(["to_address", "subject", "text", "created_at"]).orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text, createdAt: r.created_at }));
}
