import { getDb, type Executor } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { isValidDayHours, type DayHours } from "~/models/schedule/schedule-rules";
import { formatDate, formatTime } from "~/utils/time";

// The owner manages the team (docs/domain.md, "The team"): adds members, edits who does what at which price and
// for how long, reorders them, and deactivates them. Every change is scoped by the vendor: another vendor's member
// is "not found". Changes run under the vendor's booking lock, so a booking never reads half of one.

export const MAX_MEMBERS = 50;
export const NAME_MAX = 60;
export const TITLE_MAX = 60;

export interface MemberInput {
  name: string;
  title: string;
  bookable: boolean;
  /** The member's own week; null: the salon's hours. */
  week: DayHours[] | null;
  /** The services they perform, with their own price and duration (null: the service's own). */
  services: { serviceId: number; priceKobo: number | null; durationMin: number | null }[];
  /** Their photo's served path (/uploads/…-640.jpg, as models/media/uploads.server.ts stores it); null: none; undefined leaves it as it is. */
  photo?: string | null;
}

const MEMBER_NOT_FOUND = "We couldn't find that team member.";

/** The member of this vendor, or "not found" (another vendor's included). */
async function memberOfVendor(db: Executor, vendorId: number, memberId: number) {
  const row = await db.selectFrom("team_members").selectAll().where("id", "=", memberId).where("vendor_id", "=", vendorId).executeTakeFirst();
  if (!row) throw new DomainError("not-found", MEMBER_NOT_FOUND);
  return row;
}

function checkInput(input: MemberInput) {
  if (input.week && !input.week.every(isValidDayHours))
    throw new DomainError("invalid", "Please check the hours: each open day needs opening before closing, and a break inside them.");
  if (input.services.some((s) => s.priceKobo !== null && (s.priceKobo < 0 || !Number.isSafeInteger(s.priceKobo)))) {
    throw new DomainError("invalid", "Please enter a price of ₦0 or more, or leave it blank for the service's own.");
  }
  if (input.services.some((s) => s.durationMin !== null && (s.durationMin < 15 || s.durationMin > 720))) {
    throw new DomainError("invalid", "Please enter a duration between 15 and 720 minutes, or leave it blank for the service's own.");
  }
}

/** The member's services: only this vendor's (an id of another vendor's service is "not found"). */
async function writeServices(db: Executor, vendorId: number, memberId: number, services: MemberInput["services"]) {
  const ids = [...new Set(services.map((s) => s.serviceId))];
  if (ids.length > 0) {
    const own = await db.selectFrom("services").select("id").where("vendor_id", "=", vendorId).where("id", "in", ids).execute();
    if (own.length !== ids.length) throw new DomainError("not-found", "We couldn't find one of those services.");
  }
  await db.deleteFrom("team_member_services").where("member_id", "=", memberId).execute();
  const rows = ids.map((id) => services.find((s) => s.serviceId === id)!);
  if (rows.length > 0) {
    await db
      .insertInto("team_member_services")
      .values(rows.map((s) => ({ member_id: memberId, service_id: s.serviceId, price_kobo: s.priceKobo, duration_min: s.durationMin })))
      .execute();
  }
}

