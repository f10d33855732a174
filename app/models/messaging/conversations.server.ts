import { sql, type ExpressionBuilder } from "kysely";
import { compiledRead } from "~/db/compiled-read.server";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { scheduleUnreadMessageEmail } from "./unread-messages.server";
import { consumeMessageAllowance } from "./message-limits.server";
import { requireConfirmedEmail } from "~/models/system/confirmed-email.server";

// Conversations between a customer and a vendor. One conversation per pair; only its two
// parties can read or write it, so every function takes the reader's id and scopes the query by it.

const SNIPPET_LENGTH = 90;
const THREAD_LIMIT = 200;

/** What a chat page says of a conversation that is not there, or not the reader's (404). */
export const NO_CONVERSATION = "We couldn't find that conversation.";

/**
 * The conversation a vendor page opens (/vendor/chats/{id}). Its own loader marks it read while the frame's and
 * the list's loaders run beside it, so they count it as read already.
 */
export function conversationOpenAt(pathname: string): number | undefined {
  const match = /^\/vendor\/chats\/(\d{1,9})$/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

/** Customers have no photo of their own: each gets one of the stock avatars, always the same one. */
export const avatarFor = (userId: number) => `/img/avatar/${(userId % 8) + 1}.svg`;

const snippet = (body: string | null) => {
  const text = (body ?? "").replace(/\s+/g, " ").trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
};

/** `%text%` for LIKE, with LIKE's own wildcards taken literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Conversations = ExpressionBuilder<Database & { c: Database["conversations"] }, "c">;

const lastBody = (eb: Conversations) =>
  eb
    .selectFrom("messages as m")
    .select("m.body")
    .whereRef("m.conversation_id", "=", "c.id")
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(1)
    .as("last_body");

/** Whether the other party wrote something after `reader` last opened the conversation. */
const hasUnread = (eb: Conversations, reader: "vendor" | "customer") =>
  eb.exists(
    eb
      .selectFrom("messages as m")
      .select("m.id")
      .whereRef("m.conversation_id", "=", "c.id")
      .where((w) =>
        reader === "vendor"
          ? w.and([w("m.sender_id", "=", w.ref("c.customer_id")), w.or([w("c.vendor_read_at", "is", null), w("m.created_at", ">", w.ref("c.vendor_read_at"))])])
          : w.and([
              w("m.sender_id", "!=", w.ref("c.customer_id")),
              w.or([w("c.customer_read_at", "is", null), w("m.created_at", ">", w.ref("c.customer_read_at"))]),
            ]),
      ),
  );

const unreadBy = (eb: Conversations, reader: "vendor" | "customer") => hasUnread(eb, reader).as("unread");

export interface ConversationPreview {
  id: number;
  name: string;
  image: string;
  snippet: string;
  lastMessageAt: string;
  unread: boolean;
  pinned: boolean;
}

/**
 * The vendor's Messages page: every conversation (or those matching `q`), newest first. `openId` is the one on
 * screen: its loader marks it read at the same moment, so it is not shown as unread.
 */
export async function listVendorConversations(vendorId: number, options: { q?: string; openId?: number } = {}): Promise<ConversationPreview[]> {
  const { q, openId } = options;
  const db = await getDb();
  let query = db
    .selectFrom("conversations as c")
    .innerJoin("users as u", "u.id", "c.customer_id")
    .select((eb) => ["c.id", "c.customer_id", "c.pinned_by_vendor", "c.last_message_at", "u.first_name", "u.last_name", lastBody(eb), unreadBy(eb, "vendor")])
    .where("c.vendor_id", "=", vendorId);
  if (q) {
    const pattern = likePattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(u.first_name || ' ' || u.last_name)`, "like", sql<string>`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom("messages as m")
            .select("m.id")
            .whereRef("m.conversation_id", "=", "c.id")
            .where(sql<string>`lower(m.body)`, "like", sql<string>`${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const rows = await query.orderBy("c.last_message_at", "desc").orderBy("c.id", "desc").limit(200).execute();
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`,
    image: avatarFor(r.customer_id),
    snippet: snippet(r.last_body),
    lastMessageAt: r.last_message_at,
    unread: Boolean(r.unread) && r.id !== openId,
    pinned: r.pinned_by_vendor === 1,
  }));
}

