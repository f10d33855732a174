import { sql } from "kysely";
import { getDb, type Executor } from "~/db/db.server";
import type { AppointmentStatus, ClientNoteKind } from "~/db/schema";
import { LATE_HOURS } from "~/models/money/cancellation-policy";
import { DomainError } from "~/models/refusal";
import { normalisePhone } from "~/utils/phone";
import { lagosToday } from "~/utils/time";
import { CLIENT_NOT_FOUND, NO_SHOW_WINDOW_DAYS, isSalonClient } from "~/models/client-rules/client-rules.server";

// A salon's clients and the record of each (docs/domain.md, "Clients"): every person who booked the salon or whom
// it booked, with their visits, what they spent, their no-shows and late cancellations, and the salon's private
// notes. Everything here is scoped to one salon; a stylist reads only the clients of their own appointments.

/** Whose clients a viewer reads: the whole salon's, or one member's (a stylist's own appointments). */
export interface ClientScope {
  vendorId: number;
  /** Null: every member's clients (owner, manager). */
  memberId: number | null;
}

export interface ClientLine {
  id: number;
  name: string;
  phone: string | null;
  visits: number;
  upcoming: number;
  noShows: number;
  spentKobo: number;
  lastVisit: string | null;
  blocked: boolean;
}

export const CLIENT_LIST_LIMIT = 50;

/** Statuses that make someone a client: anything but a hold that lapsed or was never paid for. */
const BOOKED: AppointmentStatus[] = ["requested", "confirmed", "completed", "no_show", "declined", "cancelled"];

/** Whether a client matches a search: part of their name, or their phone however either was typed. */
function matches(user: { first_name: string; last_name: string; phone: string | null }, given: string | null, q: string): boolean {
  const text = q.trim().toLowerCase();
  if (`${user.first_name} ${user.last_name}`.toLowerCase().includes(text)) return true;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 4) return false;
  const wanted = (normalisePhone(q) ?? digits).replace(/\D/g, "").replace(/^0/, "");
  return [given, user.phone].some((p) => p !== null && (normalisePhone(p) ?? p).replace(/\D/g, "").includes(wanted));
}

/** The salon's clients, the most recent first, optionally matching `q` (part of a name, or a phone number). */
export async function listClients(scope: ClientScope, q: string | null, now: Date = new Date()): Promise<{ clients: ClientLine[]; hasMore: boolean }> {
  const db = await getDb();
  const nowIso = now.toISOString();
  let booked = db
    .selectFrom("appointments as a")
    .select([
      "a.customer_id",
      sql<number>`sum(case when a.status = 'completed' then 1 else 0 end)`.as("visits"),
      sql<number>`sum(case when a.status in ('requested', 'confirmed') and a.starts_at > ${nowIso} then 1 else 0 end)`.as("upcoming"),
      sql<number>`sum(case when a.status = 'no_show' then 1 else 0 end)`.as("no_shows"),
      sql<number>`sum(case when a.status = 'completed' then a.total_kobo else 0 end)`.as("spent"),
      sql<string | null>`max(case when a.status = 'completed' then a.starts_at else null end)`.as("last_visit"),
      sql<string>`max(a.starts_at)`.as("latest"),
    ])
    .where("a.vendor_id", "=", scope.vendorId)
    .where("a.status", "in", BOOKED)
    .groupBy("a.customer_id");
  if (scope.memberId !== null) booked = booked.where("a.member_id", "=", scope.memberId);
  const rows = await booked.execute();
  const byUser = new Map(rows.map((r) => [r.customer_id, r]));
  const recorded =
    scope.memberId === null
      ? await db.selectFrom("salon_clients").select(["user_id", "phone", "blocked_at", "created_at"]).where("vendor_id", "=", scope.vendorId).execute()
      : await db
          .selectFrom("salon_clients")
          .select(["user_id", "phone", "blocked_at", "created_at"])
          .where("vendor_id", "=", scope.vendorId)
          .where("user_id", "in", rows.length ? rows.map((r) => r.customer_id) : [0])
          .execute();
  const recordOf = new Map(recorded.map((r) => [r.user_id, r]));
  const ids = [...new Set([...byUser.keys(), ...recordOf.keys()])];
  if (ids.length === 0) return { clients: [], hasMore: false };
  const people = await db.selectFrom("users").select(["id", "first_name", "last_name", "phone"]).where("id", "in", ids).execute();
  // A salon's clients are few enough to match in memory, where a phone typed any way compares normalised.
  const found = q ? people.filter((u) => matches(u, recordOf.get(u.id)?.phone ?? null, q)) : people;
  const lines = found.map((u): ClientLine & { latest: string } => {
    const b = byUser.get(u.id);
    const r = recordOf.get(u.id);
    return {
      id: u.id,
      name: `${u.first_name} ${u.last_name}`.trim(),
      phone: r?.phone ?? (u.phone ? (normalisePhone(u.phone) ?? u.phone) : null),
      visits: Number(b?.visits ?? 0),
      upcoming: Number(b?.upcoming ?? 0),
      noShows: Number(b?.no_shows ?? 0),
      spentKobo: Number(b?.spent ?? 0),
      lastVisit: b?.last_visit ?? null,
      blocked: Boolean(r?.blocked_at),
      latest: b?.latest ?? r?.created_at ?? "",
    };
  });
  lines.sort((a, b) => (a.latest < b.latest ? 1 : a.latest > b.latest ? -1 : a.name.localeCompare(b.name)));
  return { clients: lines.slice(0, CLIENT_LIST_LIMIT).map(({ latest: _latest, ...line }) => line), hasMore: lines.length > CLIENT_LIST_LIMIT };
}

