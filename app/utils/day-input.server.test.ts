import { describe, expect, test } from "vitest";
import { parseDayInput } from "./day-input.server";

// 2026-11-21T23:30Z is already Sunday Nov 22 in Lagos (UTC+1).
const lateSaturdayUtc = Date.parse("2026-11-21T23:30:00Z");

describe("reading a typed date", () => {
  test("typing 'tomorrow' means tomorrow; unreadable text is not a date", () => {
    expect(parseDayInput("tomorrow", lateSaturdayUtc)).toBe("2026-11-23");
    expect(parseDayInput(" Today ", lateSaturdayUtc)).toBe("2026-11-22");
    expect(parseDayInput("Nov 30, 2026")).toBe("2026-11-30");
    expect(parseDayInput("2026-12-01")).toBe("2026-12-01");
    expect(parseDayInput("2026-02-30")).toBeNull();
    expect(parseDayInput("next blue moon")).toBeNull();
    expect(parseDayInput("")).toBeNull();
    expect(parseDayInput("9".repeat(10_000))).toBeNull();
  });

  test("the server's own time zone changes nothing, not even across its daylight-saving change", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = "America/New_York"; // clocks went back at 2026-11-01T06:00Z there
      expect(parseDayInput("Nov 1, 2026")).toBe("2026-11-01");
    } finally {
      process.env.TZ = zone;
    }
  });
});
