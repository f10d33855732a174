// The marketplace's clock is Africa/Lagos. Server and browser format through these functions
// so both render the same text and hydration never mismatches.
//
// Lagos keeps West Africa Time, UTC+01:00, all year: Nigeria has had no daylight saving time since 1919. So the
// clock is plain arithmetic on a fixed offset, read with UTC getters, which makes it independent of the zone the
// server or the phone is set to. A time-zone library (tz data lookups through Intl on every call) cost about a
// tenth of the server's time per Book Now and weighed on every page's JavaScript, for no difference in result.

const LAGOS_OFFSET_MS = 60 * 60_000;
export const DATE_FORMAT = "MMM d, yyyy";

export type Instant = string | number | Date;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** A Date whose UTC fields read as the Lagos wall clock at that instant. */
const inLagos = (value: Instant) => new Date(new Date(value).getTime() + LAGOS_OFFSET_MS);

const dayOf = (wall: Date) => `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
const splitDay = (day: string) => day.split("-").map(Number) as [number, number, number];

/** "Nov 21, 2026" */
export function formatDate(value: Instant): string {
  return formatDay(dayOf(inLagos(value)));
}

/** "9:00 am" */
export function formatTime(value: Instant): string {
  const wall = inLagos(value);
  const hour = wall.getUTCHours();
  return `${hour % 12 || 12}:${pad(wall.getUTCMinutes())} ${hour < 12 ? "am" : "pm"}`;
}

/** A whole hour of a working day as shown to people: "9:00 am", "12:00 pm"; 24 is the midnight that ends a day. */
export function hourLabel(hour: number): string {
  if (hour === 24) return "12:00 am (midnight)";
  return `${hour % 12 || 12}:00 ${hour < 12 ? "am" : "pm"}`;
}

/** ISO weekdays' short names, Monday first: WEEKDAY_SHORT[isoWeekday(day) - 1]. */
export const WEEKDAY_SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** A calendar day "yyyy-MM-dd" as shown to people: "Nov 21, 2026". */
export function formatDay(day: string): string {
  const [y, m, d] = splitDay(day);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** Today's calendar day in Lagos, "yyyy-MM-dd". */
export function lagosToday(now: Instant = Date.now()): string {
  return dayOf(inLagos(now));
}

export function lagosYear(now: Instant = Date.now()): number {
  return inLagos(now).getUTCFullYear();
}

/** Adds whole days to a "yyyy-MM-dd" day. */
export function addDaysToDay(day: string, days: number): string {
  const [y, m, d] = splitDay(day);
  return dayOf(new Date(Date.UTC(y, m - 1, d + days)));
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a "yyyy-MM-dd" day. */
export function isoWeekday(day: string): number {
  const [y, m, d] = splitDay(day);
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return js === 0 ? 7 : js;
}

/** The UTC instant (ISO string) of `hour`:00 on a Lagos calendar day. */
export function lagosInstant(day: string, hour: number, minute = 0): string {
  const [y, m, d] = splitDay(day);
  return new Date(Date.UTC(y, m - 1, d, hour, minute) - LAGOS_OFFSET_MS).toISOString();
}

export function isBeforeToday(day: string, now: Instant = Date.now()): boolean {
  return day < lagosToday(now);
}

export const DATE_INVALID_MESSAGE = "Date input not valid.";
