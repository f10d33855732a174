import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { suspensionOf } from "~/models/suspension/suspension.server";
import { cookieFor, get, post, run } from "../../../tests/booking-routes";
import { createVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// /admin/vendors through its loader and action as the browser calls them (docs/decisions/037-vendor-suspension.md):
// only the admin; the list searched and paged; suspending (a reason required, after a confirmation) and lifting, each
// recorded in the audit trail; bad input a 4xx that changes nothing.

const ADMIN = "admin@example.com";
const REASON = "Fake reviews posted from the salon's own phones.";

type Listed = {
  items: { id: number; businessName: string; email: string; state: string }[];
  total: number;
  pageCount: number;
  problems: string[];
  confirm: { id: number; upcoming: number; gifts: number } | null;
};
type Refused = { errors: Record<string, string[]> };

const auditOf = async (vendorId: number) =>
  (await getDb())
    .selectFrom("audit_events")
    .select(["action", "actor_role", "record_type", "record_id", "detail"])
    .where("record_type", "=", "vendor")
    .where("record_id", "=", String(vendorId))
    .orderBy("id")
    .execute();

describe(`/admin/vendors (${getDialect()})`, () => {
  test("only the admin may list, suspend or lift", async () => {
    const vendor = await createVendor("adminonly");
    expect((await run(loader, get("/admin/vendors"))).status).toBe(302);
    for (const email of ["customer@example.com", "vendor@example.com"]) {
      const cookie = await cookieFor(email);
      expect((await run(loader, get("/admin/vendors", cookie))).status).toBe(403);
      expect((await run(action, post("/admin/vendors", { intent: "suspend", vendor: String(vendor.vendorId), reason: REASON }, cookie))).status).toBe(403);
    }
    expect((await run(action, post("/admin/vendors", { intent: "suspend", vendor: String(vendor.vendorId), reason: REASON }))).status).toBe(302);
    expect(await suspensionOf(vendor.vendorId)).toBeNull();
  });

  test("searched by business name or e-mail, in any case, and paged; a page past the end is a 404", async () => {
    const admin = await cookieFor(ADMIN);
    await createVendor("zebrasearch");
    const byName = await run<Listed>(loader, get("/admin/vendors?q=ZEBRAsearch%20studio", admin));
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((v) => v.businessName)).toEqual(["zebrasearch Studio"]);
    const byEmail = await run<Listed>(loader, get("/admin/vendors?q=zebrasearch.vendor@EXAMPLE", admin));
    expect(byEmail.body.items.map((v) => v.email)).toEqual(["zebrasearch.vendor@example.com"]);
    expect((await run<Listed>(loader, get("/admin/vendors?q=%25", admin))).body.items).toEqual([]);
    const all = await run<Listed>(loader, get("/admin/vendors", admin));
    expect(all.body.items.length).toBeGreaterThan(1);
    expect(all.body.items.length).toBeLessThanOrEqual(20);
    expect(all.body.total).toBeGreaterThanOrEqual(all.body.items.length);
    expect((await run(loader, get(`/admin/vendors?page=${all.body.pageCount + 1}`, admin))).status).toBe(404);
    expect((await run(loader, get("/admin/vendors?page=abc", admin))).status).toBe(400);
  });

  test("suspend after a confirmation, with a reason; lift it; both in the audit trail; bad input a 4xx that changes nothing", async () => {
    const admin = await cookieFor(ADMIN);
    const vendor = await createVendor("adminsuspend");
    const id = String(vendor.vendorId);

    const confirm = await run<Listed>(loader, get(`/admin/vendors?q=adminsuspend&suspend=${id}`, admin));
    expect(confirm.status).toBe(200);
    expect(confirm.body.confirm).toEqual(expect.objectContaining({ id: vendor.vendorId, upcoming: 0, gifts: 0 }));
    expect((await run<Listed>(loader, get("/admin/vendors?suspend=999999999", admin))).status).toBe(404);
    expect((await run<Listed>(loader, get("/admin/vendors?suspend=abc", admin))).status).toBe(404);

    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "suspend", vendor: id }, 400, "Give the reason the vendor will read, at least 10 characters."],
      [{ intent: "suspend", vendor: id, reason: "   too short " }, 400, "Give the reason the vendor will read, at least 10 characters."],
      [{ intent: "suspend", vendor: id, reason: "x".repeat(600) }, 400, "Keep the reason under 500 characters."],
      [{ intent: "suspend", vendor: "abc", reason: REASON }, 400, "Choose a vendor, and suspend it or lift its suspension."],
      [{ intent: "ban", vendor: id, reason: REASON }, 400, "Choose a vendor, and suspend it or lift its suspension."],
      [{ intent: "suspend", vendor: "999999999", reason: REASON }, 404, "We couldn't find that vendor."],
      [{ intent: "lift", vendor: id }, 409, "adminsuspend Studio is not suspended."],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await run<Refused>(action, post(`/admin/vendors?suspend=${id}`, fields, admin));
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(Object.values(answer.body.errors).flat()).toEqual([message]);
    }
    expect(await suspensionOf(vendor.vendorId)).toBeNull();
    expect(await auditOf(vendor.vendorId)).toEqual([]);

    const suspended = await run(action, post(`/admin/vendors?q=adminsuspend&suspend=${id}`, { intent: "suspend", vendor: id, reason: REASON }, admin));
    expect(suspended.status).toBe(303);
    expect(suspended.response!.headers.get("Location")).toBe("/admin/vendors?q=adminsuspend");
    expect(await suspensionOf(vendor.vendorId)).toMatchObject({ reason: REASON });
    const listed = await run<Listed>(loader, get("/admin/vendors?q=adminsuspend", admin));
    expect(listed.body.items).toEqual([expect.objectContaining({ id: vendor.vendorId, state: "suspended" })]);
    const again = await run<Refused>(action, post("/admin/vendors", { intent: "suspend", vendor: id, reason: REASON }, admin));
    expect(again.status).toBe(409);
    expect(again.body.errors.form).toEqual(["adminsuspend Studio is already suspended."]);
    expect((await run<Listed>(loader, get(`/admin/vendors?suspend=${id}`, admin))).status).toBe(409);

    const lifted = await run(action, post("/admin/vendors", { intent: "lift", vendor: id }, admin));
    expect(lifted.status).toBe(303);
    expect(await suspensionOf(vendor.vendorId)).toBeNull();
    expect(await auditOf(vendor.vendorId)).toEqual([
      { action: "vendor.suspend", actor_role: "admin", record_type: "vendor", record_id: id, detail: REASON },
      { action: "vendor.lift", actor_role: "admin", record_type: "vendor", record_id: id, detail: "" },
    ]);
  });
});
