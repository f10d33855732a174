import { describe, expect, test } from "vitest";
import { openingLines } from "./opening-lines";
import type { DayHours } from "./schedule-rules";

const day = (d: number, opens: number, closes: number, breakStarts: number | null = null, breakEnds: number | null = null): DayHours => ({
  day: d,
  opens,
  closes,
  breakStarts,
  breakEnds,
});

describe("openingLines: the week as the public profile shows it", () => {
  test("the same hours Monday to Saturday share a line; Sunday is closed", () => {
    expect(openingLines([1, 2, 3, 4, 5, 6].map((d) => day(d, 9, 19)))).toEqual([
      { days: "Mon – Sat", hours: ["9:00 am – 7:00 pm"] },
      { days: "Sun", hours: ["Closed"] },
    ]);
  });

  test("a day with other hours, or a break, has a line of its own; a closed day in the middle splits the run", () => {
    const week = [day(1, 9, 19), day(2, 9, 19), day(4, 9, 19), day(5, 9, 19, 13, 14), day(6, 10, 16)];
    expect(openingLines(week)).toEqual([
      { days: "Mon – Tue", hours: ["9:00 am – 7:00 pm"] },
      { days: "Wed", hours: ["Closed"] },
      { days: "Thu", hours: ["9:00 am – 7:00 pm"] },
      { days: "Fri", hours: ["9:00 am – 1:00 pm", "2:00 pm – 7:00 pm"] },
      { days: "Sat", hours: ["10:00 am – 4:00 pm"] },
      { days: "Sun", hours: ["Closed"] },
    ]);
  });

  test("noon is pm, and a day that closes at 24 closes at midnight, not at noon", () => {
    expect(openingLines([day(7, 12, 24)])).toEqual([
      { days: "Mon – Sat", hours: ["Closed"] },
      { days: "Sun", hours: ["12:00 pm – 12:00 am (midnight)"] },
    ]);
  });

  test("a vendor closed all week says so once", () => {
    expect(openingLines([])).toEqual([{ days: "Mon – Sun", hours: ["Closed"] }]);
  });
});
