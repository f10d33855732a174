import { getEnv } from "~/utils/env.server";
import { UNREAD_MESSAGE_EMAIL_AFTER } from "~/models/jobs/durations";
import { scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import { queueMails } from "./mail.server";
import type { Executor } from "~/db/db.server";

// A chat message still unread UNREAD_MESSAGE_EMAIL_AFTER after it was sent is e-mailed to its recipient, once per
// unread stretch: the job's key is the conversation, the recipient's side and when they last read it, so the
// second, third... message before they read it finds the job already scheduled, and the first message after
// they have read starts a new stretch. When the job runs it sends nothing if they have read it meanwhile.

export const UNREAD_MESSAGE_EMAIL = "message.unread-email";

export interface UnreadPayload {
  conversationId: number;
  /** Whose unread messages: the customer's or the vendor's side of the conversation. */
  recipient: "customer" | "vendor";
  /** The recipient's read mark when the stretch began (null: never opened). */
  readAt: string | null;
}

/** Called with the transaction that adds a message: schedules the e-mail of its unread stretch (once). */
export async function scheduleUnreadMessageEmail(
  db: Executor,
  conversation: { id: number; customer_read_at: string | null; vendor_read_at: string | null },
  recipient: UnreadPayload["recipient"],
  now: Date,
): Promise<void> {
  const readAt = recipient === "customer" ? conversation.customer_read_at : conversation.vendor_read_at;
  const payload: UnreadPayload = { conversationId: conversation.id, recipient, readAt };
  await scheduleJob(
    db,
    {
      kind: UNREAD_MESSAGE_EMAIL,
      key: `${conversation.id}:${recipient}:${readAt ?? "never"}`,
      runAt: new Date(now.getTime() + UNREAD_MESSAGE_EMAIL_AFTER),
      payload,
    },
    now,
  );
}

const excerpt = (body: string) => {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
};

export const unreadMessageEmail: JobDefinition<UnreadPayload> = {
  async run({ db, payload }) {
    const c = await db
      .selectFrom("conversations as c")
      .innerJoin("users as cu", "cu.id", "c.customer_id")
      .innerJoin("vendors as v", "v.id", "c.vendor_id")
      .innerJoin("users as vu", "vu.id", "v.user_id")
      .select([
        "c.id",
        "c.customer_id",
        "c.vendor_id",
        "c.customer_read_at",
        "c.vendor_read_at",
        "cu.email as customer_email",
        "cu.first_name as customer_first_name",
        "vu.email as vendor_email",
        "v.business_name",
      ])
      .where("c.id", "=", payload.conversationId)
      .executeTakeFirst();
    if (!c) return;
    const readAt = payload.recipient === "customer" ? c.customer_read_at : c.vendor_read_at;
    if (readAt !== payload.readAt) return; // they opened it since: nothing to tell
    let unread = db
      .selectFrom("messages")
      .select(["body", "created_at"])
      .where("conversation_id", "=", c.id)
      .where("sender_id", payload.recipient === "customer" ? "!=" : "=", c.customer_id)
      .orderBy("id");
    if (readAt) unread = unread.where("created_at", ">", readAt);
    const messages = await unread.execute();
    if (messages.length === 0) return;
    const app = getEnv().APP_URL;
    const toCustomer = payload.recipient === "customer";
    const from = toCustomer ? c.business_name : c.customer_first_name;
    const count = messages.length === 1 ? "a message" : `${messages.length} messages`;
    await queueMails(db, [
      {
        to: toCustomer ? c.customer_email : c.vendor_email,
        subject: `${from} sent you ${count} on Glow`,
        text: [
          `Hi ${toCustomer ? c.customer_first_name : c.business_name},`,
          "",
          `${from} sent you ${count} that you haven't read yet:`,
          "",
          `"${excerpt(messages[messages.length - 1]!.body)}"`,
          "",
          `Read and reply: ${app}${toCustomer ? `/messages/${c.id}#latest` : `/vendor/chats/${c.id}`}`,
          "",
          "Glow",
        ].join("\n"),
        // The vendor hears of it by WhatsApp or text message too, as they chose (vendor-texts.server.ts).
        ...(toCustomer
          ? {}
          : {
              vendorText: {
                vendorId: c.vendor_id,
                text: `Glow: ${from} sent you ${count}. Read it in your dashboard.`,
                summary: `${from} sent you ${count} on Glow`,
                link: `${app}/vendor/chats/${c.id}`,
              },
            }),
      },
    ]);
  },
};
