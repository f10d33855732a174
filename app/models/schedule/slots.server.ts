import { getDb, type Executor } from "~/db/db.server";
import type { AppointmentStatus } from "~/db/schema";
import { addDaysToDay, DATE_INVALID_MESSAGE, isBeforeToday, lagosInstant, lagosToday } from "~/utils/time";
import { parseDayInput } from "~/utils/day-input.server";
import { daySlots, explainDay, explainSlot, LONGEST_DAYS_AHEAD, weekFromRow, type Busy, type Slot, type SlotCheck, type VendorTime } from "./schedule-rules";

// Bookable times read from the database: the vendor's schedule and appointments, handed to the one slot rule of
// app/models/schedule/schedule-rules.ts (hourly, Africa/Lagos; see docs/domain.md, "The vendor's time").

/** Appointment states that hold the vendor's time. A "held" one only until its hold expires. */
export const LIVE_STATUSES: AppointmentStatus[] = ["held", "requested", "confirmed"];

export type { Slot, SlotCheck } from "./schedule-rules";
export { SLOT_TAKEN_MESSAGE, hoursNeeded } from "./schedule-rules";

/**
 * Whose time a slot is: a vendor's team member (docs/domain.md, "The team"). Without `memberId`, the vendor's owner,
 * which is the whole vendor for a team of one. A vendor without any member row (none is written so) falls back to
 * the vendor as one chair.
 */
export interface Chair {
  vendorId: number;
  memberId?: number;
}

interface MemberTime {
  id: number;
  isOwner: boolean;
  weekHours: string | null;
}

/** The member a chair names, within its vendor (another vendor's member is none), or the owner without a name. */
export async function memberOf(db: Executor, chair: Chair): Promise<MemberTime | null | undefined> {
  let query = db.selectFrom("team_members").select(["id", "role", "week_hours"]).where("vendor_id", "=", chair.vendorId);
  query = chair.memberId === undefined ? query.where("role", "=", "owner") : query.where("id", "=", chair.memberId);
  const row = await query.executeTakeFirst();
  if (row) return { id: row.id, isOwner: row.role === "owner", weekHours: row.week_hours };
  // A named member that is not this vendor's has no time at all; an unnamed one falls back to the vendor.
  return chair.memberId === undefined ? null : undefined;
}

/**
 * Live appointments of a member that overlap [from, to) (of the whole vendor for `member` null). `excludeId` leaves
 * one appointment out, so a reschedule may move into hours that only the appointment itself occupies. A row without
 * a member (none the app writes) counts as the owner's.
 */
export function overlappingAppointments(db: Executor, vendorId: number, member: MemberTime | null, from: string, to: string, now: string, excludeId?: number) {
  let query = db
    .selectFrom("appointments")
    .select(["id", "starts_at", "ends_at", "previous_starts_at", "previous_ends_at"])
    .where("vendor_id", "=", vendorId)
    .where("status", "in", LIVE_STATUSES)
    // A move of a confirmed appointment keeps its old time held until the vendor answers, so declining the
    // move can always go back to it.
    .where((eb) =>
      eb.or([eb.and([eb("starts_at", "<", to), eb("ends_at", ">", from)]), eb.and([eb("previous_starts_at", "<", to), eb("previous_ends_at", ">", from)])]),
    )
    .where((eb) => eb.or([eb("status", "!=", "held"), eb("hold_expires_at", ">", now)]));
  if (member) {
    query = query.where((eb) => (member.isOwner ? eb.or([eb("member_id", "=", member.id), eb("member_id", "is", null)]) : eb("member_id", "=", member.id)));
  }
  if (excludeId !== undefined) query = query.where("id", "!=", excludeId);
  return query;
}

