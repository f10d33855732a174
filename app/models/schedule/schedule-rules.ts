// The vendor's time as rules without a database (see docs/domain.md, "The vendor's time"): a weekly schedule with
// an optional break per open weekday, days off, minimum notice and how far ahead people may book. `daySlots` is
// the one function that turns them, with the vendor's existing appointments, into the free hourly slots of a day:
// the service page and search show what it returns, and every booking check accepts only what it returns.

import { addDaysToDay, formatDay, formatTime, isoWeekday, lagosInstant, lagosToday } from "~/utils/time";

export interface Slot {
  hour: number;
  startsAt: string;
  endsAt: string;
  /** "9:00 am" */
  label: string;
}

/** One open weekday. Hours are whole hours of the Lagos clock (slots are hourly); a break is [breakStarts, breakEnds). */
export interface DayHours {
  /** ISO weekday, 1 = Monday ... 7 = Sunday */
  day: number;
  opens: number;
  closes: number;
  breakStarts: number | null;
  breakEnds: number | null;
}

export interface TimeOff {
  id: number;
  /** "yyyy-MM-dd", inclusive */
  startsOn: string;
  endsOn: string;
  note: string;
}

export interface VendorTime {
  /** Open weekdays only, Monday first; a weekday not listed is closed. */
  week: DayHours[];
  timeOff: TimeOff[];
  minNoticeMinutes: number;
  maxDaysAhead: number;
}

/** A span of the vendor's time already taken by an appointment. */
export interface Busy {
  starts_at: string;
  ends_at: string;
}

export const DEFAULT_NOTICE_MINUTES = 120;
/** How far ahead people may book unless the vendor says otherwise. */
export const MAX_DAYS_AHEAD = 90;
/** The longest horizon a vendor may choose; no date further out is read at all. */
export const LONGEST_DAYS_AHEAD = 365;
/** The notice a vendor may ask for, in minutes. */
export const NOTICE_CHOICES = [0, 60, 120, 180, 360, 720, 1440, 2880] as const;

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function hoursNeeded(durationMin: number): number {
  return Math.max(1, Math.ceil(durationMin / 60));
}

