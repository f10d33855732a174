import { getDb } from "~/db/db.server";
import { recentMail } from "./mail.server";
import { recentSms } from "./sms.server";

// What /dev/mail shows (MAIL_PREVIEW=true): every message as it would be sent, whatever its channel.

export interface PreviewMessage {
  channel: "email" | "sms" | "whatsapp";
  /** The e-mail address, or the phone number in E.164. */
  to: string;
  /** The e-mail's subject; for a phone message, what it is (its channel and, for WhatsApp, its template). */
  subject: string;
  text: string;
  createdAt: string;
}

/** The latest e-mails and phone messages together, newest first. */
export async function recentMessages(limit = 50): Promise<PreviewMessage[]> {
  const [mails, phones] = await Promise.all([recentMail(limit), recentSms(await getDb(), limit)]);
  const all: (PreviewMessage & { order: number })[] = [
    ...mails.map((m, i) => ({ channel: "email" as const, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt, order: i })),
    ...phones.map((p, i) => ({
      channel: p.channel,
      to: p.to,
      subject: p.channel === "whatsapp" ? `Template "${p.template ?? ""}"` : "Text message",
      text: p.text,
      createdAt: p.createdAt,
      order: i,
    })),
  ];
  // Newest first; messages written in one transaction share a time: then e-mails first, each list in its own order.
  const rank = (m: PreviewMessage) => (m.channel === "email" ? 0 : 1);
  return all
    .sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : rank(a) - rank(b) || a.order - b.order))
    .slice(0, limit)
    .map(({ order: _order, ...m }) => m);
}
