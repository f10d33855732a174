import type { ChangeEvent, InputHTMLAttributes } from "react";
import { addDaysToDay, formatDay } from "~/utils/time";

/** `count` consecutive calendar days ("yyyy-MM-dd") from `first`. */
export function nextDays(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDaysToDay(first, i));
}

/**
 * Every date field of the app: shown as 'MMM d, yyyy', like every date the app writes, and typing 'today' or
 * 'tomorrow' works (the server reads it: app/utils/day-input.server.ts, which also reads "yyyy-MM-dd"). A text input
 * with a list of days works the same with and without JavaScript, and on browsers whose date pickers cannot be typed
 * into; a browser's own date picker would show the phone's format (mm/dd/yyyy on many) instead of the app's.
 * With JavaScript, 'tomorrow' turns into its date as soon as it is typed or chosen, so the field shows the day as the
 * server would. The list holds `days` days from `listFrom` (today unless told): the next two
 * weeks for a booking, the last ones for a report. Which days are allowed is the server's rule.
 */
export function DayInput({
  id,
  today,
  days = 14,
  listFrom = today,
  name = "date",
  placeholder = "When?",
  onChange,
  ...props
}: { id: string; today: string; days?: number; listFrom?: string } & InputHTMLAttributes<HTMLInputElement>) {
  function spellOut(event: ChangeEvent<HTMLInputElement>) {
    if (event.currentTarget.value.trim().toLowerCase() === "tomorrow") event.currentTarget.value = formatDay(addDaysToDay(today, 1));
    onChange?.(event);
  }
  return (
    <>
      <input
        id={id}
        type="text"
        name={name}
        placeholder={placeholder}
        list={`${id}-days`}
        autoComplete="off"
        maxLength={40}
        className="input"
        onChange={spellOut}
        {...props}
      />
      <datalist id={`${id}-days`}>
        {listFrom >= today ? <option value="Tomorrow" /> : null}
        {nextDays(listFrom, days).map((day) => (
          <option key={day} value={formatDay(day)} />
        ))}
      </datalist>
    </>
  );
}
