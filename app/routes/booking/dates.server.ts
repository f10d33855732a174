import type { BookingChoice } from "~/models/booking/hold.server";
import { addDaysToDay, formatDay, formatTime, isoWeekday, lagosInstant, lagosToday, WEEKDAY_SHORT } from "~/utils/time";

// The booking page's dates, written on the server so the page needs no date library in the browser (a
// lighter first view).

export function bookingDates(choice: BookingChoice, now: Date = new Date()) {
  const today = lagosToday(now);
  const label = (day: string) => (day === today ? "Today" : day === addDaysToDay(today, 1) ? "Tomorrow" : WEEKDAY_SHORT[isoWeekday(day) - 1]!);
  return {
    /** The one-tap day choices: "Tomorrow" over "Nov 22, 2026". */
    days: choice.dayChoices.map((day) => ({ day, label: label(day), text: formatDay(day) })),
    dayText: choice.day ? formatDay(choice.day) : null,
    timeText: choice.day && choice.hour !== null ? formatTime(lagosInstant(choice.day, choice.hour)) : null,
    /** The example under "Another date". */
    exampleDay: formatDay(addDaysToDay(today, 3)),
    /** The first day the date field suggests. */
    today,
  };
}
