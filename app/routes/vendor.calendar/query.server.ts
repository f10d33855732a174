import { parseDayInput } from "~/utils/day-input.server";
import { lagosToday } from "~/utils/time";
import type { CalendarPlace } from "./query";

// Reads the calendar's URL. A date that cannot be read shows today and says so (400); a member or move id that is
// not a number is none of the salon's (the loader answers 404 or 403).

export interface CalendarQuery extends CalendarPlace {
  /** An appointment to move (`?move=ID`). */
  move: number | null;
  problems: string[];
}

const idOf = (value: string | null): number | null | "bad" => (value === null || value === "" ? null : /^\d{1,9}$/.test(value) ? Number(value) : "bad");

export function readCalendarQuery(url: URL, now: Date = new Date()): CalendarQuery {
  const params = url.searchParams;
  const view = params.get("view") === "week" ? "week" : "day";
  const text = (params.get("date") ?? "").trim().slice(0, 40);
  const parsed = text ? parseDayInput(text, now) : null;
  const problems = text && !parsed ? ["That date isn't one we can read, so here is today."] : [];
  const member = idOf(params.get("member"));
  const move = idOf(params.get("move"));
  return {
    view,
    day: parsed ?? lagosToday(now),
    // An id that cannot be one is nobody's: 0 matches no member and no appointment.
    member: member === "bad" ? 0 : member,
    move: move === "bad" ? 0 : move,
    problems,
  };
}