/** The vendor's schedule (or the member's own week), days off (from `fromDay` on), notice and horizon, as `daySlots` reads them. */
export async function loadVendorTime(
  db: Executor,
  vendorId: number,
  fromDay: string,
  toDay?: string,
  member?: MemberTime | null,
): Promise<(VendorTime & { businessName: string }) | undefined> {
  const vendor = await db
    .selectFrom("vendors")
    .select(["business_name", "week_hours", "opens_hour", "closes_hour", "open_days", "min_notice_minutes", "max_days_ahead"])
    .where("id", "=", vendorId)
    .executeTakeFirst();
  if (!vendor) return undefined;
  let offQuery = db
    .selectFrom("vendor_time_off")
    .select(["id", "starts_on", "ends_on", "note"])
    .where("vendor_id", "=", vendorId)
    .where("ends_on", ">=", fromDay);
  if (toDay) offQuery = offQuery.where("starts_on", "<=", toDay);
  const off = await offQuery.orderBy("starts_on").orderBy("id").execute();
  return {
    businessName: vendor.business_name,
    // A member works their own week when they have one, else the salon's; the salon's days off close it for all.
    week: weekFromRow(member?.weekHours ? { ...vendor, week_hours: member.weekHours } : vendor),
    timeOff: off.map((t) => ({ id: t.id, startsOn: t.starts_on, endsOn: t.ends_on, note: t.note })),
    minNoticeMinutes: vendor.min_notice_minutes,
    maxDaysAhead: vendor.max_days_ahead,
  };
}

/** What already holds the member's time on `day`: live appointments, running holds, and the member's time off. */
async function busyOn(db: Executor, vendorId: number, member: MemberTime | null, day: string, now: string, excludeId?: number): Promise<Busy[]> {
  const from = lagosInstant(day, 0);
  const to = lagosInstant(addDaysToDay(day, 1), 0);
  const rows = await overlappingAppointments(db, vendorId, member, from, to, now, excludeId).execute();
  const off = member
    ? await db
        .selectFrom("team_time_off")
        .select(["starts_at", "ends_at"])
        .where("member_id", "=", member.id)
        .where("starts_at", "<", to)
        .where("ends_at", ">", from)
        .execute()
    : [];
  return [
    ...rows.flatMap((r) => [
      { starts_at: r.starts_at, ends_at: r.ends_at },
      ...(r.previous_starts_at && r.previous_ends_at ? [{ starts_at: r.previous_starts_at, ends_at: r.previous_ends_at }] : []),
    ]),
    ...off,
  ];
}

/** The member's time on a day: their week, the salon's days off and rules, and what is busy; undefined: no such chair. */
async function chairDay(db: Executor, chair: Chair, day: string, now: Date, excludeId?: number) {
  const member = await memberOf(db, chair);
  if (member === undefined) return undefined;
  const time = await loadVendorTime(db, chair.vendorId, day, day, member);
  if (!time) return undefined;
  return { time, busy: await busyOn(db, chair.vendorId, member, day, now.toISOString(), excludeId) };
}

/**
 * The times an appointment may move to on `day`: its member's free slots with the appointment itself left out, less
 * its own time (that is no move: a day where it is the only free time has no free times to offer).
 */
export async function rescheduleSlots(
  appointment: { id: number; vendorId: number; memberId?: number; durationMin: number; startsAt: string },
  day: string,
): Promise<Slot[]> {
  const slots = await freeSlots(await getDb(), {
    vendorId: appointment.vendorId,
    memberId: appointment.memberId,
    durationMin: appointment.durationMin,
    day,
    excludeId: appointment.id,
  });
  return slots.filter((s) => s.startsAt !== appointment.startsAt);
}

/**
 * The salon's minimum notice keeps customers from booking it by surprise; the salon booking a client itself
 * (`bySalon`, docs/domain.md "Clients") is no surprise, so it reads the same rules without it.
 */
function salonTime<T extends { minNoticeMinutes: number }>(time: T, bySalon: boolean | undefined): T {
  return bySalon ? { ...time, minNoticeMinutes: 0 } : time;
}

