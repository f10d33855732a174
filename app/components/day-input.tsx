import { format } from "date-fns";
import type { InputHTMLAttributes } from "react";
import { addDaysToDay, DATE_FORMAT } from "~/utils/time";

/** "2026-11-21" -> "Nov 21, 2026" without date-fns' parser (kept out of the browser bundle). */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), DATE_FORMAT);
}

/**
 * The date field of the spec's forms: placeholder 'When?', shown as 'MMM d, yyyy', nothing before today, and
 * typing 'tomorrow' works (the server reads it). A text input with a list of the next two weeks works the same
 * with and without JavaScript, and on browsers whose date pickers cannot be typed into.
 */
export function DayInput({ id, today, days = 14, ...props }: { id: string; today: string; days?: number } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <input id={id} type="text" name="date" placeholder="When?" list={`${id}-days`} autoComplete="off" maxLength={40} className="input" {...props} />
      <datalist id={`${id}-days`}>
        <option value="Tomorrow" />
        {Array.from({ length: days }, (_, i) => {
          const label = dayLabel(addDaysToDay(today, i));
          return <option key={label} value={label} />;
        })}
      </datalist>
    </>
  );
}
