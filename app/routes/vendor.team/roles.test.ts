import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { get, post, run } from "../../../tests/booking-routes";
import { teamMember } from "../../../tests/staff";
import { createVendor, demoVendor } from "../../../tests/vendor";
import { ownerMemberOf } from "../../../tests/team";
import { loader as activityLoader } from "../vendor.activity";
import { action, loader } from "./route";

// The owner changes a member's role on /vendor/team (docs/domain.md, "Roles"): Manager or Stylist, never the
// owner's own; each change is in the audit trail. Bad input is answered on the page and changes nothing.

type Answer = { errors: Record<string, string[]> };
const send = (cookie: string, fields: Record<string, string>) => run<Answer>(action, post("/vendor/team", { intent: "role", ...fields }, cookie));

describe(`changing a member's role (${getDialect()})`, () => {
  test("the owner makes a stylist a manager and back; each change is audited; the page offers it to the owner only", async () => {
    const owner = await demoVendor();
    const member = await teamMember(owner.vendorId, "stylist", "Ifeoma Rise");
    const db = await getDb();
    const roleOf = async () => (await db.selectFrom("team_members").select("role").where("id", "=", member.memberId).executeTakeFirstOrThrow()).role;

    expect((await run<{ canSetRoles: boolean }>(loader, get("/vendor/team", owner.cookie))).body.canSetRoles).toBe(true);
    const promoted = await send(owner.cookie, { member: String(member.memberId), role: "manager" });
    expect(promoted.status).toBe(303);
    expect(await roleOf()).toBe("manager");
    const audit = await db
      .selectFrom("audit_events")
      .select(["action", "record_type", "record_id", "vendor_id", "detail", "actor_id"])
      .where("action", "=", "team.role")
      .where("record_id", "=", String(member.memberId))
      .execute();
    expect(audit).toEqual([
      {
        action: "team.role",
        record_type: "team-member",
        record_id: String(member.memberId),
        vendor_id: owner.vendorId,
        detail: "Ifeoma Rise: Stylist to Manager",
        actor_id: owner.userId,
      },
    ]);
    // The owner reads it on their activity page.
    const activity = await run<{ rows: { label: string; detail: string }[] }>(activityLoader, get("/vendor/activity", owner.cookie));
    expect(activity.body.rows[0]).toMatchObject({ label: "Changed a team member's role", detail: "Ifeoma Rise: Stylist to Manager" });
    // Now a manager: they run the team but see no role controls, and cannot use them.
    expect((await run<{ canSetRoles: boolean; canInvite: boolean }>(loader, get("/vendor/team", member.cookie))).body).toMatchObject({
      canSetRoles: false,
      canInvite: true,
    });
    expect((await send(member.cookie, { member: String(member.memberId), role: "stylist" })).status).toBe(403);
    expect(await roleOf()).toBe("manager");

    expect((await send(owner.cookie, { member: String(member.memberId), role: "stylist" })).status).toBe(303);
    expect(await roleOf()).toBe("stylist");
  });

  test("the owner's own role, an unknown role, another vendor's member: refused on the page, nothing changes", async () => {
    const owner = await demoVendor();
    const member = await teamMember(owner.vendorId, "stylist", "Ngozi Stay");
    const ownerMember = await ownerMemberOf(owner.vendorId);
    const stranger = await ownerMemberOf((await createVendor("roles-route")).vendorId);
    const db = await getDb();
    const before = await db.selectFrom("team_members").select(["id", "role"]).orderBy("id").execute();
    const audited = async () => (await db.selectFrom("audit_events").select("id").where("action", "=", "team.role").execute()).length;
    const auditedBefore = await audited();

    const own = await send(owner.cookie, { member: String(ownerMember), role: "manager" });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual({ role: ["The owner's role stays Owner."] });
    for (const role of ["owner", "admin", ""]) {
      const bad = await send(owner.cookie, { member: String(member.memberId), role });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ role: ["Choose Manager or Stylist."] });
    }
    const foreign = await send(owner.cookie, { member: String(stranger), role: "stylist" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors).toEqual({ "": ["We couldn't find that team member."] });
    expect((await send(owner.cookie, { member: "abc", role: "stylist" })).status).toBe(404);

    expect(await db.selectFrom("team_members").select(["id", "role"]).orderBy("id").execute()).toEqual(before);
    expect(await audited()).toBe(auditedBefore);
  });
});