/** The customer's conversations with vendors, newest first. */
export async function listCustomerConversations(customerId: number): Promise<ConversationPreview[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("conversations as c")
    .innerJoin("vendors as v", "v.id", "c.vendor_id")
    .select((eb) => ["c.id", "c.last_message_at", "v.business_name", "v.image", lastBody(eb), unreadBy(eb, "customer")])
    .where("c.customer_id", "=", customerId)
    .orderBy("c.last_message_at", "desc")
    .orderBy("c.id", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.business_name,
    image: r.image,
    snippet: snippet(r.last_body),
    lastMessageAt: r.last_message_at,
    unread: Boolean(r.unread),
    pinned: false,
  }));
}

export interface ThreadMessage {
  id: number;
  body: string;
  createdAt: string;
  mine: boolean;
}

export interface Thread {
  id: number;
  /** The other party, as the reader sees them. */
  with: { name: string; image: string };
  pinned: boolean;
  messages: ThreadMessage[];
}

async function threadMessages(conversationId: number, readerUserId: number): Promise<ThreadMessage[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("messages")
    .select(["id", "body", "created_at", "sender_id"])
    .where("conversation_id", "=", conversationId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(THREAD_LIMIT)
    .execute();
  return rows.reverse().map((r) => ({ id: r.id, body: r.body, createdAt: r.created_at, mine: r.sender_id === readerUserId }));
}

/**
 * A conversation of this vendor, read by them now: opening it is what "read" means, so the read mark moves
 * with every look (also the periodic refresh of an open conversation).
 */
export async function openVendorThread(vendor: { vendorId: number; userId: number }, conversationId: number): Promise<Thread | undefined> {
  const db = await getDb();
  const row = await db
    .selectFrom("conversations as c")
    .innerJoin("users as u", "u.id", "c.customer_id")
    .select(["c.id", "c.customer_id", "c.pinned_by_vendor", "u.first_name", "u.last_name"])
    .where("c.id", "=", conversationId)
    .where("c.vendor_id", "=", vendor.vendorId)
    .executeTakeFirst();
  if (!row) return undefined;
  await db.updateTable("conversations").set({ vendor_read_at: new Date().toISOString() }).where("id", "=", row.id).execute();
  return {
    id: row.id,
    with: { name: `${row.first_name} ${row.last_name}`, image: avatarFor(row.customer_id) },
    pinned: row.pinned_by_vendor === 1,
    messages: await threadMessages(row.id, vendor.userId),
  };
}

/** A conversation of this customer, read by them now (see openVendorThread). */
export async function openCustomerThread(customerId: number, conversationId: number): Promise<Thread | undefined> {
  const db = await getDb();
  const row = await db
    .selectFrom("conversations as c")
    .innerJoin("vendors as v", "v.id", "c.vendor_id")
    .select(["c.id", "v.business_name", "v.image"])
    .where("c.id", "=", conversationId)
    .where("c.customer_id", "=", customerId)
    .executeTakeFirst();
  if (!row) return undefined;
  await db.updateTable("conversations").set({ customer_read_at: new Date().toISOString() }).where("id", "=", row.id).execute();
  return {
    id: row.id,
    with: { name: row.business_name, image: row.image },
    pinned: false,
    messages: await threadMessages(row.id, customerId),
  };
}

/**
 * Adds a message from one of the two parties. Returns false when the sender is not a party (or it does not
 * exist), so a forged POST changes nothing; refuses ("too-many") a sender or conversation past its rate limit.
 */
export async function sendMessage(args: { conversationId: number; sender: { userId: number; vendorId?: number }; body: string }): Promise<boolean> {
  const db = await getDb();
  // A party's message counts against the limits (a stranger's post is refused below without touching them).
  const party = await db
    .selectFrom("conversations")
    .select("id")
    .where("id", "=", args.conversationId)
    .$if(args.sender.vendorId !== undefined, (qb) => qb.where("vendor_id", "=", args.sender.vendorId!))
    .$if(args.sender.vendorId === undefined, (qb) => qb.where("customer_id", "=", args.sender.userId))
    .executeTakeFirst();
  if (!party) return false;
  // A customer writes to a salon once their e-mail is confirmed (a vendor answers their own customers).
  if (args.sender.vendorId === undefined) await requireConfirmedEmail(db, args.sender.userId);
  await consumeMessageAllowance(args.conversationId, args.sender.userId);
  const now = new Date().toISOString();
  return db.transaction().execute(async (tx) => {
    const conversation = await tx
      .selectFrom("conversations")
      .select(["id", "customer_id", "vendor_id", "customer_read_at", "vendor_read_at"])
      .where("id", "=", args.conversationId)
      .executeTakeFirst();
    if (!conversation) return false;
    const asVendor = args.sender.vendorId !== undefined && conversation.vendor_id === args.sender.vendorId;
    const asCustomer = args.sender.vendorId === undefined && conversation.customer_id === args.sender.userId;
    if (!asVendor && !asCustomer) return false;
    await tx.insertInto("messages").values({ conversation_id: conversation.id, sender_id: args.sender.userId, body: args.body, created_at: now }).execute();
    // Writing a message means having read the conversation up to it.
    await tx
      .updateTable("conversations")
      .set(asVendor ? { last_message_at: now, vendor_read_at: now } : { last_message_at: now, customer_read_at: now })
      .where("id", "=", conversation.id)
      .execute();
    // If the other side has not read it in a while, they are e-mailed (app/models/messaging/unread-messages.server.ts).
    await scheduleUnreadMessageEmail(tx, conversation, asVendor ? "customer" : "vendor", new Date(now));
    return true;
  });
}

export async function setPinned(vendorId: number, conversationId: number, pinned: boolean): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("conversations")
    .set({ pinned_by_vendor: pinned ? 1 : 0 })
    .where("id", "=", conversationId)
    .where("vendor_id", "=", vendorId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The vendor a customer is about to message, by id. */
export async function vendorToMessage(vendorId: number): Promise<{ id: number; name: string } | undefined> {
  const db = await getDb();
  const vendor = await db.selectFrom("vendors").select(["id", "business_name"]).where("id", "=", vendorId).executeTakeFirst();
  return vendor ? { id: vendor.id, name: vendor.business_name } : undefined;
}

export type OpenResult = { ok: true; conversationId: number } | { ok: false; reason: "no-vendor" | "own-business" };

/** 'Message Stylist': the customer's conversation with this vendor, started if there is none yet. */
export async function openConversation(customerId: number, vendorId: number): Promise<OpenResult> {
  const db = await getDb();
  const vendor = await db.selectFrom("vendors").select(["id", "user_id"]).where("id", "=", vendorId).executeTakeFirst();
  if (!vendor) return { ok: false, reason: "no-vendor" };
  if (vendor.user_id === customerId) return { ok: false, reason: "own-business" };
  const now = new Date().toISOString();
  // The unique (customer, vendor) pair makes two quick clicks open one conversation, not two.
  await db
    .insertInto("conversations")
    .values({
      customer_id: customerId,
      vendor_id: vendorId,
      pinned_by_vendor: 0,
      customer_read_at: now,
      vendor_read_at: null,
      last_message_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["customer_id", "vendor_id"]).doNothing())
    .execute();
  const row = await db
    .selectFrom("conversations")
    .select("id")
    .where("customer_id", "=", customerId)
    .where("vendor_id", "=", vendorId)
    .executeTakeFirstOrThrow();
  return { ok: true, conversationId: row.id };
}

/** The customer page that opens a conversation (/messages/{id}), which marks it read while the shell counts. */
export function customerConversationOpenAt(pathname: string): number | undefined {
  const match = /^\/messages\/(\d{1,9})$/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

/**
 * Conversations where the other party wrote something this reader has not opened yet: the account menu's and the
 * dashboard's Messages count. `openId` is the conversation on screen, which its loader marks read at the same moment.
 */
export async function unreadConversationCount(reader: { customerId: number } | { vendorId: number }, openId?: number): Promise<number> {
  const db = await getDb();
  // Conversation ids start at 1, so 0 stands for "none open".
  const [row] =
    "vendorId" in reader ? await unreadCount.vendor(db, reader.vendorId, openId ?? 0) : await unreadCount.customer(db, reader.customerId, openId ?? 0);
  return Number(row?.count ?? 0);
}

// Every signed-in page's account menu asks: compiled once per reader (app/db/compiled-read.server.ts).
const unreadCountOf = (reader: "vendor" | "customer") =>
  compiledRead((db, readerId: number, openId: number) =>
    db
      .selectFrom("conversations as c")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(reader === "vendor" ? "c.vendor_id" : "c.customer_id", "=", readerId)
      .where("c.id", "!=", openId)
      .where((eb) => hasUnread(eb, reader)),
  );
const unreadCount = { vendor: unreadCountOf("vendor"), customer: unreadCountOf("customer") };

/** The unread count the top bar's account menu shows, for whoever is signed in, on the page at `pathname`. */
export async function accountMenuUnread(user: { id: number; role: string }, pathname: string): Promise<number> {
  if (user.role === "customer") return unreadConversationCount({ customerId: user.id }, customerConversationOpenAt(pathname));
  if (user.role !== "vendor") return 0;
  const db = await getDb();
  const vendor = await db.selectFrom("vendors").select("id").where("user_id", "=", user.id).executeTakeFirst();
  return vendor ? unreadConversationCount({ vendorId: vendor.id }, conversationOpenAt(pathname)) : 0;
}
