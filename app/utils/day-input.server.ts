import { format, isValid, parse } from "date-fns";
import { addDaysToDay, DATE_FORMAT, lagosToday, type Instant } from "./time";

// Reading the text of a date field (DayInput, app/components/day-input.tsx) on the server. It is the one reader of
// date-fns, and a `.server` module, so no page's JavaScript carries date-fns: the browser only ever shows days, which
// app/utils/time.ts formats without it.

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const READABLE_FORMATS = ["yyyy-MM-dd", DATE_FORMAT, "MMMM d, yyyy", "d/M/yyyy", "d MMM yyyy"];

/**
 * Reads what a person typed or picked as a date. Returns "yyyy-MM-dd", or null when it is not a date.
 * "today" and "tomorrow" are understood (typing 'tomorrow' sets the date to tomorrow).
 * Checking that the day is not before today is the caller's rule (see `isBeforeToday`).
 */
export function parseDayInput(input: string, now: Instant = Date.now()): string | null {
  const text = input.trim().toLowerCase();
  if (text.length === 0 || text.length > 40) return null;
  const today = lagosToday(now);
  if (text === "today") return today;
  if (text === "tomorrow") return addDaysToDay(today, 1);
  // What the date picker and every link send: checked without trying the readable formats.
  if (DAY_PATTERN.test(text)) return isRealDay(text) ? text : null;
  for (const pattern of READABLE_FORMATS) {
    const parsed = parse(input.trim(), pattern, new Date(2000, 0, 1));
    if (isValid(parsed) && parsed.getFullYear() >= 2000 && parsed.getFullYear() < 2200) {
      const day = format(parsed, "yyyy-MM-dd");
      if (DAY_PATTERN.test(day)) return day;
    }
  }
  return null;
}

function isRealDay(day: string): boolean {
  const year = Number(day.slice(0, 4));
  return year >= 2000 && year < 2200 && addDaysToDay(day, 0) === day;
}