/**
 * The free slots of a member (the owner without `memberId`) on a day, for a service of `durationMin`: `daySlots`
 * over the stored schedule, time off and appointments. `excludeId` leaves one appointment out, so a reschedule may
 * move into hours only it occupies.
 */
export async function freeSlots(db: Executor, args: Chair & { durationMin: number; day: string; now?: Date; excludeId?: number }): Promise<Slot[]> {
  const now = args.now ?? new Date();
  const chair = await chairDay(db, args, args.day, now, args.excludeId);
  if (!chair) return [];
  return daySlots(chair.time, { durationMin: args.durationMin, day: args.day, now, busy: chair.busy });
}

/** The free slots of a day as `freeSlots` reads them, and when there are none, why (`explainDay`). */
export async function daySchedule(
  db: Executor,
  args: Chair & { durationMin: number; day: string; now?: Date; bySalon?: boolean },
): Promise<{ slots: Slot[]; reason: string | null }> {
  const now = args.now ?? new Date();
  const chair = await chairDay(db, args, args.day, now);
  if (!chair) return { slots: [], reason: "This service is not available for booking." };
  const time = salonTime(chair.time, args.bySalon);
  const input = { durationMin: args.durationMin, day: args.day, now, busy: chair.busy };
  return { slots: daySlots(time, input), reason: explainDay(time, time.businessName, input) };
}

/**
 * The accepting side of `freeSlots`: the slot at `hour` if `daySlots` offers it, else why not. Called inside the
 * vendor's booking lock, so what it read cannot change before the caller writes.
 */
export async function checkFreeSlot(
  db: Executor,
  args: Chair & { durationMin: number; day: string; hour: number; now: Date; excludeId?: number; bySalon?: boolean },
): Promise<SlotCheck> {
  const chair = await chairDay(db, args, args.day, args.now, args.excludeId);
  if (!chair) return { ok: false, reason: "not-offered", message: "This service is not available for booking." };
  return explainSlot(salonTime(chair.time, args.bySalon), chair.time.businessName, { ...args, busy: chair.busy });
}

/**
 * A chosen day as read, or why it is none: a result, not a refusal (docs/architecture.md, "Refusals"), because its
 * callers carry on with it, showing `message` beside the date on a page that still renders (booking step 1, the
 * reschedule panel) or in the form they answer.
 */
export type BookingDay = { ok: true; day: string } | { ok: false; reason: "unreadable" | "past" | "too-far"; message: string };

/** Reads a chosen day ("tomorrow", "Nov 21, 2026", "2026-11-21"...): readable, not before today, not too far ahead. */
export function readBookingDay(input: string, now: Date = new Date()): BookingDay {
  const day = parseDayInput(input, now);
  if (!day) return { ok: false, reason: "unreadable", message: DATE_INVALID_MESSAGE };
  // A day before today is no valid booking date, and gets the same message as a day that cannot be read.
  if (isBeforeToday(day, now)) return { ok: false, reason: "past", message: DATE_INVALID_MESSAGE };
  // Each vendor's own horizon is checked with its slots; this only bounds what is worth reading at all.
  if (day > addDaysToDay(lagosToday(now), LONGEST_DAYS_AHEAD)) {
    return { ok: false, reason: "too-far", message: `Bookings open at most ${LONGEST_DAYS_AHEAD} days ahead. Please choose an earlier date.` };
  }
  return { ok: true, day };
}

/** An hour of the day as a person or a link writes it: "14", "14:00", "2:00 pm", "2pm". Null when unreadable. */
export function parseHourInput(input: string): number | null {
  const text = input.trim().toLowerCase().replace(/\s+/g, "");
  if (text.length === 0 || text.length > 8) return null;
  const match = /^(\d{1,2})(?::00)?(am|pm)?$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const half = match[2];
  if (half) {
    if (hour < 1 || hour > 12) return null;
    return (hour % 12) + (half === "pm" ? 12 : 0);
  }
  return hour <= 23 ? hour : null;
}
