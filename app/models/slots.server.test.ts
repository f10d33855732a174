import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { addDaysToDay, lagosInstant, lagosToday } from "~/utils/time";
import { freeSlots, slotsOfDay } from "./slots.server";

const hours = { opens_hour: 9, closes_hour: 19, open_days: "1,2,3,4,5,6" };

describe("slots", () => {
  test("hourly, inside opening hours, long enough for the service", () => {
    const monday = "2026-11-23";
    expect(slotsOfDay(hours, 60, monday).map((s) => s.label)).toEqual(["9:00 am", "10:00 am", "11:00 am", "12:00 pm", "1:00 pm", "2:00 pm", "3:00 pm", "4:00 pm", "5:00 pm", "6:00 pm"]);
    expect(slotsOfDay(hours, 150, monday).map((s) => s.hour)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect(slotsOfDay(hours, 120, monday)[0]).toMatchObject({ startsAt: "2026-11-23T08:00:00.000Z", endsAt: "2026-11-23T10:00:00.000Z" });
  });

  test("none on a day the vendor is closed", () => {
    expect(slotsOfDay(hours, 60, "2026-11-22")).toEqual([]); // a Sunday
  });

  test("a live appointment takes its hours; past hours are never offered", async () => {
    const db = await getDb();
    const vendor = await db.selectFrom("vendors").select(["id", "open_days"]).where("slug", "=", "demo-vendor").executeTakeFirstOrThrow();
    // Find the next open day at least a week out (clear of the seeded story).
    let day = addDaysToDay(lagosToday(), 14);
    while (!vendor.open_days.split(",").includes(String(new Date(`${day}T12:00:00Z`).getUTCDay() || 7))) day = addDaysToDay(day, 1);
    const before = await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day });
    expect(before.map((s) => s.hour)).toContain(11);

    const service = await db.selectFrom("services").select("id").where("vendor_id", "=", vendor.id).executeTakeFirstOrThrow();
    const customer = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db.insertInto("appointments").values({ ref: "GLW-TEST01", customer_id: customer.id, vendor_id: vendor.id, service_id: service.id, starts_at: lagosInstant(day, 11), ends_at: lagosInstant(day, 13), status: "confirmed", payment_status: "unpaid", payment_method: "vendor", total_kobo: 100, comment: null, pay_token: "t-slot-test", hold_expires_at: null, paid_by_name: null, paid_at: null, status_reason: null, created_at: now, updated_at: now }).execute();
    const after = await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day });
    expect(after.map((s) => s.hour)).not.toContain(11);
    expect(after.map((s) => s.hour)).not.toContain(12);
    expect(after.map((s) => s.hour)).toContain(13);
    // A two-hour service cannot start at 10 either: it would run into 11.
    expect((await freeSlots(db, { vendorId: vendor.id, durationMin: 120, day })).map((s) => s.hour)).not.toContain(10);

    // Today after closing time: nothing left.
    const lateToday = new Date(lagosInstant(lagosToday(), 23));
    expect(await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day: lagosToday(), now: lateToday })).toEqual([]);
  });
});
