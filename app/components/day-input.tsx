import type { InputHTMLAttributes } from "react";

// Calendar days ("yyyy-MM-dd") for the browser, without date-fns: its formatter and locale would add about 8 KB
// of JavaScript to every page with a date field, for a label the server could format just as well.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-21" -> "Nov 21, 2026" ('MMM d, yyyy', the app's one date format: docs/domain.md, Time and slots). */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** `count` consecutive days from `first` ("yyyy-MM-dd"), in UTC arithmetic so no time zone can shift them. */
export function nextDays(first: string, count: number): string[] {
  const [y, m, d] = first.split("-").map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10));
}

/**
 * The date field of the search and booking forms: placeholder 'When?', shown as 'MMM d, yyyy', nothing before
 * today, and typing 'tomorrow' works (the server reads it). A text input with a list of the next two weeks works
 * the same with and without JavaScript, and on browsers whose date pickers cannot be typed into.
 */
export function DayInput({ id, today, days = 14, ...props }: { id: string; today: string; days?: number } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <input id={id} type="text" name="date" placeholder="When?" list={`${id}-days`} autoComplete="off" maxLength={40} className="input" {...props} />
      <datalist id={`${id}-days`}>
        <option value="Tomorrow" />
        {nextDays(today, days).map((day) => (
          <option key={day} value={dayLabel(day)} />
        ))}
      </datalist>
    </>
  );
}
