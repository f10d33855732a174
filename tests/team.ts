import { getDb } from "~/db/db.server";
import { addMember, type MemberInput } from "~/models/team/edit-team.server";
import { createHold } from "~/models/booking/hold.server";
import { newKey } from "./booking";

// Factories for team tests: members of a vendor, the owner member, and bookings of a member or of anyone.

export async function ownerMemberOf(vendorId: number): Promise<number> {
  const db = await getDb();
  return (await db.selectFrom("team_members").select("id").where("vendor_id", "=", vendorId).where("role", "=", "owner").executeTakeFirstOrThrow()).id;
}

/** A member performing `serviceIds` at their own price and duration (null: the service's), on the salon's hours by default. */
export async function addStylist(vendorId: number, name: string, serviceIds: number[], extra: Partial<MemberInput> = {}): Promise<number> {
  return addMember(vendorId, {
    name,
    title: "Stylist",
    bookable: true,
    week: null,
    services: serviceIds.map((serviceId) => ({ serviceId, priceKobo: null, durationMin: null })),
    ...extra,
  });
}

/** Step 1 of a booking with a named member, or anyone (null). */
export async function holdWith(customerId: number, serviceId: number, day: string, hour: number, memberId: number | null) {
  return createHold({ customerId, serviceId, day, hour, materialIds: [], idempotencyKey: newKey(), memberId });
}

export async function memberOfRef(ref: string) {
  const db = await getDb();
  return db.selectFrom("appointments").select(["member_id", "member_chosen", "total_kobo"]).where("ref", "=", ref).executeTakeFirstOrThrow();
}

/** An active service of `vendorId`, copied from a seeded one of `group` (a new vendor has none). */
export async function serviceFor(vendorId: number, title: string, group = "Hair"): Promise<number> {
  const db = await getDb();
  const {
    id: _id,
    key: _key,
    revision_of: _rev,
    recommendations: _rec,
    ...row
  } = await db.selectFrom("services").selectAll().where("group_name", "=", group).where("status", "=", "active").orderBy("id").executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto("services")
    .values({ ...row, key: null, vendor_id: vendorId, title, rating_count: 0, rating_sum: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
