import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { formRequest, getRequest } from "../../../tests/request";
import { run } from "../../../tests/action";
import { teamMember } from "../../../tests/staff";
import { serviceFor } from "../../../tests/team";
import { createVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// /vendor/close: the owner closes the business on Glow by typing its name; a wrong name, another role or a second
// time changes nothing.

type Answer = { errors: { name: string[] } };
const post = (fields: Record<string, string>, cookie: string) =>
  run<Answer>(() => action({ request: formRequest("/vendor/close", fields, { cookie }), params: {}, context: {} }));
const page = (cookie: string) =>
  run<{ businessName: string; closedAt: string | null; upcoming: number }>(() =>
    loader({ request: getRequest("/vendor/close", { cookie }), params: {}, context: {} }),
  );

async function withService(name: string) {
  const vendor = await createVendor(name);
  await serviceFor(vendor.vendorId, "Shape up");
  return vendor;
}

const state = async (vendorId: number) => {
  const db = await getDb();
  const vendor = await db.selectFrom("vendors").select("closed_at").where("id", "=", vendorId).executeTakeFirstOrThrow();
  const services = await db.selectFrom("services").select("status").where("vendor_id", "=", vendorId).execute();
  const audits = await db
    .selectFrom("audit_events")
    .select(["action", "detail"])
    .where("vendor_id", "=", vendorId)
    .where("action", "=", "business.close")
    .execute();
  return { closedAt: vendor.closed_at, services: services.map((s) => s.status), audits };
};

describe("/vendor/close", () => {
  test("the owner reads what happens, types the name (any case and spacing) and the business closes once, audited", async () => {
    const v = await withService("closing");
    const before = await page(v.cookie);
    expect(before.status).toBe(200);
    expect(before.data).toMatchObject({ businessName: "closing Studio", closedAt: null, upcoming: 0 });

    const done = await post({ name: "  CLOSING   studio " }, v.cookie);
    expect(done).toMatchObject({ status: 303, location: "/vendor/close" });
    const after = await state(v.vendorId);
    expect(after.closedAt).not.toBeNull();
    expect(after.services).toEqual(["retired"]);
    expect(after.audits).toEqual([{ action: "business.close", detail: "closing Studio closed with 0 visits still booked" }]);
    expect((await page(v.cookie)).data?.closedAt).toBe(after.closedAt);

    const again = await post({ name: "closing Studio" }, v.cookie);
    expect(again.status).toBe(303);
    expect(await state(v.vendorId)).toEqual(after);
  });

  test("a wrong, empty, missing or long name is a 400 that says what to type; nothing changes", async () => {
    const v = await withService("keeping");
    for (const fields of [{ name: "keeping" }, { name: "" }, {}, { name: "keeping Studio".repeat(20) }, { name: "keeping Studio!" }]) {
      const r = await post(fields as Record<string, string>, v.cookie);
      expect(r.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
      expect(r.data?.errors.name).toEqual(["Type your business's name as it shows here, “keeping Studio”, to close it."]);
    }
    // A body past the form's size is refused before it is read.
    expect((await post({ name: "keeping Studio".repeat(500) }, v.cookie)).status).toBe(413);
    expect(await state(v.vendorId)).toEqual({ closedAt: null, services: ["active"], audits: [] });
  });

  test("a manager or a stylist of the salon gets 403 on the page and the action; nothing changes", async () => {
    const v = await withService("team");
    for (const role of ["manager", "stylist"] as const) {
      const member = await teamMember(v.vendorId, role);
      expect((await page(member.cookie)).status, role).toBe(403);
      expect((await post({ name: "team Studio" }, member.cookie)).status, role).toBe(403);
    }
    expect(await state(v.vendorId)).toEqual({ closedAt: null, services: ["active"], audits: [] });
  });
});
