import { getDb } from "~/db/db.server";
import { customerMail } from "~/models/appointments/notices.server";
import { transition } from "~/models/appointments/store.server";
import { DomainError } from "~/models/refusal";
import { checkFreeSlot } from "~/models/schedule/slots.server";
import { formatDate, formatTime } from "~/utils/time";

// The salon moves a booking to another time and/or member (docs/domain.md, "The calendar"). The same rules as a
// booking, read under the vendor's booking lock (through `transition`): the member is active and performs the
// service, and the new time is one of the member's free slots (their hours, time off, other bookings), so two
// changes never take one hour. A lost race is the booking form's "just taken". The client is told by e-mail and by
// WhatsApp or SMS as they agreed to (customerMail).

export interface SalonMove {
  /** The member to move to; the appointment's own member keeps it when they are the same. */
  memberId: number;
  day: string;
  hour: number;
}

export async function moveBySalon(vendorId: number, appointmentId: number, move: SalonMove, now: Date = new Date()) {
  return transition({ vendorId }, { id: appointmentId }, async (tx, row) => {
    if (row.status !== "requested" && row.status !== "confirmed") {
      throw new DomainError("invalid", "Only a request or an upcoming appointment can be moved.");
    }
    if (row.starts_at <= now.toISOString()) throw new DomainError("invalid", "This appointment has already started, so it stays where it is.");
    const member = await tx
      .selectFrom("team_members as m")
      .innerJoin("team_member_services as ms", "ms.member_id", "m.id")
      .select(["m.id", "m.name"])
      .where("m.id", "=", move.memberId)
      .where("m.vendor_id", "=", vendorId)
      .where("m.active", "=", 1)
      .where("ms.service_id", "=", row.service_id)
      .executeTakeFirst();
    if (!member) throw new DomainError("not-found", "That member does not perform this service.", { field: "member" });
    const bookedMin = Math.round((Date.parse(row.ends_at) - Date.parse(row.starts_at)) / 60_000);
    const checked = await checkFreeSlot(tx, {
      vendorId,
      memberId: member.id,
      durationMin: Math.max(row.duration_min, bookedMin),
      day: move.day,
      hour: move.hour,
      now,
      excludeId: row.id,
    });
    if (!checked.ok) throw new DomainError(checked.reason === "taken" ? "conflict" : "invalid", checked.message, { field: "time" });
    const { slot } = checked;
    const otherMember = member.id !== row.member_id;
    if (slot.startsAt === row.starts_at && !otherMember)
      throw new DomainError("invalid", "That is the time it already has. Please pick another time.", { field: "time" });
    const toldOfMember = otherMember && row.member_chosen === 1;
    await tx
      .updateTable("appointments")
      .set({
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        member_id: member.id,
        // The salon's move is the answer to any move the customer asked for: the old time is no longer held.
        previous_starts_at: null,
        previous_ends_at: null,
        updated_at: now.toISOString(),
        ...(toldOfMember ? { member_changed_at: now.toISOString() } : {}),
      })
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .execute();
    const before = `${formatDate(row.starts_at)} at ${formatTime(row.starts_at)}`;
    const after = `${formatDate(slot.startsAt)} at ${formatTime(slot.startsAt)}`;
    const moved = { ...row, starts_at: slot.startsAt, ends_at: slot.endsAt, member_name: member.name };
    return [
      customerMail(
        moved,
        `Moved by ${row.business_name}: ${row.service_title}`,
        [
          `${row.business_name} has moved your appointment from ${before}${row.member_name ? ` with ${row.member_name}` : ""} to ${after} with ${member.name}.`,
          toldOfMember
            ? "If that doesn't suit you, you may cancel it and get back everything you paid, whatever the cancellation policy says."
            : "If that doesn't suit you, you can pick another time or cancel from your appointments.",
        ],
        now,
      ),
    ];
  });
}

export interface MovableAppointment {
  id: number;
  ref: string;
  service: string;
  clientName: string;
  startsAt: string;
  memberId: number | null;
  /** The active members who perform its service: where it may move. */
  members: { id: number; name: string }[];
}

/** A request or upcoming appointment of the vendor the salon may move, with where to; another vendor's is "not found". */
export async function movableAppointment(vendorId: number, id: number, now: Date = new Date()): Promise<MovableAppointment> {
  const db = await getDb();
  const row = await db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .select(["a.id", "a.ref", "a.service_id", "a.status", "a.starts_at", "a.member_id", "s.title", "c.first_name", "c.last_name"])
    .where("a.id", "=", id)
    .where("a.vendor_id", "=", vendorId)
    .executeTakeFirst();
  if (!row) throw new DomainError("not-found", "We couldn't find that appointment.");
  if ((row.status !== "requested" && row.status !== "confirmed") || row.starts_at <= now.toISOString()) {
    throw new DomainError("invalid", "Only a request or an upcoming appointment can be moved.");
  }
  const members = await db
    .selectFrom("team_members as m")
    .innerJoin("team_member_services as ms", "ms.member_id", "m.id")
    .select(["m.id", "m.name"])
    .where("m.vendor_id", "=", vendorId)
    .where("m.active", "=", 1)
    .where("ms.service_id", "=", row.service_id)
    .orderBy("m.sort")
    .orderBy("m.id")
    .execute();
  return {
    id: row.id,
    ref: row.ref,
    service: row.title,
    clientName: `${row.first_name} ${row.last_name}`.trim(),
    startsAt: row.starts_at,
    memberId: row.member_id,
    members,
  };
}
