import type { Executor } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { checkFreeSlot, daySchedule, SLOT_TAKEN_MESSAGE, type Slot } from "~/models/schedule/slots.server";
import { addDaysToDay, lagosInstant } from "~/utils/time";
import { MEMBER_NOT_OFFERED } from "./member-input";
import { liveBookingCounts, memberDuration, qualifiedMembers, type QualifiedMember } from "./members.server";

// Free times of a service per member, for showing and for accepting (docs/domain.md, "The team"): a named member's
// are theirs alone (the one slot rule of app/models/schedule/, with their hours, time off and appointments); for
// "anyone" they are the union over the qualified members. The same readings decide a booking under the lock.

/** The service as these rules need it. */
export interface ServiceChair {
  id: number;
  vendorId: number;
  durationMin: number;
}

/** A service that has no qualified member, or a named member who is not one, is not bookable. */
const NOT_BOOKABLE = "This service is not available for booking.";

/** The qualified member named by `memberId` (null: every qualified member, for "anyone"). Another vendor's member is none. */
async function membersFor(db: Executor, service: ServiceChair, memberId: number | null): Promise<QualifiedMember[]> {
  const qualified = await qualifiedMembers(db, service.id);
  if (memberId === null) return qualified;
  const member = qualified.find((m) => m.id === memberId);
  if (!member) throw new DomainError("not-found", MEMBER_NOT_OFFERED, { field: "member" });
  return [member];
}

/**
 * The free slots of a service on a day for a member or anyone, and when there are none, why. A slot of "anyone"
 * is offered when at least one qualified member has it free.
 */
export async function serviceDay(
  db: Executor,
  args: { service: ServiceChair; memberId: number | null; day: string; now?: Date; excludeId?: number; bySalon?: boolean },
): Promise<{ slots: Slot[]; reason: string | null }> {
  const members = await membersFor(db, args.service, args.memberId);
  if (members.length === 0) return { slots: [], reason: NOT_BOOKABLE };
  const byHour = new Map<number, Slot>();
  let reason: string | null = null;
  for (const member of members) {
    const day = await daySchedule(db, {
      vendorId: args.service.vendorId,
      memberId: member.id,
      durationMin: memberDuration(member, args.service.durationMin),
      day: args.day,
      now: args.now,
      bySalon: args.bySalon,
    });
    for (const slot of day.slots) if (!byHour.has(slot.hour)) byHour.set(slot.hour, slot);
    reason ??= day.reason;
  }
  const slots = [...byHour.values()].sort((a, b) => a.hour - b.hour);
  return { slots, reason: slots.length > 0 ? null : reason };
}

export interface ChosenMember {
  member: QualifiedMember;
  slot: Slot;
  /** The customer named this member (not "anyone"). */
  chosen: boolean;
}

/**
 * The member a booking at `hour` goes to, read inside the vendor's booking lock: the named one if their slot is
 * free; for "anyone", the free qualified member with the fewest live bookings that day, ties to the display order
 * (docs/decisions/017-anyone-assignment.md). Refuses with the slot rule's message; a lost race is a conflict.
 */
export async function chooseMember(
  tx: Executor,
  args: { service: ServiceChair; memberId: number | null; day: string; hour: number; now: Date; excludeId?: number; bySalon?: boolean },
): Promise<ChosenMember> {
  const members = await membersFor(tx, args.service, args.memberId);
  if (members.length === 0) throw new DomainError("not-found", NOT_BOOKABLE, { field: "service" });
  const free: { member: QualifiedMember; slot: Slot }[] = [];
  let firstRefusal: { reason: "taken" | "not-offered"; message: string } | null = null;
  let anyTaken = false;
  for (const member of members) {
    const checked = await checkFreeSlot(tx, {
      vendorId: args.service.vendorId,
      memberId: member.id,
      durationMin: memberDuration(member, args.service.durationMin),
      day: args.day,
      hour: args.hour,
      now: args.now,
      excludeId: args.excludeId,
      bySalon: args.bySalon,
    });
    if (checked.ok) free.push({ member, slot: checked.slot });
    else {
      firstRefusal ??= checked;
      if (checked.reason === "taken") anyTaken = true;
    }
  }
  if (free.length === 0) {
    // For "anyone", one member's booking at that hour means it was offered and has gone: a lost race.
    if (anyTaken) throw new DomainError("conflict", SLOT_TAKEN_MESSAGE, { field: "time" });
    throw new DomainError("invalid", firstRefusal!.message, { field: "time" });
  }
  const chosen = args.memberId !== null;
  if (free.length === 1) return { ...free[0]!, chosen };
  const counts = await liveBookingCounts(
    tx,
    free.map((f) => f.member.id),
    lagosInstant(args.day, 0),
    lagosInstant(addDaysToDay(args.day, 1), 0),
    args.now.toISOString(),
  );
  // `free` keeps the display order, so the first with the fewest bookings is the tie-break.
  let best = free[0]!;
  for (const f of free) if ((counts.get(f.member.id) ?? 0) < (counts.get(best.member.id) ?? 0)) best = f;
  return { ...best, chosen };
}
