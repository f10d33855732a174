import { getDb } from "~/db/db.server";
import type { AppointmentStatus } from "~/db/schema";
import { addDaysToDay, lagosInstant } from "~/utils/time";
import { paymentState, type CalendarBlock, type CalendarMember } from "./calendar";
import { maskPhone } from "./roles";

// The salon's calendar (docs/domain.md, "The calendar"): a day with a column per member, or one member's week,
// each appointment a block with its time, client, service, state and payment, and each member's blocked time.
// Who may see which members is the caller's question: a stylist is only ever given their own member id.

/** The states a calendar shows: what holds or held a member's time; a running hold is not yet a booking. */
export const CALENDAR_STATUSES: AppointmentStatus[] = ["requested", "confirmed", "completed", "no_show"];

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
      .selectFrom("team_time_off as t")
      .innerJoin("team_members as m", "m.id", "t.member_id")
      .select(["t.id", "t.member_id", "t.starts_at", "t.ends_at", "t.all_day", "t.note"])
      .where("m.vendor_id", "=", vendorId)
      .where("t.member_id", "in", memberIds)
      .where("t.starts_at", "<", to)
      .where("t.ends_at", ">", from)
      .orderBy("t.starts_at")
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
