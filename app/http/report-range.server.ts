import { REPORT_MAX_DAYS } from "~/models/money/report.server";
import { parseDayInput } from "~/utils/day-input.server";
import { addDaysToDay, lagosToday } from "~/utils/time";

// The date range of Finance's report and its exports (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): by default the last 30
// days. A range that cannot be read, ends before it starts or is longer than REPORT_MAX_DAYS is a problem the page
// shows beside the default range (400), and an export refuses (400).

export interface ReportDays {
  fromDay: string;
  toDay: string;
  problem: string | null;
}

export const DEFAULT_REPORT_DAYS = 30;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function readReportDays(url: URL, now: Date = new Date()): ReportDays {
  const today = lagosToday(now);
  const fallback = { fromDay: addDaysToDay(today, 1 - DEFAULT_REPORT_DAYS), toDay: today };
  const fromText = (url.searchParams.get("from") ?? "").slice(0, 40);
  const toText = (url.searchParams.get("to") ?? "").slice(0, 40);
  if (!fromText && !toText) return { ...fallback, problem: null };
  const fromDay = fromText ? parseDayInput(fromText, now) : fallback.fromDay;
  const toDay = toText ? parseDayInput(toText, now) : fallback.toDay;
  if (!fromDay || !toDay) return { ...fallback, problem: "Those dates aren't ones we can read, so here are the last 30 days." };
  if (toDay < fromDay) return { ...fallback, problem: "The range ends before it starts, so here are the last 30 days." };
  if (daysBetween(fromDay, toDay) >= REPORT_MAX_DAYS) {
    return { ...fallback, problem: `A report covers at most ${REPORT_MAX_DAYS} days, so here are the last 30 days.` };
  }
  return { fromDay, toDay, problem: null };
}
