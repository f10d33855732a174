import { HOUR, QUIET_HOURS, REMINDER_LATE_LIMIT, REMINDERS_BEFORE_VISIT } from "~/models/jobs/durations";
import { addDaysToDay, lagosInstant, lagosToday } from "~/utils/time";

// When a visit's reminders go (docs/domain.md, Reminders): 24 h and 2 h before it starts; a 24 h reminder that
// would fall in Lagos's quiet hours (21:00 to 07:00) goes at 20:00 the evening before. None is planned for a
// moment already past (beyond REMINDER_LATE_LIMIT), none for a visit booked after its moment (the booking's own
// confirmation told the customer), none once the visit has started.

export type ReminderName = (typeof REMINDERS_BEFORE_VISIT)[number]["name"];

/** The moment a reminder is meant for, quiet hours applied. */
export function reminderMoment(startsAt: string, name: ReminderName): Date {
  const reminder = REMINDERS_BEFORE_VISIT.find((r) => r.name === name)!;
  const due = new Date(Date.parse(startsAt) - reminder.before);
  if (name !== "24h") return due;
  const lagosHour = (due.getUTCHours() + 1) % 24;
  if (lagosHour >= QUIET_HOURS.from) return new Date(lagosInstant(lagosToday(due), QUIET_HOURS.sendAt));
  if (lagosHour < QUIET_HOURS.until) return new Date(lagosInstant(addDaysToDay(lagosToday(due), -1), QUIET_HOURS.sendAt));
  return due;
}

/** The longest quiet hours move a reminder earlier (06:59 -> 20:00 the evening before), for the sweep's window. */
export const QUIET_HOURS_SHIFT = (24 - QUIET_HOURS.sendAt + QUIET_HOURS.until) * HOUR;

/**
 * When to queue a reminder, or null when it should not go: never earlier than `now` (nothing is queued in the
 * past), null when its moment passed more than REMINDER_LATE_LIMIT ago, when the visit was booked after its moment,
 * or when the visit has started.
 */
export function planReminder(visit: { startsAt: string; bookedAt: string }, name: ReminderName, now: Date): Date | null {
  const moment = reminderMoment(visit.startsAt, name);
  if (Date.parse(visit.startsAt) <= now.getTime()) return null;
  if (Date.parse(visit.bookedAt) > moment.getTime()) return null;
  if (moment.getTime() + REMINDER_LATE_LIMIT < now.getTime()) return null;
  return moment.getTime() < now.getTime() ? now : moment;
}
