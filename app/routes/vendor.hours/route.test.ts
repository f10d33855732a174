import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { choosePayToVendor } from "~/models/appointments/transitions.server";
import { searchServices } from "~/models/catalogue/search.server";
import { freeSlots } from "~/models/schedule/slots.server";
import { policyLine } from "~/models/schedule/edit-schedule.server";
import { addDaysToDay, isoWeekday, lagosToday } from "~/utils/time";
import { createCustomer, featuredService, hold } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { createVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// The vendor's hours page through its loader and action, and what its changes do to the one slot rule: the
// service page, search and every booking check read the same schedule.

type Page = {
  week: { day: number; opens: number; closes: number; breakStarts: number | null; breakEnds: number | null }[];
  timeOff: { id: number; startsOn: string; endsOn: string; note: string }[];
  rules: { minNoticeMinutes: number; maxDaysAhead: number; autoAccept: boolean; cancellationPolicy: string; depositPercent: number };
  outside: { ref: string; when: string }[];
};

/** The week form as the page sends it: Monday..Saturday 9-19 unless `change` says otherwise. */
function weekFields(change: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = { intent: "week" };
  for (let d = 1; d <= 7; d++) {
    if (d <= 6) fields[`open_${d}`] = "on";
    fields[`opens_${d}`] = "9";
    fields[`closes_${d}`] = "19";
    fields[`break_starts_${d}`] = "";
    fields[`break_ends_${d}`] = "";
  }
  Object.assign(fields, change);
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

const nextWeekday = (weekday: number, ahead = 20) => {
  let day = addDaysToDay(lagosToday(), ahead);
  while (isoWeekday(day) !== weekday) day = addDaysToDay(day, 1);
  return day;
};

describe("/vendor/hours", () => {
  test("only vendors: a customer gets 403, a visitor is sent to sign in", async () => {
    expect((await run(loader, get("/vendor/hours", await cookieFor("customer@example.com")))).status).toBe(403);
    expect((await run(loader, get("/vendor/hours"))).status).toBe(302);
    expect((await run(action, post("/vendor/hours", weekFields(), await cookieFor("customer@example.com")))).status).toBe(403);
  });

  test("shows the demo vendor's seeded hours and the default rules", async () => {
    const page = await run<Page>(loader, get("/vendor/hours", await cookieFor("vendor@example.com")));
    expect(page.body.week.map((h) => h.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(page.body.week[0]).toEqual({ day: 1, opens: 9, closes: 19, breakStarts: null, breakEnds: null });
    expect(page.body.rules).toEqual({
      minNoticeMinutes: 120,
      maxDaysAhead: 90,
      autoAccept: false,
      cancellationPolicy: "flexible",
      depositPercent: 0,
      noShowGraceMinutes: 15,
    });
  });

  test("closing Mondays removes Monday's slots everywhere, moves no appointment, and lists the one left outside", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const service = await featuredService();
    const monday = nextWeekday(1);
    const customer = await createCustomer("Monday");
    const { ref } = await hold(customer.id, service.id, monday, 10);
    await choosePayToVendor(customer.id, ref, null);
    const db = await getDb();
    const before = await db.selectFrom("appointments").select(["starts_at", "status"]).where("ref", "=", ref).executeTakeFirstOrThrow();
    expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 120, day: monday })).not.toEqual([]);

    const saved = await run(action, post("/vendor/hours", weekFields({ open_1: undefined, break_starts_2: "13", break_ends_2: "14" }), cookie));
    expect(saved.status).toBe(303);
    expect(saved.response?.headers.get("Location")).toBe("/vendor/hours");

    expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 120, day: monday })).toEqual([]);
    const tuesday = addDaysToDay(monday, 1);
    expect((await freeSlots(db, { vendorId: service.vendor_id, durationMin: 60, day: tuesday })).map((s) => s.hour)).toEqual([
      9, 10, 11, 12, 14, 15, 16, 17, 18,
    ]);
    // Search "open on" that Monday no longer finds the vendor's braids; Tuesday still does.
    const titles = async (day: string) => (await searchServices({ term: "braids", day, page: 1, viewerId: null })).cards.map((c) => c.vendorName);
    expect(await titles(monday)).not.toContain("Ronke's Beauty Lounge");
    expect(await titles(tuesday)).toContain("Ronke's Beauty Lounge");
    // Booking a Monday is refused by the same rule.
    const other = await createCustomer("Late");
    await expect(hold(other.id, service.id, nextWeekday(1, 40), 10)).rejects.toThrow("Ronke's Beauty Lounge is closed on Mondays. Please choose another day.");

    const after = await db.selectFrom("appointments").select(["starts_at", "status"]).where("ref", "=", ref).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const page = await run<Page>(loader, get("/vendor/hours", cookie));
    expect(page.body.week.map((h) => h.day)).toEqual([2, 3, 4, 5, 6]);
    expect(page.body.outside.map((a) => a.ref)).toContain(ref);
    const summary = await db.selectFrom("vendors").select(["open_days"]).where("id", "=", service.vendor_id).executeTakeFirstOrThrow();
    expect(summary.open_days).toBe("2,3,4,5,6");

    // Opening Mondays again brings the slots back.
    expect((await run(action, post("/vendor/hours", weekFields(), cookie))).status).toBe(303);
    expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 60, day: nextWeekday(1, 50) })).toHaveLength(10);
  });

  test("a holiday (a range with a note) empties its days; removing it frees them again", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const service = await featuredService();
    const db = await getDb();
    const from = nextWeekday(3, 60);
    const to = addDaysToDay(from, 1);
    const added = await run(action, post("/vendor/hours", { intent: "time_off", starts_on: from, ends_on: to, note: "Public holiday" }, cookie));
    expect(added.status).toBe(303);
    for (const day of [from, to]) expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 60, day })).toEqual([]);
    expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 60, day: addDaysToDay(from, 2) })).not.toEqual([]);
    expect((await searchServices({ term: "braids", day: from, page: 1, viewerId: null })).cards.map((c) => c.vendorName)).not.toContain(
      "Ronke's Beauty Lounge",
    );
    const other = await createCustomer("Holiday");
    await expect(hold(other.id, service.id, from, 10)).rejects.toThrow(/is closed on .* \(Public holiday\)/);

    const page = await run<Page>(loader, get("/vendor/hours", cookie));
    const entry = page.body.timeOff.find((t) => t.startsOn === from)!;
    expect(entry).toMatchObject({ endsOn: to, note: "Public holiday" });
    // Another vendor cannot remove it.
    const stranger = await createVendor("hours");
    expect((await run(action, post("/vendor/hours", { intent: "remove_time_off", id: String(entry.id) }, stranger.cookie))).status).toBe(404);
    expect((await run(action, post("/vendor/hours", { intent: "remove_time_off", id: String(entry.id) }, cookie))).status).toBe(303);
    expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 60, day: from })).toHaveLength(10);
  });

  test("bad input: a clear 400 and nothing changed", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const db = await getDb();
    const stored = async () =>
      await db.selectFrom("vendors").select(["week_hours", "min_notice_minutes"]).where("slug", "=", "demo-vendor").executeTakeFirstOrThrow();
    const before = await stored();
    const cases: [Record<string, string>, RegExp][] = [
      [weekFields({ opens_3: "19", closes_3: "9" }), /Closing comes after opening/],
      [weekFields({ break_starts_3: "8", break_ends_3: "10" }), /break lies inside/],
      [weekFields({ break_starts_3: "13" }), /both ends of the break/],
      [weekFields({ opens_3: "25" }), /opening hour/],
      [weekFields({ opens_3: "nine" }), /opening hour/],
      [{ intent: "time_off", starts_on: "banana" }, /Date input not valid/],
      [{ intent: "time_off", starts_on: addDaysToDay(lagosToday(), -1) }, /start today or later/],
      [{ intent: "time_off", starts_on: addDaysToDay(lagosToday(), 5), ends_on: addDaysToDay(lagosToday(), 3) }, /can't be before the first/],
      [{ intent: "time_off", starts_on: addDaysToDay(lagosToday(), 5), note: "x".repeat(61) }, /under 60/],
      [{ intent: "rules", min_notice_minutes: "7", max_days_ahead: "30", cancellation_policy: "flexible" }, /notice from the list/],
      [{ intent: "rules", min_notice_minutes: "120", max_days_ahead: "0", cancellation_policy: "flexible" }, /from 1 to 365/],
      [{ intent: "rules", min_notice_minutes: "120", max_days_ahead: "30", cancellation_policy: "lenient" }, /cancellation policy/],
      [{ intent: "rules", min_notice_minutes: "120", max_days_ahead: "30", cancellation_policy: "strict", deposit_percent: "150" }, /0 to 100/],
      [{ intent: "rules", min_notice_minutes: "120", max_days_ahead: "30", cancellation_policy: "strict", no_show_grace_minutes: "2" }, /minutes from 5 to 60/],
      [
        { intent: "rules", min_notice_minutes: "120", max_days_ahead: "30", cancellation_policy: "strict", no_show_grace_minutes: "61" },
        /minutes from 5 to 60/,
      ],
      [{ intent: "remove_time_off", id: "99999999999" }, /page's buttons/],
      [{ intent: "bogus" }, /./],
    ];
    for (const [fields, message] of cases) {
      const outcome = await run(action, post("/vendor/hours", fields, cookie));
      expect(outcome.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(firstError(outcome.body) ?? "", JSON.stringify(fields).slice(0, 80)).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  test("booking rules: notice and horizon shape the slots; automatic acceptance and the policy are saved", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const service = await featuredService();
    const db = await getDb();
    const saved = await run(
      action,
      post(
        "/vendor/hours",
        {
          intent: "rules",
          min_notice_minutes: "1440",
          max_days_ahead: "30",
          auto_accept: "on",
          cancellation_policy: "moderate",
          deposit_percent: "20",
          no_show_grace_minutes: "25",
        },
        cookie,
      ),
    );
    expect(saved.status).toBe(303);
    const page = await run<Page>(loader, get("/vendor/hours", cookie));
    expect(page.body.rules).toEqual({
      minNoticeMinutes: 1440,
      maxDaysAhead: 30,
      autoAccept: true,
      cancellationPolicy: "moderate",
      depositPercent: 20,
      noShowGraceMinutes: 25,
    });
    expect(await policyLine(service.vendor_id)).toBe("Moderate: free cancellation until 24 h before; later, 50\u00a0% of what was paid is kept.");
    expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 60, day: nextWeekday(2, 31) })).toEqual([]);
    expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 60, day: nextWeekday(4, 25) })).toHaveLength(10);
    // 24 h notice: nothing today or before this hour tomorrow.
    expect(await freeSlots(db, { vendorId: service.vendor_id, durationMin: 60, day: lagosToday() })).toEqual([]);
    await run(
      action,
      post(
        "/vendor/hours",
        { intent: "rules", min_notice_minutes: "120", max_days_ahead: "90", cancellation_policy: "flexible", deposit_percent: "0" },
        cookie,
      ),
    );
  });
});
