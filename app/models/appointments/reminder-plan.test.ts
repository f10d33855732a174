import { describe, expect, test } from "vitest";
import { HOUR, MINUTE } from "~/models/jobs/durations";
import { lagosInstant } from "~/utils/time";
import { planReminder, reminderMoment } from "./reminder-plan";

// When reminders go: 24 h and 2 h before; a 24 h reminder in Lagos's quiet hours (21:00-07:00) goes at 20:00 the
// evening before; never for a time past, never for a visit booked after its moment.

const at = (day: string, hour: number, minute = 0) => lagosInstant(day, hour, minute);

describe("reminder moments", () => {
  test("in the day, 24 h and 2 h before", () => {
    expect(reminderMoment(at("2026-12-10", 10), "24h").toISOString()).toBe(at("2026-12-09", 10));
    expect(reminderMoment(at("2026-12-10", 10), "2h").toISOString()).toBe(at("2026-12-10", 8));
  });

  test("quiet hours move a 24 h reminder to 20:00 the evening before; the 2 h one keeps its time", () => {
    expect(reminderMoment(at("2026-12-10", 21), "24h").toISOString()).toBe(at("2026-12-09", 20)); // 21:00 -> 20:00 same evening
    expect(reminderMoment(at("2026-12-10", 23, 30), "24h").toISOString()).toBe(at("2026-12-09", 20));
    expect(reminderMoment(at("2026-12-10", 6, 30), "24h").toISOString()).toBe(at("2026-12-08", 20)); // 06:30 -> the evening before that
    expect(reminderMoment(at("2026-12-10", 0, 15), "24h").toISOString()).toBe(at("2026-12-08", 20));
    expect(reminderMoment(at("2026-12-10", 7), "24h").toISOString()).toBe(at("2026-12-09", 7)); // 07:00 is not quiet
    expect(reminderMoment(at("2026-12-10", 20, 59), "24h").toISOString()).toBe(at("2026-12-09", 20, 59));
    expect(reminderMoment(at("2026-12-10", 6, 30), "2h").toISOString()).toBe(at("2026-12-10", 4, 30));
  });
});

describe("planning a reminder", () => {
  const visit = { startsAt: at("2026-12-10", 10), bookedAt: at("2026-12-01", 12) };

  test("at its moment, or now when up to the late limit after it; never in the past", () => {
    expect(planReminder(visit, "24h", new Date(Date.parse(at("2026-12-09", 9)))))!.toEqual(new Date(at("2026-12-09", 10)));
    const late = new Date(Date.parse(at("2026-12-09", 10)) + 30 * MINUTE);
    expect(planReminder(visit, "24h", late)).toEqual(late);
  });

  test("not at all: long past its moment, booked after its moment, or the visit started", () => {
    expect(planReminder(visit, "24h", new Date(Date.parse(at("2026-12-09", 10)) + 2 * HOUR))).toBeNull();
    expect(planReminder({ ...visit, bookedAt: at("2026-12-09", 18) }, "24h", new Date(Date.parse(at("2026-12-09", 18))))).toBeNull();
    expect(planReminder({ ...visit, bookedAt: at("2026-12-09", 18) }, "2h", new Date(Date.parse(at("2026-12-09", 18))))).toEqual(new Date(at("2026-12-10", 8)));
    expect(planReminder(visit, "2h", new Date(Date.parse(visit.startsAt) + MINUTE))).toBeNull();
  });
});
