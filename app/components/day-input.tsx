import type { InputHTMLAttributes } from "react";
import { addDaysToDay, formatDay } from "~/utils/time";

/** `count` consecutive calendar days ("yyyy-MM-dd") from `first`. */
export function nextDays(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDaysToDay(first, i));
}

/**
 * The date field of the search, detail, booking and reschedule forms: placeholder 'When?', shown as 'MMM d, yyyy',
 * nothing before today, and typing 'tomorrow' works (the server reads it: app/utils/day-input.server.ts). A text
 * input with a list of the next two weeks works the same with and without JavaScript, and on browsers whose date
 * pickers cannot be typed into.
 */
export function DayInput({ id, today, days = 14, ...props }: { id: string; today: string; days?: number } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <input id={id} type="text" name="date" placeholder="When?" list={`${id}-days`} autoComplete="off" maxLength={40} className="input" {...props} />
      <datalist id={`${id}-days`}>
        <option value="Tomorrow" />
        {nextDays(today, days).map((day) => (
          <option key={day} value={formatDay(day)} />
        ))}
      </datalist>
    </>
  );
}
