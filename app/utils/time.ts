import { TZDate } from "@date-fns/tz";
import { addDays, format, isValid, parse } from "date-fns";

// The marketplace's clock is Africa/Lagos (DESIGN §4). Server and browser format through these functions
// so both render the same text and hydration never mismatches.

export const TIME_ZONE = "Africa/Lagos";
export const DATE_FORMAT = "MMM d, yyyy";
export const TIME_FORMAT = "h:mm aaa"; // "9:00 am"

type Instant = string | number | Date;

const inLagos = (value: Instant) => new TZDate(new Date(value).getTime(), TIME_ZONE);

/** "Nov 21, 2026" */
export function formatDate(value: Instant): string {
  return format(inLagos(value), DATE_FORMAT);
}

/** "9:00 am" */
export function formatTime(value: Instant): string {
  return format(inLagos(value), TIME_FORMAT);
}

/** A calendar day "yyyy-MM-dd" as shown to people: "Nov 21, 2026". */
export function formatDay(day: string): string {
  return format(parse(day, "yyyy-MM-dd", new Date(2000, 0, 1)), DATE_FORMAT);
}

/** Today's calendar day in Lagos, "yyyy-MM-dd". */
export function lagosToday(now: Instant = Date.now()): string {
  return format(inLagos(now), "yyyy-MM-dd");
}

export function lagosYear(now: Instant = Date.now()): number {
  return inLagos(now).getFullYear();
}

/** Adds whole days to a "yyyy-MM-dd" day. */
export function addDaysToDay(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return format(addDays(new Date(y, m - 1, d), days), "yyyy-MM-dd");
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a "yyyy-MM-dd" day. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return js === 0 ? 7 : js;
}

/** The UTC instant (ISO string) of `hour`:00 on a Lagos calendar day. */
export function lagosInstant(day: string, hour: number, minute = 0): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, minute, 0, TIME_ZONE).getTime()).toISOString();
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const READABLE_FORMATS = ["yyyy-MM-dd", DATE_FORMAT, "MMMM d, yyyy", "d/M/yyyy", "d MMM yyyy"];

/**
 * Reads what a person typed or picked as a date. Returns "yyyy-MM-dd", or null when it is not a date.
 * "today" and "tomorrow" are understood (spec §4: typing 'tomorrow' sets the date to tomorrow).
 * Checking that the day is not before today is the caller's rule (see `isBeforeToday`).
 */
export function parseDayInput(input: string, now: Instant = Date.now()): string | null {
  const text = input.trim().toLowerCase();
  if (text.length === 0 || text.length > 40) return null;
  const today = lagosToday(now);
  if (text === "today") return today;
  if (text === "tomorrow") return addDaysToDay(today, 1);
  for (const pattern of READABLE_FORMATS) {
    const parsed = parse(input.trim(), pattern, new Date(2000, 0, 1));
    if (isValid(parsed) && parsed.getFullYear() >= 2000 && parsed.getFullYear() < 2200) {
      const day = format(parsed, "yyyy-MM-dd");
      if (DAY_PATTERN.test(day)) return day;
    }
  }
  return null;
}

export function isBeforeToday(day: string, now: Instant = Date.now()): boolean {
  return day < lagosToday(now);
}

export const DATE_INVALID_MESSAGE = "Date input not valid.";
