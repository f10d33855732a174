import type { Kysely, Transaction } from "kysely";
import type { AppointmentStatus, Database } from "~/db/schema";
import { formatTime, isoWeekday, lagosInstant } from "~/utils/time";

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
  const openDays = vendor.open_days.split(",").map(Number);
  if (!openDays.includes(isoWeekday(day))) return [];
  const length = hoursNeeded(durationMin);
  const slots: Slot[] = [];
  for (let hour = vendor.opens_hour; hour + length <= vendor.closes_hour; hour++) {
    const startsAt = lagosInstant(day, hour);
    slots.push({ hour, startsAt, endsAt: lagosInstant(day, hour + length), label: formatTime(startsAt) });
  }
  return slots;
}

/** Live appointments of a vendor that overlap [from, to). */
export function overlappingAppointments(db: Executor, vendorId: number, from: string, to: string, now: string) {
  return db
    .selectFrom("appointments")
    .select(["id", "starts_at", "ends_at"])
    .where("vendor_id", "=", vendorId)
    .where("status", "in", LIVE_STATUSES)
    .where("starts_at", "<", to)
    .where("ends_at", ">", from)
    .where((eb) => eb.or([eb("status", "!=", "held"), eb("hold_expires_at", ">", now)]));
}

/** The free slots of a vendor on a day, for a service of `durationMin`. */
export async function freeSlots(
  db: Executor,
  args: { vendorId: number; durationMin: number; day: string; now?: Date },
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
  const taken = await overlappingAppointments(db, args.vendorId, candidates[0]!.startsAt, candidates.at(-1)!.endsAt, now).execute();
  return candidates.filter((s) => !taken.some((a) => a.starts_at < s.endsAt && a.ends_at > s.startsAt));
}
