import { getDb } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { INVITABLE_ROLES, ROLE_LABEL, type InvitableRole } from "./roles";

// The owner changes a member's role (docs/domain.md, "Roles"): Manager or Stylist. The owner's own role never
// changes: the owner is the vendor's account, and money and the team's roles stay with it.

/** Sets the role of one of the vendor's members; another vendor's member is "not found". Returns what changed. */
export async function setMemberRole(vendorId: number, memberId: number, role: InvitableRole): Promise<{ name: string; from: string; to: string } | null> {
  if (!INVITABLE_ROLES.includes(role)) throw new DomainError("invalid", "Choose Manager or Stylist.", { field: "role" });
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const member = await tx
      .selectFrom("team_members")
      .select(["id", "name", "role"])
      .where("id", "=", memberId)
      .where("vendor_id", "=", vendorId)
      .executeTakeFirst();
    if (!member) throw new DomainError("not-found", "We couldn't find that team member.");
    if (member.role === "owner") throw new DomainError("invalid", "The owner's role stays Owner.", { field: "role" });
    if (member.role === role) return null;
    await tx.updateTable("team_members").set({ role }).where("id", "=", member.id).execute();
    return { name: member.name, from: ROLE_LABEL[member.role], to: ROLE_LABEL[role] };
  });
}
