import { hourLabel, WEEKDAY_SHORT } from "~/utils/time";
import type { DayHours } from "./schedule-rules";

// A vendor's week as a customer reads it on the public profile: every weekday, Monday first, each with its own hours
// (a Saturday that closes early says so), a break if the vendor takes one, and the closed days. Weekdays in a row with
// the same hours share a line: "Mon – Fri", ["9:00 am – 7:00 pm"]. A day with a break has two ranges, each shown whole.

export interface OpeningLine {
  days: string;
  /** The day's open ranges ("9:00 am – 1:00 pm", "2:00 pm – 7:00 pm"), or ["Closed"]. */
  hours: string[];
}

const range = (from: number, to: number) => `${hourLabel(from)} – ${hourLabel(to)}`;

const hoursText = (h: DayHours | undefined): string[] =>
  !h ? ["Closed"] : h.breakStarts !== null && h.breakEnds !== null ? [range(h.opens, h.breakStarts), range(h.breakEnds, h.closes)] : [range(h.opens, h.closes)];

export function openingLines(week: DayHours[]): OpeningLine[] {
  const lines: { first: number; last: number; hours: string[] }[] = [];
  for (let day = 1; day <= 7; day++) {
    const hours = hoursText(week.find((h) => h.day === day));
    const previous = lines.at(-1);
    if (previous && previous.hours.join() === hours.join() && previous.last === day - 1) previous.last = day;
    else lines.push({ first: day, last: day, hours });
  }
  return lines.map(({ first, last, hours }) => ({
    days: first === last ? WEEKDAY_SHORT[first - 1]! : `${WEEKDAY_SHORT[first - 1]} – ${WEEKDAY_SHORT[last - 1]}`,
    hours,
  }));
}
