import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { loader as rootLoader } from "~/root";
import { loader as vendorChatsLoader } from "~/routes/vendor.chats";
import { action as vendorChatAction, loader as vendorChatLoader } from "~/routes/vendor.chats.$id";
import { action as threadAction, loader as threadLoader } from "~/routes/messages.$id/route";
import { formRequest, getRequest } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { createVendor, demoVendor, run } from "../../../tests/vendor";
import { action, loader } from "./route";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** The unread count the page at `path` shows (the account menu's, and the vendor dashboard's Messages badge). */
async function unreadOn(path: string, cookie: string): Promise<number> {
  const shell = (await rootLoader(args(getRequest(path, { cookie })))) as unknown as { data: { user: { unread: number } } };
  return shell.data.user.unread;
}

async function demoConversationId() {
  const db = await getDb();
  const row = await db
    .selectFrom("conversations")
    .innerJoin("users", "users.id", "conversations.customer_id")
    .select("conversations.id")
    .where("users.email", "=", "customer@example.com")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`messages between a customer and a vendor (${getDialect()})`, () => {
  test("the vendor's list: count, Pinned and Messages, unread badge, search", async () => {
    const { cookie } = await demoVendor();
    expect(await unreadOn("/vendor/chats", cookie)).toBe(4);
    const list = await run(() => vendorChatsLoader(args(getRequest("/vendor/chats", { cookie }))));
    expect(list.data.conversations).toHaveLength(6);
    expect(list.data.conversations.filter((c: { pinned: boolean }) => c.pinned).map((c: { name: string }) => c.name)).toEqual(["Tolu Adebayo", "Aisha Bello"]);
    expect(list.data.conversations[0]).toMatchObject({
      name: "Tolu Adebayo",
      unread: true,
      image: expect.stringMatching(/^\/img\/avatar\/\d\.svg$/),
      snippet: "2pm works. Should I come with my own extensions?",
    });

    const byName = await run(() => vendorChatsLoader(args(getRequest("/vendor/chats?q=chioma", { cookie }))));
    expect(byName.data.conversations.map((c: { name: string }) => c.name)).toEqual(["Chioma Okeke"]);
    const byText = await run(() => vendorChatsLoader(args(getRequest("/vendor/chats?q=AJAH", { cookie }))));
    expect(byText.data.conversations.map((c: { name: string }) => c.name)).toEqual(["Funmi Adeyemi"]);
    const wildcard = await run(() => vendorChatsLoader(args(getRequest("/vendor/chats?q=%25", { cookie }))));
    expect(wildcard.data.conversations).toEqual([]);

    // Opening a conversation: the frame and the list, loading beside it, already count it as read.
    const id = await demoConversationId();
    expect(await unreadOn(`/vendor/chats/${id}`, cookie)).toBe(3);
    const beside = await run(() => vendorChatsLoader(args(getRequest(`/vendor/chats/${id}`, { cookie }))));
    expect(beside.data.conversations.find((c: { id: number }) => c.id === id).unread).toBe(false);
  });

  test("opening a conversation marks it read; the vendor replies, pins and unpins", async () => {
    const { cookie } = await demoVendor();
    const id = await demoConversationId();
    const opened = await run(() => vendorChatLoader(args(getRequest(`/vendor/chats/${id}`, { cookie }), { id: String(id) })));
    expect(opened.data.thread.with.name).toBe("Tolu Adebayo");
    expect(opened.data.thread.messages.map((m: { mine: boolean }) => m.mine)).toEqual([false, true, false]);
    expect(await unreadOn("/vendor/profile", cookie)).toBe(3);

    const empty = await run(() => vendorChatAction(args(formRequest(`/vendor/chats/${id}`, { intent: "send", body: "   " }, { cookie }), { id: String(id) })));
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.body).toEqual(["Write a message first"]);

    const sent = await run(() =>
      vendorChatAction(args(formRequest(`/vendor/chats/${id}`, { intent: "send", body: "Yes please, bring 3 packs." }, { cookie }), { id: String(id) })),
    );
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/vendor/chats/${id}#latest`);
    await run(() => vendorChatAction(args(formRequest(`/vendor/chats/${id}`, { intent: "unpin" }, { cookie }), { id: String(id) })));
    const list = await run(() => vendorChatsLoader(args(getRequest("/vendor/chats", { cookie }))));
    expect(list.data.conversations[0]).toMatchObject({ id, pinned: false, unread: false, snippet: "Yes please, bring 3 packs." });
    await run(() => vendorChatAction(args(formRequest(`/vendor/chats/${id}`, { intent: "pin" }, { cookie }), { id: String(id) })));
    expect((await run(() => vendorChatsLoader(args(getRequest("/vendor/chats", { cookie }))))).data.conversations[0].pinned).toBe(true);
  });

  test("the customer sees the reply, answers, and the vendor's badge counts it as unread", async () => {
    const vendor = await demoVendor();
    const customer = await cookieFor("customer@example.com");
    const id = await demoConversationId();
    await run(() => vendorChatLoader(args(getRequest(`/vendor/chats/${id}`, { cookie: vendor.cookie }), { id: String(id) })));
    await run(() =>
      vendorChatAction(args(formRequest(`/vendor/chats/${id}`, { intent: "send", body: "See you at 2pm." }, { cookie: vendor.cookie }), { id: String(id) })),
    );

    const mine = await run(() => loader(args(getRequest("/messages", { cookie: customer }))));
    expect(mine.data.conversations[0]).toMatchObject({ id, name: "Ronke's Beauty Lounge", unread: true, snippet: "See you at 2pm." });
    const thread = await run(() => threadLoader(args(getRequest(`/messages/${id}`, { cookie: customer }), { id: String(id) })));
    expect(thread.data.thread.messages.at(-1)).toMatchObject({ body: "See you at 2pm.", mine: false });
    expect((await run(() => loader(args(getRequest("/messages", { cookie: customer }))))).data.conversations[0].unread).toBe(false);

    const before = await unreadOn("/vendor/profile", vendor.cookie);
    const reply = await run(() =>
      threadAction(args(formRequest(`/messages/${id}`, { intent: "send", body: "Perfect, thanks!" }, { cookie: customer }), { id: String(id) })),
    );
    expect(reply.location).toBe(`/messages/${id}#latest`);
    expect(await unreadOn("/vendor/profile", vendor.cookie)).toBe(before + 1);
  });

  test("'Message Stylist' opens one conversation per customer and vendor, and signs a visitor in first", async () => {
    const customer = await cookieFor("customer@example.com");
    const other = await createVendor("chatty");
    const first = await run(() => action(args(formRequest("/messages", { vendorId: String(other.vendorId) }, { cookie: customer }))));
    expect(first.status).toBe(303);
    const again = await run(() => action(args(formRequest("/messages", { vendorId: String(other.vendorId) }, { cookie: customer }))));
    expect(again.location).toBe(first.location);
    expect(first.location).toMatch(/^\/messages\/\d+#latest$/);

    const visitor = await run(() => action(args(formRequest("/messages", { vendorId: String(other.vendorId) }))));
    expect(visitor.location).toBe(`/login?redirectTo=${encodeURIComponent(`/messages?vendor=${other.vendorId}`)}`);
    const offer = await run(() => loader(args(getRequest(`/messages?vendor=${other.vendorId}`, { cookie: customer }))));
    expect(offer.data.startWith).toEqual({ id: other.vendorId, name: "chatty Studio" });

    expect((await run(() => action(args(formRequest("/messages", { vendorId: "999999" }, { cookie: customer }))))).status).toBe(404);
    expect((await run(() => action(args(formRequest("/messages", { vendorId: "abc" }, { cookie: customer }))))).status).toBe(400);
    const own = await run(() => action(args(formRequest("/messages", { vendorId: String(other.vendorId) }, { cookie: other.cookie }))));
    expect(own.location).toBe("/messages");
  });

  test("only the two parties read or write a conversation, by link or forged POST", async () => {
    const id = await demoConversationId();
    const db = await getDb();
    const count = async () => (await db.selectFrom("messages").select("id").where("conversation_id", "=", id).execute()).length;
    const before = await count();
    const otherVendor = await createVendor("nosy");
    const otherCustomer = await cookieFor("chioma.okeke@customers.glow.example");
    const p = { id: String(id) };
    expect((await run(() => vendorChatLoader(args(getRequest(`/vendor/chats/${id}`, { cookie: otherVendor.cookie }), p)))).status).toBe(404);
    for (const intent of ["send", "pin", "unpin"]) {
      const r = await run(() => vendorChatAction(args(formRequest(`/vendor/chats/${id}`, { intent, body: "hi" }, { cookie: otherVendor.cookie }), p)));
      expect(r.status, intent).toBe(404);
    }
    expect((await run(() => vendorChatsLoader(args(getRequest("/vendor/chats", { cookie: otherVendor.cookie }))))).data.conversations).toEqual([]);
    expect((await run(() => threadLoader(args(getRequest(`/messages/${id}`, { cookie: otherCustomer }), p)))).status).toBe(404);
    expect((await run(() => threadAction(args(formRequest(`/messages/${id}`, { intent: "send", body: "hi" }, { cookie: otherCustomer }), p)))).status).toBe(
      404,
    );
    // The vendor answers from the dashboard, not as if they were the customer.
    const vendor = await demoVendor();
    expect((await run(() => threadAction(args(formRequest(`/messages/${id}`, { intent: "send", body: "hi" }, { cookie: vendor.cookie }), p)))).status).toBe(
      404,
    );
    expect(await count()).toBe(before);
    expect((await run(() => vendorChatLoader(args(getRequest("/vendor/chats/abc", { cookie: vendor.cookie }), { id: "abc" })))).status).toBe(404);
  });

  test("a customer gets 403 on every /vendor/chats page and action; a visitor is sent to sign in", async () => {
    const customer = await cookieFor("customer@example.com");
    const id = String(await demoConversationId());
    expect((await run(() => vendorChatsLoader(args(getRequest("/vendor/chats", { cookie: customer }))))).status).toBe(403);
    expect((await run(() => vendorChatLoader(args(getRequest(`/vendor/chats/${id}`, { cookie: customer }), { id })))).status).toBe(403);
    expect(
      (await run(() => vendorChatAction(args(formRequest(`/vendor/chats/${id}`, { intent: "send", body: "x" }, { cookie: customer }), { id })))).status,
    ).toBe(403);
    const visitor = await run(() => loader(args(getRequest("/messages"))));
    expect(visitor.location).toBe("/login?redirectTo=%2Fmessages");
  });
});
