import { DomainError } from "~/models/refusal";
import { addDaysToDay, lagosInstant, lagosToday } from "~/utils/time";
import { BLOCK_DAYS_AHEAD } from "./own-day.server";
import { addMemberTimeOff, BookingsInTheWay } from "./time-off.server";

// Blocking hours from the calendar (docs/domain.md, "The calendar"): time off with a start and an end hour on one
// Lagos day, e.g. 1–3 pm for a training. It is the same time off the free-time function reads
// (app/models/schedule/slots.server.ts), so online booking never offers a blocked hour; whole days stay as they are.

export interface HoursToBlock {
  day: string;
  fromHour: number;
  toHour: number;
  note: string;
}

/**
 * Blocks `fromHour`..`toHour` of `day` for a member of the vendor. Refused in the past, beyond BLOCK_DAYS_AHEAD, or
 * over a live booking, naming each booking in the way (a block never cancels one: it is moved first).
 */
export async function blockHours(vendorId: number, memberId: number, input: HoursToBlock, now: Date = new Date()): Promise<void> {
  if (!Number.isInteger(input.fromHour) || !Number.isInteger(input.toHour) || input.fromHour < 0 || input.toHour > 24 || input.fromHour >= input.toHour) {
    throw new DomainError("invalid", "The end comes after the start.", { field: "to_hour" });
  }
  if (input.day > addDaysToDay(lagosToday(now), BLOCK_DAYS_AHEAD)) {
    throw new DomainError("invalid", `You can block time up to ${BLOCK_DAYS_AHEAD} days ahead.`, { field: "day" });
  }
  const startsAt = lagosInstant(input.day, input.fromHour);
  const endsAt = lagosInstant(input.day, input.toHour);
  if (endsAt <= now.toISOString()) throw new DomainError("invalid", "That time has already passed.", { field: "day" });
  try {
    await addMemberTimeOff(vendorId, memberId, { startsAt, endsAt, allDay: false, note: input.note }, now);
  } catch (error) {
    if (!(error instanceof BookingsInTheWay)) throw error;
    const named = error.bookings.map((b) => `${b.serviceTitle} for ${b.customerName} at ${b.when} (${b.ref})`).join("; ");
    throw new DomainError(
      "conflict",
      `That time has ${error.bookings.length === 1 ? "a booking" : `${error.bookings.length} bookings`}: ${named}. Move ${error.bookings.length === 1 ? "it" : "them"} first, then block the time.`,
      {
        field: "day",
      },
    );
  }
}
