import { getDb, type Executor } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { recordClient } from "./client-match.server";

// A salon's two rules about its clients (docs/domain.md, "Clients"), both off until the salon turns them on, both
// applied by the server whatever a form sends: a client with `prepay_after_no_shows` or more no-shows at the salon in
// the last 12 months pays in full online to book (no "Pay to vendor", no deposit), and a blocked client cannot book
// the salon online at all (they can still message it).

/** The window the no-show rule counts in. */
export const NO_SHOW_WINDOW_DAYS = 365;
/** The largest N a salon may set: past it, the rule would never bite. */
export const PREPAY_AFTER_MAX = 10;

/** The client's no-shows at the salon in the 12 months before `now`. */
export async function noShowsInWindow(db: Executor, vendorId: number, userId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - NO_SHOW_WINDOW_DAYS * 86_400_000).toISOString();
  const row = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("vendor_id", "=", vendorId)
    .where("customer_id", "=", userId)
    .where("status", "=", "no_show")
    .where("starts_at", ">=", since)
    .where("starts_at", "<=", now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sentence a blocked client reads, at Book Now and on the service page. */
export function blockedSentence(businessName: string): string {
  return `${businessName} is not taking online bookings from your account. You can still message them.`;
}

/** The sentence a client the salon blocked reads instead of free times, or null when they may book online. */
export async function onlineBookingRefusal(db: Executor, vendor: { id: number; businessName: string }, userId: number): Promise<string | null> {
  const row = await db.selectFrom("salon_clients").select("blocked_at").where("vendor_id", "=", vendor.id).where("user_id", "=", userId).executeTakeFirst();
  return row?.blocked_at ? blockedSentence(vendor.businessName) : null;
}

/** `onlineBookingRefusal` for a page: the service page shows it where the free times would be. */
export async function bookingRefusalNotice(vendor: { id: number; businessName: string }, userId: number): Promise<string | null> {
  return onlineBookingRefusal(await getDb(), vendor, userId);
}

/** Refuses an online booking by a client the salon blocked. */
export async function assertMayBookOnline(db: Executor, vendor: { id: number; businessName: string }, userId: number): Promise<void> {
  const refusal = await onlineBookingRefusal(db, vendor, userId);
  if (refusal) throw new DomainError("invalid", refusal, { field: "service" });
}

/** Whether the salon's no-show rule asks this client to pay in full online; with the sentence they read. */
export async function mustPayInFull(db: Executor, vendorId: number, userId: number, now: Date): Promise<string | null> {
  const vendor = await db.selectFrom("vendors").select(["business_name", "prepay_after_no_shows"]).where("id", "=", vendorId).executeTakeFirst();
  if (!vendor || vendor.prepay_after_no_shows <= 0) return null;
  const count = await noShowsInWindow(db, vendorId, userId, now);
  if (count < vendor.prepay_after_no_shows) return null;
  return `${vendor.business_name} asks clients who missed ${vendor.prepay_after_no_shows} or more appointments in the last 12 months to pay in full online. Please pay online or with AutoCredit.`;
}

/** `mustPayInFull` for a page: the sentence step 2 shows beside "Pay to vendor", or null. */
export async function payInFullNotice(vendorId: number, userId: number, now: Date = new Date()): Promise<string | null> {
  return mustPayInFull(await getDb(), vendorId, userId, now);
}

/** Refuses "Pay to vendor" and a deposit-only payment to a client the no-show rule asks to pay in full. */
export async function assertMayPayLater(db: Executor, vendorId: number, userId: number, now: Date): Promise<void> {
  const sentence = await mustPayInFull(db, vendorId, userId, now);
  if (sentence) throw new DomainError("invalid", sentence);
}

export interface ClientRules {
  prepayAfterNoShows: number;
  notesForStylists: boolean;
}

export async function getClientRules(vendorId: number): Promise<ClientRules> {
  const db = await getDb();
  const row = await db
    .selectFrom("vendors")
    .select(["prepay_after_no_shows", "client_notes_for_stylists"])
    .where("id", "=", vendorId)
    .executeTakeFirstOrThrow();
  return { prepayAfterNoShows: row.prepay_after_no_shows, notesForStylists: row.client_notes_for_stylists === 1 };
}

export async function saveClientRules(vendorId: number, rules: ClientRules): Promise<void> {
  if (!Number.isInteger(rules.prepayAfterNoShows) || rules.prepayAfterNoShows < 0 || rules.prepayAfterNoShows > PREPAY_AFTER_MAX) {
    throw new DomainError("invalid", `Choose a number of no-shows from 1 to ${PREPAY_AFTER_MAX}, or turn the rule off.`, { field: "prepay_after" });
  }
  const db = await getDb();
  await db
    .updateTable("vendors")
    .set({ prepay_after_no_shows: rules.prepayAfterNoShows, client_notes_for_stylists: rules.notesForStylists ? 1 : 0 })
    .where("id", "=", vendorId)
    .execute();
}

/** Blocks or unblocks a client of the salon from booking it online. The client must be the salon's (else not found). */
export async function setClientBlocked(vendorId: number, userId: number, blocked: boolean, now: Date = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (tx) => {
    await requireSalonClient(tx, vendorId, userId);
    await recordClient(tx, vendorId, userId, { phone: null, email: null }, now);
    await tx
      .updateTable("salon_clients")
      .set({ blocked_at: blocked ? now.toISOString() : null })
      .where("vendor_id", "=", vendorId)
      .where("user_id", "=", userId)
      .execute();
  });
}

export const CLIENT_NOT_FOUND = "We couldn't find that client.";

/** Whether `userId` is the salon's client: booked it (any state but an abandoned hold) or has its record. */
export async function isSalonClient(db: Executor, vendorId: number, userId: number): Promise<boolean> {
  const record = await db.selectFrom("salon_clients").select("id").where("vendor_id", "=", vendorId).where("user_id", "=", userId).executeTakeFirst();
  if (record) return true;
  const booked = await db
    .selectFrom("appointments")
    .select("id")
    .where("vendor_id", "=", vendorId)
    .where("customer_id", "=", userId)
    .where("status", "not in", ["held", "expired"])
    .limit(1)
    .executeTakeFirst();
  return booked !== undefined;
}

export async function requireSalonClient(db: Executor, vendorId: number, userId: number): Promise<void> {
  if (!(await isSalonClient(db, vendorId, userId))) throw new DomainError("not-found", CLIENT_NOT_FOUND);
}
