import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { openConversation } from "~/models/messaging/conversations.server";
import { MESSAGE_LIMITS } from "~/models/messaging/message-limits.server";
import { action as vendorAction } from "~/routes/vendor.chats.$id";
import { createCustomer, vendorBySlug } from "../../../tests/booking";
import { formRequest } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { outcome as run } from "../../../tests/loader";
import { action } from "./route";

// Chat messages are rate-limited in the database, per sender and per conversation: a flood from one account is
// refused with a clear 429 on the same page, and what was refused is not stored.

async function conversation(firstName: string) {
  const vendor = await vendorBySlug();
  const customer = await createCustomer(firstName);
  const opened = await openConversation(customer.id, vendor.id);
  if (!opened.ok) throw new Error("no conversation");
  return { vendor, customer, id: opened.conversationId, cookie: await cookieFor(customer.email) };
}

const send = (id: number, cookie: string, body: string) =>
  run(() => action({ request: formRequest(`/messages/${id}`, { intent: "send", body }, { cookie }), params: { id: String(id) }, context: {} }));

async function storedCount(conversationId: number, senderId: number) {
  const db = await getDb();
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("conversation_id", "=", conversationId)
    .where("sender_id", "=", senderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /messages/{id}: a flood is refused", () => {
  test("40 messages at once from one account: the sender's limit is sent, the rest answer 429 with the message, none stored", async () => {
    const { customer, id, cookie } = await conversation("Flood");
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(id, cookie, `message ${i}`)));
    const sent = answers.filter((a) => a.status === 303);
    const refused = answers.filter((a) => a.status === 429);
    expect(sent).toHaveLength(MESSAGE_LIMITS.sender[0].limit);
    expect(refused).toHaveLength(40 - sent.length);
    expect(Number(refused[0]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(JSON.stringify(refused[0]!.data)).toMatch(/You are sending messages too quickly\. Please wait \d+ (second|minute)s? and send it again\./);
    expect(await storedCount(id, customer.id)).toBe(sent.length);
  });

  test("the limit is the sender's across conversations, and the other party can still answer", async () => {
    const first = await conversation("Chatty");
    const db = await getDb();
    const other = await db.selectFrom("vendors").select("id").where("slug", "!=", "demo-vendor").orderBy("id").executeTakeFirstOrThrow();
    const opened = await openConversation(first.customer.id, other.id);
    if (!opened.ok) throw new Error("no conversation");
    const limit = MESSAGE_LIMITS.sender[0].limit;
    for (let i = 0; i < limit; i++) expect((await send(first.id, first.cookie, `hello ${i}`)).status).toBe(303);
    expect((await send(opened.conversationId, first.cookie, "and you?")).status).toBe(429);
    expect(await storedCount(opened.conversationId, first.customer.id)).toBe(0);

    const vendorCookie = await cookieFor(first.vendor.email);
    const reply = await run(() =>
      vendorAction({
        request: formRequest(`/vendor/chats/${first.id}`, { intent: "send", body: "Hello! How can I help?" }, { cookie: vendorCookie }),
        params: { id: String(first.id) },
        context: {},
      }),
    );
    expect(reply.status).toBe(303);
  });

  test("a post to someone else's conversation is a 404 and uses up nothing of that conversation's limit", async () => {
    const victim = await conversation("Victim");
    const stranger = await createCustomer("Stranger");
    const strangerCookie = await cookieFor(stranger.email);
    for (let i = 0; i < MESSAGE_LIMITS.conversation[0].limit + 2; i++) expect((await send(victim.id, strangerCookie, "spam")).status).toBe(404);
    expect((await send(victim.id, victim.cookie, "Still here")).status).toBe(303);
  });
});
