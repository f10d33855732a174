import { describe, expect, test } from "vitest";
import { addDaysToDay, formatDate, formatTime, isBeforeToday, isoWeekday, lagosInstant, lagosToday } from "./time";

// 2026-11-21T23:30Z is already Sunday Nov 22 in Lagos (UTC+1).
const lateSaturdayUtc = Date.parse("2026-11-21T23:30:00Z");

describe("Africa/Lagos clock", () => {
  test("dates show as MMM d, yyyy and times as h:mm am/pm, in Lagos time", () => {
    expect(formatDate("2026-11-21T23:30:00Z")).toBe("Nov 22, 2026");
    expect(formatTime("2026-11-21T08:00:00Z")).toBe("9:00 am");
    expect(formatTime("2026-11-21T13:00:00Z")).toBe("2:00 pm");
  });

  test("today follows Lagos, not UTC", () => {
    expect(lagosToday(lateSaturdayUtc)).toBe("2026-11-22");
    expect(isBeforeToday("2026-11-21", lateSaturdayUtc)).toBe(true);
    expect(isBeforeToday("2026-11-22", lateSaturdayUtc)).toBe(false);
  });

  test("a Lagos wall-clock hour becomes the right UTC instant", () => {
    expect(lagosInstant("2026-11-22", 9)).toBe("2026-11-22T08:00:00.000Z");
  });

  test("day arithmetic crosses months and years", () => {
    expect(addDaysToDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(isoWeekday("2026-11-22")).toBe(7);
    expect(isoWeekday("2026-11-23")).toBe(1);
  });

  test("the server's own time zone changes nothing, not even across its daylight-saving change", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = "America/New_York"; // clocks went back at 2026-11-01T06:00Z there
      expect(lagosToday(Date.parse("2026-11-01T05:30:00Z"))).toBe("2026-11-01");
      expect(formatTime("2026-11-01T06:30:00Z")).toBe("7:30 am");
      expect(addDaysToDay("2026-10-31", 1)).toBe("2026-11-01");
      expect(lagosInstant("2026-11-01", 9)).toBe("2026-11-01T08:00:00.000Z");
    } finally {
      process.env.TZ = zone;
    }
  });

  test("midnight and noon read as 12", () => {
    expect(formatTime("2026-11-21T23:00:00Z")).toBe("12:00 am");
    expect(formatTime("2026-11-21T11:05:00Z")).toBe("12:05 pm");
  });
});
