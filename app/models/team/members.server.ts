import type { Executor } from "~/db/db.server";

// Who performs a service (docs/domain.md, "The team"): the vendor's members who are active, bookable online, and
// perform it, in the owner's display order, with their own price and duration when they have one.

export interface QualifiedMember {
  id: number;
  name: string;
  title: string;
  photo: string | null;
  sort: number;
  /** The member's own price for the service; null: the service's own. */
  priceKobo: number | null;
  /** The member's own duration for the service; null: the service's own. */
  durationMin: number | null;
}

/** The members a customer may book for a service, in display order (sort, then id). */
export async function qualifiedMembers(db: Executor, serviceId: number): Promise<QualifiedMember[]> {
  const rows = await db
    .selectFrom("team_member_services as ms")
    .innerJoin("team_members as m", "m.id", "ms.member_id")
    .innerJoin("services as s", "s.id", "ms.service_id")
    .select(["m.id", "m.name", "m.title", "m.photo", "m.sort", "ms.price_kobo", "ms.duration_min"])
    .where("ms.service_id", "=", serviceId)
    // The member's vendor must be the service's: a row pointing across vendors grants nothing.
    .whereRef("m.vendor_id", "=", "s.vendor_id")
    .where("m.active", "=", 1)
    .where("m.bookable", "=", 1)
    .orderBy("m.sort")
    .orderBy("m.id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, title: r.title, photo: r.photo, sort: r.sort, priceKobo: r.price_kobo, durationMin: r.duration_min }));
}

/** The duration a member needs for a service: their own, else the service's. */
export function memberDuration(member: Pick<QualifiedMember, "durationMin">, serviceDurationMin: number): number {
  return member.durationMin ?? serviceDurationMin;
}

/** How many live appointments (held with a running hold, requested, confirmed) each member has on [from, to). */
export async function liveBookingCounts(db: Executor, memberIds: number[], from: string, to: string, now: string): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("appointments")
    .select(["member_id", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("member_id", "in", memberIds)
    .where("starts_at", ">=", from)
    .where("starts_at", "<", to)
    .where("status", "in", ["held", "requested", "confirmed"])
    .where((eb) => eb.or([eb("status", "!=", "held"), eb("hold_expires_at", ">", now)]))
    .groupBy("member_id")
    .execute();
  return new Map(rows.map((r) => [r.member_id!, Number(r.n)]));
}

export interface MemberName {
  id: number;
  name: string;
}

/** Every member of the vendor, deactivated ones too (their history stays in lists and reports), in display order. */
export async function teamNames(db: Executor, vendorId: number): Promise<MemberName[]> {
  return db.selectFrom("team_members").select(["id", "name"]).where("vendor_id", "=", vendorId).orderBy("sort").orderBy("id").execute();
}
