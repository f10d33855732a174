import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { manageToken } from "~/models/appointments/manage-link.server";
import { acceptRequest, choosePayToVendor } from "~/models/appointments/transitions.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";
import { get, post, run } from "../../../tests/booking-routes";
import { action, loader, NOT_VALID } from "./route";

// /manage/{token}: a visit seen, moved or cancelled without signing in; a forged or dead link is a clear 404.

async function confirmedVisit() {
  const vendor = await vendorBySlug();
  const customer = await createCustomer("Ngozi");
  const day = freshOpenDay(vendor.open_days);
  const { ref } = await hold(customer.id, (await featuredService()).id, day, 10);
  await choosePayToVendor(customer.id, ref, null);
  const row = await appointmentByRef(ref);
  await acceptRequest(vendor.id, row.id);
  return { customer, ref, id: row.id, day, token: manageToken(row.id) };
}

type Page = {
  visit: { ref: string; status: string; changeable: boolean; policy: string };
  reschedule: { day: string | null; slots: { hour: number }[] } | null;
};

describe("/manage/{token}", () => {
  test("shows the visit, with no sign-in", async () => {
    const v = await confirmedVisit();
    const page = await run<Page>(loader, get(`/manage/${v.token}`), { token: v.token });
    expect(page.status).toBe(200);
    expect(page.body.visit).toMatchObject({ ref: v.ref, status: "Confirmed", changeable: true });
    expect(page.body.visit.policy).toMatch(/Nothing has been paid/);
  });

  test("a forged, altered or malformed token, or one for a visit that has ended, is a 404 that says so", async () => {
    const v = await confirmedVisit();
    const [id, signature] = v.token.split(".");
    const otherId = `${Number(id) + 1}.${signature}`;
    for (const token of [otherId, `${id}.${"A".repeat(12)}`, `${id}.${signature}x`, "", "1", "../etc", "%00", "9".repeat(40)]) {
      const page = await run(loader, get(`/manage/${encodeURIComponent(token)}`), { token });
      expect(page.status).toBe(404);
      expect(await page.response!.text()).toBe(NOT_VALID);
      expect((await run(action, post(`/manage/x`, { intent: "cancel" }), { token })).status).toBe(404);
    }
    // The visit ends: its link dies.
    const db = await getDb();
    await db
      .updateTable("appointments")
      .set({ starts_at: new Date(Date.now() - 3 * 3600_000).toISOString(), ends_at: new Date(Date.now() - 3600_000).toISOString() })
      .where("id", "=", v.id)
      .execute();
    expect((await run(loader, get(`/manage/${v.token}`), { token: v.token })).status).toBe(404);
    expect((await appointmentByRef(v.ref)).status).toBe("confirmed");
  });

  test("cancel through the link: cancelled under the policy, and the page then offers no change", async () => {
    const v = await confirmedVisit();
    const done = await run(action, post(`/manage/${v.token}`, { intent: "cancel" }), { token: v.token });
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe(`/manage/${v.token}`);
    expect((await appointmentByRef(v.ref)).status).toBe("cancelled");
    const page = await run<Page>(loader, get(`/manage/${v.token}`), { token: v.token });
    expect(page.body.visit).toMatchObject({ status: "Cancelled", changeable: false });
    const twice = await run(action, post(`/manage/${v.token}`, { intent: "cancel" }), { token: v.token });
    expect(twice.status).toBe(400);
    expect((await appointmentByRef(v.ref)).status).toBe("cancelled");
  });

  test("reschedule through the link: free times of a day (GET), then a move the vendor confirms", async () => {
    const v = await confirmedVisit();
    const page = await run<Page>(loader, get(`/manage/${v.token}?rdate=${v.day}`), { token: v.token });
    expect(page.body.reschedule?.day).toBe(v.day);
    const hour = page.body.reschedule!.slots.find((s) => s.hour !== 10)!.hour;
    const moved = await run(action, post(`/manage/${v.token}`, { intent: "reschedule", date: v.day, time: String(hour) }), { token: v.token });
    expect(moved.status).toBe(303);
    const row = await appointmentByRef(v.ref);
    expect(row.status).toBe("requested");
    expect(row.previous_starts_at).not.toBeNull();
  });

  test("bad input gets a 400 and changes nothing", async () => {
    const v = await confirmedVisit();
    const bad: Record<string, string>[] = [
      {},
      { intent: "delete" },
      { intent: "reschedule", date: "not a day", time: "10" },
      { intent: "reschedule", date: v.day, time: "99" },
    ];
    for (const fields of bad) {
      const outcome = await run(action, post(`/manage/${v.token}`, fields), { token: v.token });
      expect(outcome.status).toBe(400);
    }
    expect((await run(loader, get(`/manage/${v.token}?rdate=yesterdayish`), { token: v.token })).status).toBe(400);
    expect((await appointmentByRef(v.ref)).status).toBe("confirmed");
  });
});