/** Whether the client had an appointment with this member: what lets a stylist open their record. */
export async function isMembersClient(vendorId: number, memberId: number, userId: number): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .selectFrom("appointments")
    .select("id")
    .where("vendor_id", "=", vendorId)
    .where("member_id", "=", memberId)
    .where("customer_id", "=", userId)
    .where("status", "in", BOOKED)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ClientVisit {
  id: number;
  ref: string;
  startsAt: string;
  service: string;
  serviceId: number;
  memberId: number | null;
  member: string | null;
  status: AppointmentStatus;
  totalKobo: number;
  paymentStatus: string;
  lateCancel: boolean;
}

export interface ClientNote {
  id: number;
  kind: ClientNoteKind;
  body: string;
  product: string | null;
  result: string | null;
  notedOn: string;
  by: string | null;
}

export interface ClientRecord {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  /** Whether the client has a Glow account of their own (a guest account is the salon's). */
  hasAccount: boolean;
  blocked: boolean;
  visits: ClientVisit[];
  completed: number;
  upcoming: number;
  noShows: number;
  noShows12Months: number;
  lateCancellations: number;
  spentKobo: number;
}

/** A cancellation by the client less than LATE_HOURS before the start. */
function isLateCancel(a: { status: string; status_reason: string | null; starts_at: string; updated_at: string }): boolean {
  return (
    a.status === "cancelled" && a.status_reason === "Cancelled by the customer" && Date.parse(a.starts_at) - Date.parse(a.updated_at) < LATE_HOURS * 3_600_000
  );
}

