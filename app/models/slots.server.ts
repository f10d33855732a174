import type { Kysely, Transaction } from "kysely";
import type { AppointmentStatus, Database } from "~/db/schema";
import { addDaysToDay, DATE_INVALID_MESSAGE, formatTime, isBeforeToday, isoWeekday, lagosInstant, lagosToday, parseDayInput } from "~/utils/time";

// Bookable times (DESIGN §4 "Booking"): hourly slots inside the vendor's opening hours (Africa/Lagos), long enough
// for the service, in the future, and not overlapping any live appointment of that vendor.

type Executor = Kysely<Database> | Transaction<Database>;

/** Appointment states that hold the vendor's time. A "held" one only until its hold expires. */
export const LIVE_STATUSES: AppointmentStatus[] = ["held", "requested", "confirmed"];

export interface Slot {
  hour: number;
  startsAt: string;
  endsAt: string;
  /** "9:00 am" */
  label: string;
}

export interface VendorHours {
  opens_hour: number;
  closes_hour: number;
  open_days: string;
}

export function hoursNeeded(durationMin: number): number {
  return Math.max(1, Math.ceil(durationMin / 60));
}

/** Every slot the vendor's hours allow on `day` for a service of `durationMin`, ignoring bookings. */
export function slotsOfDay(vendor: VendorHours, durationMin: number, day: string): Slot[] {
  if (!isOpenOn(vendor, day)) return [];
  const length = hoursNeeded(durationMin);
  const slots: Slot[] = [];
  for (let hour = vendor.opens_hour; hour + length <= vendor.closes_hour; hour++) {
    const startsAt = lagosInstant(day, hour);
    slots.push({ hour, startsAt, endsAt: lagosInstant(day, hour + length), label: formatTime(startsAt) });
  }
  return slots;
}

/**
 * Live appointments of a vendor that overlap [from, to). `excludeId` leaves one appointment out, so a reschedule
 * may move into hours that only the appointment itself occupies.
 */
export function overlappingAppointments(db: Executor, vendorId: number, from: string, to: string, now: string, excludeId?: number) {
  let query = db
    .selectFrom("appointments")
    .select(["id", "starts_at", "ends_at"])
    .where("vendor_id", "=", vendorId)
    .where("status", "in", LIVE_STATUSES)
    .where("starts_at", "<", to)
    .where("ends_at", ">", from)
    .where((eb) => eb.or([eb("status", "!=", "held"), eb("hold_expires_at", ">", now)]));
  if (excludeId !== undefined) query = query.where("id", "!=", excludeId);
  return query;
}

/** The free slots of a vendor on a day, for a service of `durationMin`. */
export async function freeSlots(
  db: Executor,
  args: { vendorId: number; durationMin: number; day: string; now?: Date; excludeId?: number },
): Promise<Slot[]> {
  const vendor = await db
    .selectFrom("vendors")
    .select(["opens_hour", "closes_hour", "open_days"])
    .where("id", "=", args.vendorId)
    .executeTakeFirst();
  if (!vendor) return [];
  const now = (args.now ?? new Date()).toISOString();
  const candidates = slotsOfDay(vendor, args.durationMin, args.day).filter((s) => s.startsAt > now);
  if (candidates.length === 0) return [];
  const taken = await overlappingAppointments(db, args.vendorId, candidates[0]!.startsAt, candidates.at(-1)!.endsAt, now, args.excludeId).execute();
  return candidates.filter((s) => !taken.some((a) => a.starts_at < s.endsAt && a.ends_at > s.startsAt));
}

/** How far ahead people may book. */
export const MAX_DAYS_AHEAD = 90;

const WEEKDAYS = ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"];

export function isOpenOn(vendor: VendorHours, day: string): boolean {
  return vendor.open_days.split(",").map(Number).includes(isoWeekday(day));
}

export function closedDayMessage(businessName: string, day: string): string {
  return `${businessName} is closed on ${WEEKDAYS[isoWeekday(day) - 1]}. Please choose another day.`;
}

export const SLOT_TAKEN_MESSAGE = "That time was just taken. Please pick another time.";

/** Reads a chosen day ("tomorrow", "Nov 21, 2026", "2026-11-21"...) under the spec's date rules. */
export function readBookingDay(input: string, now: Date = new Date()): { day: string } | { error: string } {
  const day = parseDayInput(input, now);
  if (!day) return { error: DATE_INVALID_MESSAGE };
  if (isBeforeToday(day, now)) return { error: "Please choose today or a later date." };
  if (day > addDaysToDay(lagosToday(now), MAX_DAYS_AHEAD)) {
    return { error: `Bookings open ${MAX_DAYS_AHEAD} days ahead. Please choose an earlier date.` };
  }
  return { day };
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

/**
 * Why a vendor cannot take a service of `durationMin` at `hour` on `day` (ignoring other bookings), or the slot itself.
 * The messages tell the person what to do instead.
 */
export function checkSlot(args: {
  vendor: VendorHours;
  businessName: string;
  durationMin: number;
  day: string;
  hour: number;
  now?: Date;
}): { slot: Slot } | { error: string } {
  const { vendor, businessName, durationMin, day, hour, now = new Date() } = args;
  if (!isOpenOn(vendor, day)) return { error: closedDayMessage(businessName, day) };
  const slot = slotsOfDay(vendor, durationMin, day).find((s) => s.hour === hour);
  if (!slot) {
    const lastStart = vendor.closes_hour - hoursNeeded(durationMin);
    return {
      error: `${businessName} takes this service from ${formatTime(lagosInstant(day, vendor.opens_hour))} to ${formatTime(lagosInstant(day, lastStart))}. Please pick a time from the list.`,
    };
  }
  if (slot.startsAt <= now.toISOString()) return { error: "That time has already passed. Please pick a later time." };
  return { slot };
}

/** The next `count` days (from today) on which the vendor opens: quick choices for the date picker. */
export function openDaysAhead(vendor: VendorHours, count: number, now: Date = new Date()): string[] {
  const days: string[] = [];
  const today = lagosToday(now);
  for (let i = 0; i <= MAX_DAYS_AHEAD && days.length < count; i++) {
    const day = addDaysToDay(today, i);
    if (isOpenOn(vendor, day)) days.push(day);
  }
  return days;
}
