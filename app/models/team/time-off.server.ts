import { getDb, type Executor } from "~/db/db.server";
import { customerMail } from "~/models/appointments/notices.server";
import { effectiveStatus } from "~/models/appointments/rules.server";
import { transition } from "~/models/appointments/store.server";
import { DomainError } from "~/models/refusal";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { overlappingAppointments } from "~/models/schedule/slots.server";
import { formatDate, formatTime } from "~/utils/time";
import { futureBookingsOf, type FutureBooking } from "./edit-team.server";

// A member's time off, and moving an appointment from one member to another (docs/domain.md, "The team"). Time off
// that covers live bookings is refused with the list of them: each must be moved to another free member or
// cancelled first (with the refund the rules give), so nothing is ever cancelled silently.

export const MAX_TIME_OFF_ENTRIES = 100;
export const MAX_TIME_OFF_DAYS = 366;
export const NOTE_MAX = 60;

export interface MemberTimeOff {
  id: number;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  note: string;
}

/** The member's time off from now on. */
export async function timeOffOf(vendorId: number, memberId: number, now: Date = new Date()): Promise<MemberTimeOff[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("team_time_off as t")
    .innerJoin("team_members as m", "m.id", "t.member_id")
    .select(["t.id", "t.starts_at", "t.ends_at", "t.all_day", "t.note"])
    .where("m.vendor_id", "=", vendorId)
    .where("t.member_id", "=", memberId)
    .where("t.ends_at", ">", now.toISOString())
    .orderBy("t.starts_at")
    .execute();
  return rows.map((r) => ({ id: r.id, startsAt: r.starts_at, endsAt: r.ends_at, allDay: r.all_day === 1, note: r.note }));
}

/** A refusal that lists the bookings in the way, for the owner to move or cancel. */
export class BookingsInTheWay extends DomainError {
  constructor(
    message: string,
    readonly bookings: FutureBooking[],
  ) {
    super("conflict", message);
  }
}

/**
 * Adds time off [startsAt, endsAt) for a member of the vendor. Refused (BookingsInTheWay) while it covers live
 * bookings of that member; nothing is moved or cancelled here.
 */
export async function addMemberTimeOff(
  vendorId: number,
  memberId: number,
  off: { startsAt: string; endsAt: string; allDay: boolean; note: string },
  now: Date = new Date(),
): Promise<void> {
  if (off.endsAt <= off.startsAt) throw new DomainError("invalid", "The end of the time off comes after its start.");
  if (off.endsAt <= now.toISOString()) throw new DomainError("invalid", "Time off must end in the future.");
  if (Date.parse(off.endsAt) - Date.parse(off.startsAt) > MAX_TIME_OFF_DAYS * 86_400_000) {
    throw new DomainError("invalid", `Time off lasts at most ${MAX_TIME_OFF_DAYS} days at once.`);
  }
  if (off.note.length > NOTE_MAX) throw new DomainError("invalid", `Keep the note under ${NOTE_MAX} characters.`);
  await withBookingLock({ vendorId }, async (tx) => {
    const member = await tx.selectFrom("team_members").select(["id", "name"]).where("id", "=", memberId).where("vendor_id", "=", vendorId).executeTakeFirst();
    if (!member) throw new DomainError("not-found", "We couldn't find that team member.");
    const planned = await tx
      .selectFrom("team_time_off")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("member_id", "=", memberId)
      .where("ends_at", ">", now.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(planned.n) >= MAX_TIME_OFF_ENTRIES) throw new DomainError("invalid", `At most ${MAX_TIME_OFF_ENTRIES} time off entries can be planned at once.`);
    const inTheWay = await futureBookingsOf(tx, memberId, now, off.endsAt, off.startsAt);
    if (inTheWay.length > 0) {
      throw new BookingsInTheWay(
        `${member.name} has ${inTheWay.length === 1 ? "1 booking" : `${inTheWay.length} bookings`} in that time. Move each to another member or cancel it first; then add the time off.`,
        inTheWay,
      );
    }
    await tx
      .insertInto("team_time_off")
      .values({ member_id: memberId, starts_at: off.startsAt, ends_at: off.endsAt, all_day: off.allDay ? 1 : 0, note: off.note, created_at: now.toISOString() })
      .execute();
  });
}

