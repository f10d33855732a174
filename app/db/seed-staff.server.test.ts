import { describe, expect, test } from "vitest";
import { verifyPassword } from "~/utils/password.server";
import { getDb } from "./db.server";

describe("the seed's demo stylist", () => {
  test("stylist@example.com signs in with the README's password, as the demo salon's stylist Chidi Okafor, with three of its appointments, all of services he performs", async () => {
    const db = await getDb();
    const row = await db
      .selectFrom("users as u")
      .innerJoin("team_members as m", "m.user_id", "u.id")
      .innerJoin("vendors as v", "v.id", "m.vendor_id")
      .select(["u.role", "u.password_hash", "m.id", "m.name", "m.title", "m.role as teamRole", "m.active", "v.business_name"])
      .where("u.email", "=", "stylist@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      role: "vendor",
      name: "Chidi Okafor",
      title: "Nail technician",
      teamRole: "stylist",
      active: 1,
      business_name: "Ronke's Beauty Lounge",
    });
    expect(await verifyPassword("Stylist123", row.password_hash)).toBe(true);
    const own = await db.selectFrom("appointments").select("status").where("member_id", "=", row.id).orderBy("starts_at").execute();
    expect(own.map((a) => a.status)).toEqual(["confirmed", "requested", "confirmed"]);
    const services = await db.selectFrom("team_member_services").select("service_id").where("member_id", "=", row.id).execute();
    expect(services.length).toBeGreaterThan(0);
    // A nail technician's visits are of services he performs: nails, never the salon's braids.
    const visits = await db
      .selectFrom("appointments as a")
      .innerJoin("services as s", "s.id", "a.service_id")
      .select(["a.service_id", "s.title"])
      .where("a.member_id", "=", row.id)
      .execute();
    expect(visits.map((v) => services.some((s) => s.service_id === v.service_id))).toEqual([true, true, true]);
    expect(visits.map((v) => v.title).join(", ")).not.toMatch(/braid|twist|cornrow|locs/i);
  });
});
