import { addDaysToDay, isoWeekday, lagosInstant } from "~/utils/time";
import type { AppointmentStatus } from "~/db/schema";
import type { CalendarPayment } from "~/models/money/payment-state";

export { paymentState, type CalendarPayment } from "~/models/money/payment-state";

// The calendar's pure rules (docs/domain.md, "The calendar"), read by the loader and the page alike: what a block
// is, how its payment reads, the week a day falls in, and the hours a day view spans.

/** The hours a day view shows at least (Lagos time); an earlier or later appointment or block widens it. */
export const DAY_FROM_HOUR = 8;
export const DAY_TO_HOUR = 20;

export interface CalendarBlock {
  kind: "appointment" | "time-off";
  id: number;
  memberId: number;
  startsAt: string;
  endsAt: string;
  /** Appointments only: the booking reference, the client, the service, the state and the payment. */
  ref: string | null;
  clientName: string | null;
  clientPhone: string | null;
  service: string | null;
  status: AppointmentStatus | null;
  payment: CalendarPayment | null;
  /** Time off only: its note ("Training"), and whether it covers whole days. */
  note: string | null;
  allDay: boolean;
}

export interface CalendarMember {
  id: number;
  name: string;
}

/** The Monday that starts the week of `day`. */
export function weekStart(day: string): string {
  return addDaysToDay(day, 1 - isoWeekday(day));
}

/** The hours a day view shows: DAY_FROM_HOUR..DAY_TO_HOUR, widened to cover every timed block of `day`. */
export function dayHours(day: string, blocks: CalendarBlock[]): number[] {
  let first = DAY_FROM_HOUR;
  let last = DAY_TO_HOUR;
  const start = Date.parse(lagosInstant(day, 0));
  for (const b of blocks) {
    if (b.allDay) continue;
    const from = Math.floor((Date.parse(b.startsAt) - start) / 3_600_000);
    const to = Math.ceil((Date.parse(b.endsAt) - start) / 3_600_000);
    first = Math.max(0, Math.min(first, from));
    last = Math.min(24, Math.max(last, to));
  }
  return Array.from({ length: last - first }, (_, i) => first + i);
}
