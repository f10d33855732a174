import { getDb } from "~/db/db.server";
import type { TeamRole } from "./roles";

// Who acts for a vendor (docs/decisions/018-acting-member.md): the vendor's own account acts as its owner member;
// any other account acts through the one active team member linked to it, with that member's role. A member who
// is deactivated, or whose account was never linked, acts for nobody.

export interface ActingMember {
  vendorId: number;
  /** The team member the account acts as; its appointments are the member's own day. */
  memberId: number;
  teamRole: TeamRole;
}

/** The vendor and member an account acts for, or undefined when it acts for none. */
export async function actingMemberOf(userId: number): Promise<ActingMember | undefined> {
  const db = await getDb();
  const owned = await db
    .selectFrom("vendors")
    .leftJoin("team_members as m", (join) => join.onRef("m.vendor_id", "=", "vendors.id").on("m.role", "=", "owner"))
    .select(["vendors.id as vendorId", "m.id as memberId"])
    .where("vendors.user_id", "=", userId)
    .executeTakeFirst();
  // The owner keeps the vendor whatever the team says; 0018 and addOwnerMember give every vendor its owner member.
  if (owned) return { vendorId: owned.vendorId, memberId: owned.memberId ?? 0, teamRole: "owner" };
  const member = await db
    .selectFrom("team_members")
    .select(["vendor_id", "id", "role"])
    .where("user_id", "=", userId)
    .where("active", "=", 1)
    .where("role", "!=", "owner")
    .executeTakeFirst();
  return member ? { vendorId: member.vendor_id, memberId: member.id, teamRole: member.role } : undefined;
}