/** One client's record at the salon; "not found" for anyone who is not the salon's client. */
export async function clientRecord(scope: ClientScope, userId: number, now: Date = new Date()): Promise<ClientRecord> {
  const db = await getDb();
  if (!(await isSalonClient(db, scope.vendorId, userId))) throw new DomainError("not-found", CLIENT_NOT_FOUND);
  const user = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "phone", "email", "guest_of_vendor_id"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const record = await db
    .selectFrom("salon_clients")
    .select(["phone", "email", "blocked_at"])
    .where("vendor_id", "=", scope.vendorId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  let query = db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .leftJoin("team_members as m", "m.id", "a.member_id")
    .select([
      "a.id",
      "a.ref",
      "a.starts_at",
      "a.updated_at",
      "a.status",
      "a.status_reason",
      "a.total_kobo",
      "a.payment_status",
      "a.member_id",
      "s.id as service_id",
      "s.title",
      "m.name as member",
    ])
    .where("a.vendor_id", "=", scope.vendorId)
    .where("a.customer_id", "=", userId)
    .where("a.status", "in", BOOKED)
    .orderBy("a.starts_at", "desc");
  if (scope.memberId !== null) query = query.where("a.member_id", "=", scope.memberId);
  const rows = await query.limit(100).execute();
  const nowIso = now.toISOString();
  const since = new Date(now.getTime() - NO_SHOW_WINDOW_DAYS * 86_400_000).toISOString();
  const visits = rows.map((r): ClientVisit => ({
    id: r.id,
    ref: r.ref,
    startsAt: r.starts_at,
    service: r.title,
    serviceId: r.service_id,
    memberId: r.member_id,
    member: r.member,
    status: r.status,
    totalKobo: r.total_kobo,
    paymentStatus: r.payment_status,
    lateCancel: isLateCancel(r),
  }));
  const phone = record?.phone ?? (user.phone ? (normalisePhone(user.phone) ?? user.phone) : null);
  return {
    id: userId,
    name: `${user.first_name} ${user.last_name}`.trim(),
    phone,
    email: record?.email ?? (user.guest_of_vendor_id === null ? user.email : null),
    hasAccount: user.guest_of_vendor_id === null,
    blocked: Boolean(record?.blocked_at),
    visits,
    completed: visits.filter((v) => v.status === "completed").length,
    upcoming: visits.filter((v) => (v.status === "confirmed" || v.status === "requested") && v.startsAt > nowIso).length,
    noShows: visits.filter((v) => v.status === "no_show").length,
    noShows12Months: visits.filter((v) => v.status === "no_show" && v.startsAt >= since && v.startsAt <= nowIso).length,
    lateCancellations: visits.filter((v) => v.lateCancel).length,
    spentKobo: visits.filter((v) => v.status === "completed").reduce((sum, v) => sum + v.totalKobo, 0),
  };
}

/** The salon's notes on a client, the newest first. */
export async function clientNotes(db: Executor, vendorId: number, userId: number): Promise<ClientNote[]> {
  const rows = await db
    .selectFrom("client_notes as n")
    .leftJoin("team_members as m", "m.id", "n.member_id")
    .select(["n.id", "n.kind", "n.body", "n.product", "n.result", "n.noted_on", "m.name"])
    .where("n.vendor_id", "=", vendorId)
    .where("n.user_id", "=", userId)
    .orderBy("n.noted_on", "desc")
    .orderBy("n.id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, body: r.body, product: r.product, result: r.result, notedOn: r.noted_on, by: r.name }));
}

export async function getClientNotes(vendorId: number, userId: number): Promise<ClientNote[]> {
  return clientNotes(await getDb(), vendorId, userId);
}

export interface NewNote {
  kind: ClientNoteKind;
  body: string;
  product: string | null;
  result: string | null;
  notedOn: string;
}

/** Adds a private note to a client's record: the client must be the salon's, the day not in the future. */
export async function addClientNote(vendorId: number, memberId: number, userId: number, note: NewNote, now: Date = new Date()): Promise<void> {
  const db = await getDb();
  if (note.notedOn > lagosToday(now)) throw new DomainError("invalid", "A note's date can't be in the future.", { field: "noted_on" });
  if (note.kind === "patch_test" && (!note.product || !note.result))
    throw new DomainError("invalid", "A patch test needs the product and its result.", { field: note.product ? "result" : "product" });
  await db.transaction().execute(async (tx) => {
    if (!(await isSalonClient(tx, vendorId, userId))) throw new DomainError("not-found", CLIENT_NOT_FOUND);
    await tx
      .insertInto("client_notes")
      .values({
        vendor_id: vendorId,
        user_id: userId,
        kind: note.kind,
        body: note.body,
        product: note.product,
        result: note.kind === "patch_test" ? note.result : null,
        noted_on: note.notedOn,
        member_id: memberId,
        created_at: now.toISOString(),
      })
      .execute();
  });
}

/** Removes one of the salon's notes on the client; another salon's or client's note is "not found". */
export async function removeClientNote(vendorId: number, userId: number, noteId: number): Promise<void> {
  const db = await getDb();
  const done = await db.deleteFrom("client_notes").where("id", "=", noteId).where("vendor_id", "=", vendorId).where("user_id", "=", userId).executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) throw new DomainError("not-found", "We couldn't find that note.");
}
