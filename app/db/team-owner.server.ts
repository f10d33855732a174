import type { Executor } from "./db.server";

// A vendor is a team from its first day: its owner is the one member until others are added (docs/domain.md,
// "The team"). The seed, sign-up and a new service all go through these two, so no vendor or service is left
// without someone who performs it.

/** Adds the vendor's owner member (the vendor's own account, on the salon's hours); returns its id. */
export async function addOwnerMember(db: Executor, vendorId: number, createdAt: string): Promise<number> {
  const vendor = await db
    .selectFrom("vendors")
    .innerJoin("users", "users.id", "vendors.user_id")
    .select(["vendors.user_id", "users.first_name", "users.last_name"])
    .where("vendors.id", "=", vendorId)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto("team_members")
    .values({
      vendor_id: vendorId,
      user_id: vendor.user_id,
      name: `${vendor.first_name} ${vendor.last_name}`.trim(),
      photo: null,
      role: "owner",
      week_hours: null,
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A new service is performed by the vendor's owner, at the service's own price and duration. */
export async function giveServiceToOwner(db: Executor, vendorId: number, serviceId: number): Promise<void> {
  const owner = await db.selectFrom("team_members").select("id").where("vendor_id", "=", vendorId).where("role", "=", "owner").executeTakeFirst();
  if (!owner) return;
  await db.insertInto("team_member_services").values({ member_id: owner.id, service_id: serviceId, price_kobo: null, duration_min: null }).execute();
}