/** "2 hours", "1 day" */
export function noticeText(minutes: number): string {
  if (minutes === 0) return "no notice";
  if (minutes % 1440 === 0) return minutes === 1440 ? "1 day" : `${minutes / 1440} days`;
  const hours = minutes / 60;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** Reads the stored week (JSON of DayHours), falling back to the summary columns for vendors who never edited it. */
export function weekFromRow(row: { week_hours: string | null; opens_hour: number; closes_hour: number; open_days: string }): DayHours[] {
  if (row.week_hours) {
    try {
      const parsed = JSON.parse(row.week_hours) as DayHours[];
      if (Array.isArray(parsed)) return parsed.filter(isValidDayHours).sort((a, b) => a.day - b.day);
    } catch {
      // An unreadable value is treated like a missing one: the summary columns still describe the week.
    }
  }
  return row.open_days
    .split(",")
    .map(Number)
    .filter((d) => d >= 1 && d <= 7)
    .sort((a, b) => a - b)
    .map((day) => ({ day, opens: row.opens_hour, closes: row.closes_hour, breakStarts: null, breakEnds: null }));
}

/** Hours of a day must read as a working day: opening before closing, a break (if any) strictly inside. */
export function isValidDayHours(h: DayHours): boolean {
  const whole = (n: unknown): n is number => Number.isInteger(n);
  if (!whole(h.day) || h.day < 1 || h.day > 7 || !whole(h.opens) || !whole(h.closes)) return false;
  if (h.opens < 0 || h.closes > 24 || h.opens >= h.closes) return false;
  if (h.breakStarts === null && h.breakEnds === null) return true;
  return whole(h.breakStarts) && whole(h.breakEnds) && h.opens < h.breakStarts && h.breakStarts < h.breakEnds && h.breakEnds < h.closes;
}

/** The summary columns kept beside the week: which weekdays open, the earliest opening and the latest closing. */
export function weekSummary(week: DayHours[]): { open_days: string; opens_hour: number; closes_hour: number } {
  if (week.length === 0) return { open_days: "", opens_hour: 9, closes_hour: 19 };
  return {
    open_days: week.map((h) => h.day).join(","),
    opens_hour: Math.min(...week.map((h) => h.opens)),
    closes_hour: Math.max(...week.map((h) => h.closes)),
  };
}

export function hoursOn(time: Pick<VendorTime, "week">, day: string): DayHours | undefined {
  const weekday = isoWeekday(day);
  return time.week.find((h) => h.day === weekday);
}

export function timeOffOn(time: Pick<VendorTime, "timeOff">, day: string): TimeOff | undefined {
  return time.timeOff.find((t) => t.startsOn <= day && day <= t.endsOn);
}

/** The last day people may book, counted from today in Lagos. */
export function lastBookableDay(time: Pick<VendorTime, "maxDaysAhead">, now: Date): string {
  return addDaysToDay(lagosToday(now), time.maxDaysAhead);
}

/** Every start the day's hours allow for a service of `durationMin`, not running into the break or past closing. */
export function slotsWithinHours(hours: DayHours, durationMin: number, day: string): Slot[] {
  const length = hoursNeeded(durationMin);
  const slots: Slot[] = [];
  for (let hour = hours.opens; hour + length <= hours.closes; hour++) {
    if (hours.breakStarts !== null && hours.breakEnds !== null && hour < hours.breakEnds && hour + length > hours.breakStarts) continue;
    const startsAt = lagosInstant(day, hour);
    slots.push({ hour, startsAt, endsAt: lagosInstant(day, hour + length), label: formatTime(startsAt) });
  }
  return slots;
}

/** Why nobody can book on `day` at all (too far ahead, a day off, a closed weekday), or null when the day opens. */
export function dayProblem(time: VendorTime, businessName: string, day: string, now: Date): string | null {
  if (day < lagosToday(now)) return "Please choose today or a later date.";
  if (day > lastBookableDay(time, now)) return `${businessName} takes bookings up to ${time.maxDaysAhead} days ahead. Please choose an earlier date.`;
  const off = timeOffOn(time, day);
  if (off) return `${businessName} is closed on ${formatDay(day)}${off.note ? ` (${off.note})` : ""}. Please choose another day.`;
  if (!hoursOn(time, day)) return `${businessName} is closed on ${WEEKDAY_NAMES[isoWeekday(day) - 1]}s. Please choose another day.`;
  return null;
}

/**
 * The free slots of `day` for a service of `durationMin`: inside the day's hours and outside its break, not on a
 * day off, within the booking horizon, at least the minimum notice after `now`, and clear of every `busy` span.
 */
export function daySlots(time: VendorTime, args: { durationMin: number; day: string; now: Date; busy: Busy[] }): Slot[] {
  const { day, now } = args;
  if (day < lagosToday(now) || day > lastBookableDay(time, now) || timeOffOn(time, day)) return [];
  const hours = hoursOn(time, day);
  if (!hours) return [];
  const earliest = new Date(now.getTime() + time.minNoticeMinutes * 60_000).toISOString();
  const nowIso = now.toISOString();
  return slotsWithinHours(hours, args.durationMin, day).filter(
    (s) => s.startsAt > nowIso && s.startsAt >= earliest && !args.busy.some((b) => b.starts_at < s.endsAt && b.ends_at > s.startsAt),
  );
}

export const FULLY_BOOKED_MESSAGE = "Fully booked on this day. Please choose another day.";

/**
 * Why `day` offers no free slot for a service of `durationMin`, or null when `daySlots` offers some: the day's rule
 * (`dayProblem`: past, beyond the horizon, a day off with its note, a closed weekday), the hours being too short
 * for the service, every time left being within the minimum notice (or past), or simply fully booked. The service
 * page and booking step 1 say what this returns.
 */
export function explainDay(time: VendorTime, businessName: string, args: { durationMin: number; day: string; now: Date; busy: Busy[] }): string | null {
  if (daySlots(time, args).length > 0) return null;
  const problem = dayProblem(time, businessName, args.day, args.now);
  if (problem) return problem;
  const allowed = slotsWithinHours(hoursOn(time, args.day)!, args.durationMin, args.day);
  if (allowed.length === 0)
    return `${businessName} is open too briefly on ${WEEKDAY_NAMES[isoWeekday(args.day) - 1]}s for this service. Please choose another day.`;
  const earliest = new Date(args.now.getTime() + time.minNoticeMinutes * 60_000).toISOString();
  const nowIso = args.now.toISOString();
  const soonEnough = allowed.filter((s) => s.startsAt > nowIso && s.startsAt >= earliest);
  if (soonEnough.length === 0) {
    if (allowed.every((s) => s.startsAt <= nowIso)) return "No times are left today. Please choose another day.";
    return `${businessName} needs ${noticeText(time.minNoticeMinutes)} notice, so no time is left on this day. Please choose a later day.`;
  }
  return FULLY_BOOKED_MESSAGE;
}

export const SLOT_TAKEN_MESSAGE = "That time was just taken. Please pick another time.";

/**
 * A chosen slot checked against the rules, as a result its callers branch on (docs/architecture.md, "Refusals"):
 * "taken" is the one refusal that another booking caused (a race the person lost; Book Now and a move answer it as a
 * conflict, step 1 words it differently), "not-offered" every refusal of the rules. `message` says what to do instead.
 */
export type SlotCheck = { ok: true; slot: Slot } | { ok: false; reason: "taken" | "not-offered"; message: string };

/** The slot at `hour` when `daySlots` offers it; otherwise why not, in words that say what to do instead. */
export function explainSlot(
  time: VendorTime,
  businessName: string,
  args: { durationMin: number; day: string; hour: number; now: Date; busy: Busy[] },
): SlotCheck {
  const slot = daySlots(time, args).find((s) => s.hour === args.hour);
  if (slot) return { ok: true, slot };
  const refuse = (message: string): SlotCheck => ({ ok: false, reason: "not-offered", message });
  const problem = dayProblem(time, businessName, args.day, args.now);
  if (problem) return refuse(problem);
  const hours = hoursOn(time, args.day)!;
  const allowed = slotsWithinHours(hours, args.durationMin, args.day);
  const wanted = allowed.find((s) => s.hour === args.hour);
  if (!wanted) {
    const range = allowed.length
      ? ` from ${allowed[0]!.label} to ${allowed.at(-1)!.label}${hours.breakStarts !== null ? ` (not across the ${formatTime(lagosInstant(args.day, hours.breakStarts))} break)` : ""}`
      : " at no time that day";
    return refuse(`${businessName} takes this service${range}. Please pick a time from the list.`);
  }
  if (wanted.startsAt <= args.now.toISOString()) return refuse("That time has already passed. Please pick a later time.");
  if (wanted.startsAt < new Date(args.now.getTime() + time.minNoticeMinutes * 60_000).toISOString()) {
    return refuse(`${businessName} needs ${noticeText(time.minNoticeMinutes)} notice. Please pick a later time.`);
  }
  return { ok: false, reason: "taken", message: SLOT_TAKEN_MESSAGE };
}

/** Whether an appointment lies inside the schedule (its weekday's hours, outside the break, not on a day off). */
export function fitsSchedule(time: Pick<VendorTime, "week" | "timeOff">, a: Busy): boolean {
  const day = lagosToday(new Date(a.starts_at));
  if (timeOffOn(time, day) || timeOffOn(time, lagosToday(new Date(new Date(a.ends_at).getTime() - 1)))) return false;
  const hours = hoursOn(time, day);
  if (!hours) return false;
  const opens = lagosInstant(day, hours.opens);
  const closes = lagosInstant(day, hours.closes);
  if (a.starts_at < opens || a.ends_at > closes) return false;
  if (hours.breakStarts === null || hours.breakEnds === null) return true;
  return !(a.starts_at < lagosInstant(day, hours.breakEnds) && a.ends_at > lagosInstant(day, hours.breakStarts));
}

/** The next `count` days from today that are open (weekday open, no day off, inside the horizon). */
export function openDaysAhead(time: VendorTime, count: number, now: Date): string[] {
  const days: string[] = [];
  const today = lagosToday(now);
  for (let i = 0; i <= time.maxDaysAhead && days.length < count; i++) {
    const day = addDaysToDay(today, i);
    if (hoursOn(time, day) && !timeOffOn(time, day)) days.push(day);
  }
  return days;
}