/** Removes a time off entry of one of the vendor's members (another vendor's is "not found"). */
export async function removeMemberTimeOff(vendorId: number, timeOffId: number): Promise<void> {
  await withBookingLock({ vendorId }, async (tx) => {
    const row = await tx
      .selectFrom("team_time_off as t")
      .innerJoin("team_members as m", "m.id", "t.member_id")
      .select("t.id")
      .where("t.id", "=", timeOffId)
      .where("m.vendor_id", "=", vendorId)
      .executeTakeFirst();
    if (!row) throw new DomainError("not-found", "We couldn't find that time off.");
    await tx.deleteFrom("team_time_off").where("id", "=", timeOffId).execute();
  });
}

/** Whether the member has nothing else at [from, to): no live appointment (but `excludeId`) and no time off. */
async function memberFreeAt(tx: Executor, vendorId: number, memberId: number, from: string, to: string, now: Date, excludeId: number): Promise<boolean> {
  const member = await tx.selectFrom("team_members").select(["id", "role", "week_hours"]).where("id", "=", memberId).executeTakeFirstOrThrow();
  const busy = await overlappingAppointments(
    tx,
    vendorId,
    { id: member.id, isOwner: member.role === "owner", weekHours: member.week_hours },
    from,
    to,
    now.toISOString(),
    excludeId,
  ).execute();
  if (busy.length > 0) return false;
  const off = await tx
    .selectFrom("team_time_off")
    .select("id")
    .where("member_id", "=", memberId)
    .where("starts_at", "<", to)
    .where("ends_at", ">", from)
    .execute();
  return off.length === 0;
}

/**
 * The salon moves an upcoming appointment to another member who performs the service and is free then. A customer
 * who had chosen the first member is told, and may cancel with everything paid back whatever the policy.
 */
export async function reassignAppointment(vendorId: number, ref: string, toMemberId: number, now: Date = new Date()): Promise<void> {
  await transition({ vendorId }, { ref }, async (tx, row) => {
    const status = effectiveStatus(row, now);
    if (status !== "held" && status !== "requested" && status !== "confirmed") {
      throw new DomainError("conflict", "Only an upcoming appointment can move to another member.");
    }
    if (row.starts_at <= now.toISOString()) throw new DomainError("invalid", "This appointment has already started, so it stays with its member.");
    if (row.member_id === toMemberId) throw new DomainError("invalid", "The appointment is already with that member.");
    const to = await tx
      .selectFrom("team_members as m")
      .innerJoin("team_member_services as ms", "ms.member_id", "m.id")
      .select(["m.id", "m.name"])
      .where("m.id", "=", toMemberId)
      .where("m.vendor_id", "=", vendorId)
      .where("m.active", "=", 1)
      .where("ms.service_id", "=", row.service_id)
      .executeTakeFirst();
    if (!to) throw new DomainError("not-found", "That member does not perform this service.");
    if (!(await memberFreeAt(tx, vendorId, to.id, row.starts_at, row.ends_at, now, row.id))) {
      throw new DomainError("conflict", `${to.name} is not free at that time. Please choose someone else.`);
    }
    const toldCustomer = row.member_chosen === 1;
    await tx
      .updateTable("appointments")
      .set({ member_id: to.id, updated_at: now.toISOString(), ...(toldCustomer ? { member_changed_at: now.toISOString() } : {}) })
      .where("id", "=", row.id)
      .execute();
    if (!toldCustomer) return [];
    return [
      customerMail(row, `New stylist: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `${row.business_name} has moved your appointment on ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)} from ${row.member_name ?? "the stylist you chose"} to ${to.name}.`,
        "If that doesn't suit you, you may cancel it and get back everything you paid, whatever the cancellation policy says.",
      ]),
    ];
  });
}
