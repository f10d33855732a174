import { getDb } from "~/db/db.server";
import type { AppointmentStatus } from "~/db/schema";
import { addDaysToDay, isoWeekday, lagosInstant } from "~/utils/time";
import { maskPhone } from "./roles";

// The salon's calendar (docs/domain.md, "The calendar"): a day with a column per member, or one member's week,
// each appointment a block with its time, client, service, state and payment, and each member's blocked time.
// Who may see which members is the caller's question: a stylist is only ever given their own member id.

/** The states a calendar shows: what holds or held a member's time; a running hold is not yet a booking. */
export const CALENDAR_STATUSES: AppointmentStatus[] = ["requested", "confirmed", "completed", "no_show"];

/** The hours a day view shows at least (Lagos time); an earlier or later appointment or block widens it. */
export const DAY_FROM_HOUR = 8;
export const DAY_TO_HOUR = 20;

export type CalendarPayment = "paid" | "deposit" | "unpaid" | "refunded";

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

/** How a booking's money reads on the calendar: paid online in full, a deposit paid, nothing yet, or given back. */
export function paymentState(row: { payment_status: string; deposit_kobo: number }): CalendarPayment {
  if (row.payment_status === "refunded") return "refunded";
  if (row.payment_status === "paid") return row.deposit_kobo > 0 ? "deposit" : "paid";
  return "unpaid";
}

/** The Monday that starts the week of `day`. */
export function weekStart(day: string): string {
  return addDaysToDay(day, 1 - isoWeekday(day));
}

/** The active members of a vendor, in display order; `only` narrows to one (a stylist's own). */
export async function calendarMembers(vendorId: number, only?: number): Promise<CalendarMember[]> {
  const db = await getDb();
  let query = db.selectFrom("team_members").select(["id", "name"]).where("vendor_id", "=", vendorId).where("active", "=", 1);
  if (only !== undefined) query = query.where("id", "=", only);
  return query.orderBy("sort").orderBy("id").execute();
}

/**
 * Every appointment and blocked time of `memberIds` (all of the vendor's) overlapping the Lagos days
 * [fromDay, toDay], soonest first. `maskPhones` shows clients' phones as a stylist may see them.
 */
export async function calendarBlocks(
  vendorId: number,
  memberIds: number[],
  fromDay: string,
  toDay: string,
  options: { maskPhones: boolean },
): Promise<CalendarBlock[]> {
  if (memberIds.length === 0) return [];
  const db = await getDb();
  const from = lagosInstant(fromDay, 0);
  const to = lagosInstant(addDaysToDay(toDay, 1), 0);
  const [appointments, off] = await Promise.all([
    db
      .selectFrom("appointments as a")
      .innerJoin("services as s", "s.id", "a.service_id")
      .innerJoin("users as c", "c.id", "a.customer_id")
      .select(["a.id", "a.ref", "a.member_id", "a.starts_at", "a.ends_at", "a.status", "a.payment_status", "a.deposit_kobo", "s.title"])
      .select(["c.first_name", "c.last_name", "c.phone"])
      .where("a.vendor_id", "=", vendorId)
      .where("a.member_id", "in", memberIds)
      .where("a.status", "in", CALENDAR_STATUSES)
      .where("a.starts_at", "<", to)
      .where("a.ends_at", ">", from)
      .orderBy("a.starts_at")
      .orderBy("a.id")
      .limit(500)
      .execute(),
    db
      .selectFrom("team_time_off")
      .select(["id", "member_id", "starts_at", "ends_at", "all_day", "note"])
      .where("member_id", "in", memberIds)
      .where("starts_at", "<", to)
      .where("ends_at", ">", from)
      .orderBy("starts_at")
      .limit(200)
      .execute(),
  ]);
  const blocks: CalendarBlock[] = [
    ...appointments.map((a) => ({
      kind: "appointment" as const,
      id: a.id,
      memberId: a.member_id!,
      startsAt: a.starts_at,
      endsAt: a.ends_at,
      ref: a.ref,
      clientName: `${a.first_name} ${a.last_name}`.trim(),
      clientPhone: options.maskPhones ? maskPhone(a.phone) : a.phone,
      service: a.title,
      status: a.status,
      payment: paymentState(a),
      note: null,
      allDay: false,
    })),
    ...off.map((t) => ({
      kind: "time-off" as const,
      id: t.id,
      memberId: t.member_id,
      startsAt: t.starts_at,
      endsAt: t.ends_at,
      ref: null,
      clientName: null,
      clientPhone: null,
      service: null,
      status: null,
      payment: null,
      note: t.note,
      allDay: t.all_day === 1,
    })),
  ];
  return blocks.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.kind.localeCompare(b.kind) || a.id - b.id);
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