/** Adds a member at the end of the display order; returns its id. */
export async function addMember(vendorId: number, input: MemberInput, now: Date = new Date()): Promise<number> {
  checkInput(input);
  return withBookingLock({ vendorId }, async (tx) => {
    const count = await tx
      .selectFrom("team_members")
      .select((eb) => [eb.fn.countAll<string | number>().as("n"), eb.fn.max("sort").as("last")])
      .where("vendor_id", "=", vendorId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_MEMBERS) throw new DomainError("invalid", `A team has at most ${MAX_MEMBERS} members.`);
    const { id } = await tx
      .insertInto("team_members")
      .values({
        vendor_id: vendorId,
        user_id: null,
        name: input.name,
        title: input.title,
        photo: input.photo ?? null,
        role: "stylist",
        bookable: input.bookable ? 1 : 0,
        sort: Number(count.last ?? 0) + 1,
        week_hours: input.week ? JSON.stringify(input.week) : null,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeServices(tx, vendorId, id, input.services);
    return id;
  });
}

/**
 * Saves a member's details, hours and services. A price change never touches an existing appointment. Returns the
 * photo this change replaced or removed (for the caller to delete its files), or null.
 */
export async function updateMember(vendorId: number, memberId: number, input: MemberInput): Promise<string | null> {
  checkInput(input);
  return withBookingLock({ vendorId }, async (tx) => {
    const before = await memberOfVendor(tx, vendorId, memberId);
    await tx
      .updateTable("team_members")
      .set({
        name: input.name,
        title: input.title,
        bookable: input.bookable ? 1 : 0,
        week_hours: input.week ? JSON.stringify(input.week) : null,
        ...(input.photo !== undefined ? { photo: input.photo } : {}),
      })
      .where("id", "=", memberId)
      .execute();
    await writeServices(tx, vendorId, memberId, input.services);
    return input.photo !== undefined && before.photo !== input.photo ? before.photo : null;
  });
}

/** Moves a member one place up or down the display order (swapping with its neighbour). */
export async function moveMember(vendorId: number, memberId: number, direction: "up" | "down"): Promise<void> {
  await withBookingLock({ vendorId }, async (tx) => {
    await memberOfVendor(tx, vendorId, memberId);
    const team = await tx.selectFrom("team_members").select(["id", "sort"]).where("vendor_id", "=", vendorId).orderBy("sort").orderBy("id").execute();
    const at = team.findIndex((m) => m.id === memberId);
    const other = team[direction === "up" ? at - 1 : at + 1];
    if (!other) return;
    // Renumber the whole order so equal sorts (a backfill, a race) cannot make a swap a no-op.
    const order = team.map((m) => m.id);
    order[at] = other.id;
    order[team.indexOf(other)] = memberId;
    for (const [sort, id] of order.entries()) await tx.updateTable("team_members").set({ sort }).where("id", "=", id).execute();
  });
}

export interface FutureBooking {
  ref: string;
  serviceTitle: string;
  customerName: string;
  when: string;
}

/** Live appointments of a member from now on, for the owner to move or cancel. */
export async function futureBookingsOf(db: Executor, memberId: number, now: Date, until?: string, from?: string): Promise<FutureBooking[]> {
  let query = db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .select(["a.ref", "a.starts_at", "s.title", "c.first_name", "c.last_name"])
    .where("a.member_id", "=", memberId)
    .where("a.status", "in", ["requested", "confirmed", "held"])
    .where((eb) => eb.or([eb("a.status", "!=", "held"), eb("a.hold_expires_at", ">", now.toISOString())]))
    .where("a.ends_at", ">", from ?? now.toISOString());
  if (until) query = query.where("a.starts_at", "<", until);
  const rows = await query.orderBy("a.starts_at").execute();
  return rows.map((r) => ({
    ref: r.ref,
    serviceTitle: r.title,
    customerName: `${r.first_name} ${r.last_name}`,
    when: `${formatDate(r.starts_at)}, ${formatTime(r.starts_at)}`,
  }));
}

/**
 * Deactivates (or reactivates) a member. Deactivating is refused while they have live bookings to come: those
 * must be moved to someone else or cancelled first; their history stays. The owner cannot be deactivated.
 */
export async function setMemberActive(vendorId: number, memberId: number, active: boolean, now: Date = new Date()): Promise<void> {
  await withBookingLock({ vendorId }, async (tx) => {
    const member = await memberOfVendor(tx, vendorId, memberId);
    if (!active && member.role === "owner") throw new DomainError("invalid", "The owner stays on the team. Turn off “Bookable online” instead.");
    if (!active) {
      const future = await futureBookingsOf(tx, memberId, now);
      if (future.length > 0) {
        throw new DomainError(
          "conflict",
          `${member.name} has ${future.length === 1 ? "1 booking" : `${future.length} bookings`} to come (${future
            .slice(0, 3)
            .map((f) => `${f.ref}, ${f.when}`)
            .join("; ")}${future.length > 3 ? "; …" : ""}). Please move them to someone else or cancel them first.`,
        );
      }
    }
    await tx
      .updateTable("team_members")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", memberId)
      .execute();
  });
}

export interface TeamMemberView {
  id: number;
  name: string;
  title: string;
  photo: string | null;
  role: "owner" | "manager" | "stylist";
  bookable: boolean;
  active: boolean;
  /** The member's own week; null: the salon's hours. */
  week: DayHours[] | null;
  services: { serviceId: number; priceKobo: number | null; durationMin: number | null }[];
}

/** The vendor's team in display order, with each member's services and overrides. */
export async function getTeam(vendorId: number): Promise<TeamMemberView[]> {
  const db = await getDb();
  const members = await db.selectFrom("team_members").selectAll().where("vendor_id", "=", vendorId).orderBy("sort").orderBy("id").execute();
  const services =
    members.length === 0
      ? []
      : await db
          .selectFrom("team_member_services")
          .selectAll()
          .where(
            "member_id",
            "in",
            members.map((m) => m.id),
          )
          .execute();
  return members.map((m) => ({
    id: m.id,
    name: m.name,
    title: m.title,
    photo: m.photo,
    role: m.role,
    bookable: m.bookable === 1,
    active: m.active === 1,
    week: m.week_hours ? (JSON.parse(m.week_hours) as DayHours[]) : null,
    services: services.filter((s) => s.member_id === m.id).map((s) => ({ serviceId: s.service_id, priceKobo: s.price_kobo, durationMin: s.duration_min })),
  }));
}

/** What the team page needs besides the team: the vendor's services (drafts too, so a new one can be assigned). */
export async function vendorServiceChoices(vendorId: number): Promise<{ id: number; title: string; priceKobo: number; durationMin: number; status: string }[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("services")
    .select(["id", "title", "price_kobo", "duration_min", "status"])
    .where("vendor_id", "=", vendorId)
    .orderBy("title")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, priceKobo: r.price_kobo, durationMin: r.duration_min, status: r.status }));
}

/** The live bookings to come of one of the vendor's members (another vendor's member is "not found"). */
export async function memberBookingsToCome(vendorId: number, memberId: number, now: Date = new Date()): Promise<FutureBooking[]> {
  const db = await getDb();
  await memberOfVendor(db, vendorId, memberId);
  return futureBookingsOf(db, memberId, now);
}
