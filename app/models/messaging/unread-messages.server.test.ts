import { afterEach, describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { createCustomer, mailsTo, vendorBySlug } from "../../../tests/booking";
import { MINUTE, UNREAD_MESSAGE_EMAIL_AFTER } from "~/models/jobs/durations";
import { dueWork } from "~/models/background/work-list.server";
import { runDueWork } from "~/models/jobs/queue.server";
import { openConversation, openCustomerThread, openVendorThread, sendMessage } from "./conversations.server";

// A chat message left unread for UNREAD_MESSAGE_EMAIL_AFTER is e-mailed to its recipient, once per unread stretch.

afterEach(async () => {
  await (await getDb()).deleteFrom("jobs").execute();
});

const later = (ms: number) => new Date(Date.now() + ms);
async function runAt(now: Date) {
  for (let i = 0; i < 2; i++) await runDueWork(dueWork, { now });
}

async function conversation(firstName: string) {
  const vendor = await vendorBySlug();
  const customer = await createCustomer(firstName);
  const opened = await openConversation(customer.id, vendor.id);
  if (!opened.ok) throw new Error("no conversation");
  await new Promise((r) => setTimeout(r, 5)); // opening marks it read: the first message comes strictly after
  return { vendor, customer, id: opened.conversationId };
}

const unreadMails = async (email: string, id: number) =>
  (await mailsTo(email)).filter((m) => / sent you .* on Glow$/.test(m.subject) && (m.text.includes(`/chats/${id}\n`) || m.text.includes(`/messages/${id}#`)));

describe("unread message e-mails", () => {
  test("messages the vendor leaves unread for 10 minutes are e-mailed to them once, with the latest one and a link", async () => {
    const { vendor, customer, id } = await conversation("Bisi");
    await sendMessage({ conversationId: id, sender: { userId: customer.id }, body: "Hello, do you have time on Saturday?" });
    await sendMessage({ conversationId: id, sender: { userId: customer.id }, body: "Morning   would be\nbest." });
    await runAt(later(UNREAD_MESSAGE_EMAIL_AFTER - MINUTE));
    expect(await unreadMails(vendor.email, id)).toEqual([]);
    await runAt(later(UNREAD_MESSAGE_EMAIL_AFTER + 1000));
    await runAt(later(UNREAD_MESSAGE_EMAIL_AFTER + 5 * MINUTE));
    const mails = await unreadMails(vendor.email, id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Bisi sent you 2 messages on Glow");
    expect(mails[0]!.text).toContain('"Morning would be best."');
    expect(mails[0]!.text).toContain(`Read and reply: http://localhost:3000/vendor/chats/${id}`);
  });

  test("a message read within 10 minutes is not e-mailed; the next unread stretch is", async () => {
    const { vendor, customer, id } = await conversation("Tunde");
    await sendMessage({ conversationId: id, sender: { userId: customer.id }, body: "Are you open today?" });
    expect(await openVendorThread({ vendorId: vendor.id, userId: vendor.user_id }, id)).toBeDefined();
    await runAt(later(UNREAD_MESSAGE_EMAIL_AFTER + 1000));
    expect(await unreadMails(vendor.email, id)).toEqual([]);

    await new Promise((r) => setTimeout(r, 5)); // a read mark strictly before the next message
    await sendMessage({ conversationId: id, sender: { userId: customer.id }, body: "Hello?" });
    await runAt(later(UNREAD_MESSAGE_EMAIL_AFTER + 1000));
    expect((await unreadMails(vendor.email, id)).map((m) => m.subject)).toEqual(["Tunde sent you a message on Glow"]);
  });

  test("the vendor's reply left unread is e-mailed to the customer, with a link to the conversation", async () => {
    const { vendor, customer, id } = await conversation("Efe");
    await sendMessage({ conversationId: id, sender: { userId: vendor.user_id, vendorId: vendor.id }, body: "Yes, 10 am works." });
    await runAt(later(UNREAD_MESSAGE_EMAIL_AFTER + 1000));
    const mails = await unreadMails(customer.email, id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^.+ sent you a message on Glow$/);
    expect(mails[0]!.text).toContain(`Read and reply: http://localhost:3000/messages/${id}#latest`);
    // Reading it afterwards changes nothing that was sent, and sends nothing more.
    expect(await openCustomerThread(customer.id, id)).toBeDefined();
    await runAt(later(3 * UNREAD_MESSAGE_EMAIL_AFTER));
    expect(await unreadMails(customer.email, id)).toHaveLength(1);
  });
});
