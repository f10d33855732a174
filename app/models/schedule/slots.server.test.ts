import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { addDaysToDay, lagosInstant, lagosToday } from "~/utils/time";
import { checkFreeSlot, freeSlots, readBookingDay } from "./slots.server";
import { saveWeek, addTimeOff } from "./edit-schedule.server";
import { SLOT_TAKEN_MESSAGE } from "./schedule-rules";

// The database side of the one slot rule: the stored schedule, days off and appointments (the rule itself is
// tested in models/schedule/schedule-rules.test.ts). Time is passed in.

describe("slots from the database", () => {
  test("a live appointment takes its hours; past hours are never offered; showing and accepting agree", async () => {
    const db = await getDb();
    const vendor = await db.selectFrom("vendors").select(["id", "open_days"]).where("slug", "=", "demo-vendor").executeTakeFirstOrThrow();
    // Find the next open day at least two weeks out (clear of the seeded story).
    let day = addDaysToDay(lagosToday(), 14);
    while (!vendor.open_days.split(",").includes(String(new Date(`${day}T12:00:00Z`).getUTCDay() || 7))) day = addDaysToDay(day, 1);
    const before = await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day });
    expect(before.map((s) => s.hour)).toContain(11);

    const service = await db.selectFrom("services").select("id").where("vendor_id", "=", vendor.id).executeTakeFirstOrThrow();
    const customer = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("appointments")
      .values({
        ref: "GLW-TEST01",
        customer_id: customer.id,
        vendor_id: vendor.id,
        service_id: service.id,
        starts_at: lagosInstant(day, 11),
        ends_at: lagosInstant(day, 13),
        status: "confirmed",
        payment_status: "unpaid",
        payment_method: "vendor",
        total_kobo: 100,
        comment: null,
        pay_token: "t-slot-test",
        hold_expires_at: null,
        paid_by_name: null,
        paid_at: null,
        status_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const after = await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day });
    expect(after.map((s) => s.hour)).not.toContain(11);
    expect(after.map((s) => s.hour)).not.toContain(12);
    expect(after.map((s) => s.hour)).toContain(13);
    // A two-hour service cannot start at 10 either: it would run into 11.
    expect((await freeSlots(db, { vendorId: vendor.id, durationMin: 120, day })).map((s) => s.hour)).not.toContain(10);
    expect(await checkFreeSlot(db, { vendorId: vendor.id, durationMin: 120, day, hour: 10, now: new Date() })).toEqual({
      ok: false,
      reason: "taken",
      message: SLOT_TAKEN_MESSAGE,
    });
    for (let hour = 0; hour < 24; hour++) {
      const accepted = "slot" in (await checkFreeSlot(db, { vendorId: vendor.id, durationMin: 60, day, hour, now: new Date() }));
      expect(accepted).toBe(after.some((s) => s.hour === hour));
    }

    // Today after closing time: nothing left.
    const lateToday = new Date(lagosInstant(lagosToday(), 23));
    expect(await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day: lagosToday(), now: lateToday })).toEqual([]);
  });

  test("the stored week with a break, and days off, as of a given now", async () => {
    const db = await getDb();
    const vendor = await db.selectFrom("vendors").select("id").where("slug", "=", "demo-vendor").executeTakeFirstOrThrow();
    const now = new Date(lagosInstant("2027-01-03", 20)); // a Sunday evening, clear of the seeded story
    await saveWeek(vendor.id, [{ day: 1, opens: 10, closes: 16, breakStarts: 12, breakEnds: 13 }], now);
    expect((await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day: "2027-01-04", now })).map((s) => s.hour)).toEqual([10, 11, 13, 14, 15]);
    expect(await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day: "2027-01-05", now })).toEqual([]);
    await addTimeOff(vendor.id, { startsOn: "2027-01-11", endsOn: "2027-01-11", note: "Public holiday" }, now);
    expect(await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day: "2027-01-11", now })).toEqual([]);
    expect(await freeSlots(db, { vendorId: vendor.id, durationMin: 60, day: "2027-01-18", now })).toHaveLength(5);
    expect(await checkFreeSlot(db, { vendorId: vendor.id, durationMin: 60, day: "2027-01-11", hour: 10, now })).toEqual({
      ok: false,
      reason: "not-offered",
      message: "Ronke's Beauty Lounge is closed on Jan 11, 2027 (Public holiday). Please choose another day.",
    });
  });
});

describe("a chosen booking day", () => {
  test("reads as a day, or as why it is none with the sentence shown beside the date", () => {
    const now = new Date(lagosInstant("2027-01-04", 12));
    expect(readBookingDay("tomorrow", now)).toEqual({ ok: true, day: "2027-01-05" });
    expect(readBookingDay("Jan 4, 2027", now)).toEqual({ ok: true, day: "2027-01-04" });
    expect(readBookingDay("not a date", now)).toEqual({ ok: false, reason: "unreadable", message: "Date input not valid." });
    // A past day gets the same sentence as one that cannot be read.
    expect(readBookingDay("2027-01-03", now)).toEqual({ ok: false, reason: "past", message: "Date input not valid." });
    expect(readBookingDay(addDaysToDay("2027-01-04", 365), now)).toMatchObject({ ok: true });
    expect(readBookingDay(addDaysToDay("2027-01-04", 366), now)).toEqual({
      ok: false,
      reason: "too-far",
      message: "Bookings open at most 365 days ahead. Please choose an earlier date.",
    });
  });
});
