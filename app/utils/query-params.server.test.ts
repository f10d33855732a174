import { describe, expect, test } from "vitest";
import { readDay, readPage, readText } from "./query-params.server";

describe("browsing query parameters", () => {
  test("page numbers", () => {
    expect(readPage(null)).toEqual({ page: 1, invalid: false });
    expect(readPage("3")).toEqual({ page: 3, invalid: false });
    for (const bad of ["0", "-1", "abc", "1.5", "1e3", "9".repeat(12)]) expect(readPage(bad), bad).toEqual({ page: 1, invalid: true });
  });

  test("a page past the list's last allowed one is that page, not a refusal", () => {
    expect(readPage("500", 500)).toEqual({ page: 500, invalid: false });
    expect(readPage("501", 500)).toEqual({ page: 500, invalid: false });
    expect(readPage("999999999", 500)).toEqual({ page: 500, invalid: false });
    expect(readPage("abc", 500)).toEqual({ page: 1, invalid: true });
  });

  test("days: 'tomorrow', readable dates, nothing before today, 'Date input not valid.'", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(readDay(null, now)).toEqual({ day: null, text: "" });
    expect(readDay("tomorrow", now).day).toBe("2026-11-22");
    expect(readDay("Nov 30, 2026", now).day).toBe("2026-11-30");
    expect(readDay("2026-11-21", now).day).toBe("2026-11-21");
    expect(readDay("2026-11-20", now)).toMatchObject({ day: null, error: "Date input not valid." });
    expect(readDay("soon", now)).toMatchObject({ day: null, error: "Date input not valid." });
  });

  test("text from a URL: no control characters, spaces collapsed, bounded", () => {
    expect(readText("  gym\u0000\n center  ", 80)).toBe("gym center");
    expect(readText("x".repeat(1000), 80)).toHaveLength(80);
    expect(readText(undefined, 10)).toBe("");
  });
});
