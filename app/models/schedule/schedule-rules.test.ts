import { describe, expect, test } from "vitest";
import { lagosInstant } from "~/utils/time";
import { daySlots, explainDay, explainSlot, fitsSchedule, openDaysAhead, SLOT_TAKEN_MESSAGE, weekFromRow, type VendorTime } from "./schedule-rules";

// The one slot rule, with time passed in. Nov 23, 2026 is a Monday.
const monday = "2026-11-23";
const sundayNight = new Date(lagosInstant("2026-11-22", 20));
const week = [1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: 9, closes: 19, breakStarts: null, breakEnds: null }));
const base: VendorTime = { week, timeOff: [], minNoticeMinutes: 120, maxDaysAhead: 90 };
const hours = (time: VendorTime, day = monday, now = sundayNight, durationMin = 60, busy: { starts_at: string; ends_at: string }[] = []) =>
  daySlots(time, { durationMin, day, now, busy }).map((s) => s.hour);

describe("daySlots", () => {
  test("hourly inside the day's hours, long enough for the service", () => {
    expect(hours(base)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(hours(base, monday, sundayNight, 150)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect(daySlots(base, { durationMin: 120, day: monday, now: sundayNight, busy: [] })[0]).toMatchObject({
      startsAt: "2026-11-23T08:00:00.000Z",
      endsAt: "2026-11-23T10:00:00.000Z",
      label: "9:00 am",
    });
  });

  test("a closed weekday and a day off have none; a range covers every day in it", () => {
    expect(hours(base, "2026-11-22")).toEqual([]); // Sunday
    const closedMondays = { ...base, week: week.filter((h) => h.day !== 1) };
    expect(hours(closedMondays)).toEqual([]);
    const holiday = { ...base, timeOff: [{ id: 1, startsOn: "2026-11-24", endsOn: "2026-11-26", note: "Public holiday" }] };
    expect(hours(holiday, "2026-11-24")).toEqual([]);
    expect(hours(holiday, "2026-11-26")).toEqual([]);
    expect(hours(holiday, "2026-11-27")).toHaveLength(10);
  });

  test("no slot runs into the break", () => {
    const withBreak = { ...base, week: week.map((h) => ({ ...h, breakStarts: 13, breakEnds: 14 })) };
    expect(hours(withBreak)).toEqual([9, 10, 11, 12, 14, 15, 16, 17, 18]);
    expect(hours(withBreak, monday, sundayNight, 120)).toEqual([9, 10, 11, 14, 15, 16, 17]);
  });

  test("minimum notice and the horizon", () => {
    const at10 = new Date(lagosInstant(monday, 10));
    expect(hours(base, monday, at10)).toEqual([12, 13, 14, 15, 16, 17, 18]); // 2 h notice
    expect(hours({ ...base, minNoticeMinutes: 0 }, monday, new Date(lagosInstant(monday, 10, 30)))).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(hours({ ...base, minNoticeMinutes: 1440 }, monday, sundayNight)).toEqual([]); // 24 h from Sunday 8 pm
    expect(hours({ ...base, maxDaysAhead: 7 }, "2026-11-30")).toEqual([]); // 8 days after Sunday
    expect(hours({ ...base, maxDaysAhead: 8 }, "2026-11-30")).toHaveLength(10);
    expect(hours(base, "2026-11-21")).toEqual([]); // before today
  });

  test("busy spans take their hours", () => {
    const busy = [{ starts_at: lagosInstant(monday, 11), ends_at: lagosInstant(monday, 13) }];
    expect(hours(base, monday, sundayNight, 60, busy)).toEqual([9, 10, 13, 14, 15, 16, 17, 18]);
    expect(hours(base, monday, sundayNight, 120, busy)).toEqual([9, 13, 14, 15, 16, 17]);
  });
});

describe("explainSlot", () => {
  const explain = (time: VendorTime, hour: number, day = monday, now = sundayNight, busy: { starts_at: string; ends_at: string }[] = []) =>
    explainSlot(time, "Ronke's", { durationMin: 60, day, hour, now, busy });

  test("accepts exactly what daySlots offers, and says why not otherwise", () => {
    expect(explain(base, 9)).toMatchObject({ ok: true, slot: { hour: 9 } });
    expect(explain(base, 9, "2026-11-22")).toEqual({ ok: false, reason: "not-offered", message: "Ronke's is closed on Sundays. Please choose another day." });
    const holiday = { ...base, timeOff: [{ id: 1, startsOn: monday, endsOn: monday, note: "Public holiday" }] };
    expect(explain(holiday, 9)).toEqual({
      ok: false,
      reason: "not-offered",
      message: "Ronke's is closed on Nov 23, 2026 (Public holiday). Please choose another day.",
    });
    expect(explain(base, 19)).toMatchObject({
      ok: false,
      reason: "not-offered",
      message: "Ronke's takes this service from 9:00 am to 6:00 pm. Please pick a time from the list.",
    });
    expect(explain(base, 11, monday, new Date(lagosInstant(monday, 10)))).toMatchObject({
      ok: false,
      reason: "not-offered",
      message: "Ronke's needs 2 hours notice. Please pick a later time.",
    });
    expect(explain(base, 9, monday, new Date(lagosInstant(monday, 10)))).toMatchObject({
      ok: false,
      reason: "not-offered",
      message: "That time has already passed. Please pick a later time.",
    });
    expect(explain({ ...base, maxDaysAhead: 7 }, 9, "2026-11-30")).toMatchObject({
      ok: false,
      reason: "not-offered",
      message: "Ronke's takes bookings up to 7 days ahead. Please choose an earlier date.",
    });
    expect(explain(base, 11, monday, sundayNight, [{ starts_at: lagosInstant(monday, 11), ends_at: lagosInstant(monday, 12) }])).toEqual({
      ok: false,
      reason: "taken",
      message: SLOT_TAKEN_MESSAGE,
    });
  });

  test("every hour of a day: accepted if and only if offered", () => {
    const tricky: VendorTime = { ...base, week: week.map((h) => ({ ...h, breakStarts: 12, breakEnds: 14 })), minNoticeMinutes: 180 };
    const now = new Date(lagosInstant(monday, 8, 30));
    const busy = [{ starts_at: lagosInstant(monday, 15), ends_at: lagosInstant(monday, 16) }];
    const offered = daySlots(tricky, { durationMin: 60, day: monday, now, busy }).map((s) => s.hour);
    for (let hour = 0; hour < 24; hour++) expect("slot" in explain(tricky, hour, monday, now, busy)).toBe(offered.includes(hour));
  });
});

describe("the stored week", () => {
  test("reads the JSON week, or the summary columns when there is none", () => {
    expect(weekFromRow({ week_hours: null, opens_hour: 9, closes_hour: 18, open_days: "2,1" })).toEqual([
      { day: 1, opens: 9, closes: 18, breakStarts: null, breakEnds: null },
      { day: 2, opens: 9, closes: 18, breakStarts: null, breakEnds: null },
    ]);
    const stored = JSON.stringify([
      { day: 3, opens: 10, closes: 16, breakStarts: 12, breakEnds: 13 },
      { day: 9, opens: 1, closes: 2, breakStarts: null, breakEnds: null },
    ]);
    expect(weekFromRow({ week_hours: stored, opens_hour: 9, closes_hour: 18, open_days: "1" })).toEqual([
      { day: 3, opens: 10, closes: 16, breakStarts: 12, breakEnds: 13 },
    ]);
    expect(weekFromRow({ week_hours: "not json", opens_hour: 9, closes_hour: 18, open_days: "1" })).toHaveLength(1);
  });

  test("an appointment fits when it lies in its weekday's hours, outside the break, not on a day off", () => {
    const time = { week: [{ day: 1, opens: 9, closes: 17, breakStarts: 13, breakEnds: 14 }], timeOff: [] };
    const at = (from: number, to: number, day = monday) => ({ starts_at: lagosInstant(day, from), ends_at: lagosInstant(day, to) });
    expect(fitsSchedule(time, at(9, 11))).toBe(true);
    expect(fitsSchedule(time, at(12, 14))).toBe(false);
    expect(fitsSchedule(time, at(16, 18))).toBe(false);
    expect(fitsSchedule(time, at(9, 10, "2026-11-24"))).toBe(false);
    expect(fitsSchedule({ ...time, timeOff: [{ id: 1, startsOn: monday, endsOn: monday, note: "" }] }, at(9, 11))).toBe(false);
  });

  test("openDaysAhead skips closed weekdays and days off", () => {
    const time = { ...base, timeOff: [{ id: 1, startsOn: "2026-11-24", endsOn: "2026-11-24", note: "" }] };
    expect(openDaysAhead(time, 3, sundayNight)).toEqual(["2026-11-23", "2026-11-25", "2026-11-26"]);
  });
});

describe("explainDay", () => {
  const why = (time: VendorTime, day: string, now = sundayNight, durationMin = 60, busy: { starts_at: string; ends_at: string }[] = []) =>
    explainDay(time, "Ronke's", { durationMin, day, now, busy });

  test("null while the day has a free time", () => {
    expect(why(base, monday)).toBeNull();
  });

  test("the day's own rule: a closed weekday, a day off with its note, the horizon", () => {
    expect(why(base, "2026-11-29")).toBe("Ronke's is closed on Sundays. Please choose another day.");
    const holiday = { ...base, timeOff: [{ id: 1, startsOn: "2026-11-24", endsOn: "2026-11-26", note: "Public holiday" }] };
    expect(why(holiday, "2026-11-25")).toBe("Ronke's is closed on Nov 25, 2026 (Public holiday). Please choose another day.");
    expect(why({ ...base, maxDaysAhead: 7 }, "2026-12-01")).toBe("Ronke's takes bookings up to 7 days ahead. Please choose an earlier date.");
  });

  test("hours too short for the service, the minimum notice, a day already over", () => {
    const short = { ...base, week: [{ day: 1, opens: 9, closes: 11, breakStarts: null, breakEnds: null }] };
    expect(why(short, monday, sundayNight, 180)).toBe("Ronke's is open too briefly on Mondays for this service. Please choose another day.");
    expect(why({ ...base, minNoticeMinutes: 1440 }, monday)).toBe("Ronke's needs 1 day notice, so no time is left on this day. Please choose a later day.");
    expect(why(base, monday, new Date(lagosInstant(monday, 18, 30)))).toBe("No times are left today. Please choose another day.");
  });

  test("fully booked when only appointments are in the way", () => {
    expect(why(base, monday, sundayNight, 60, [{ starts_at: lagosInstant(monday, 9), ends_at: lagosInstant(monday, 19) }])).toBe(
      "Fully booked on this day. Please choose another day.",
    );
  });
});
