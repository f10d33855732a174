import type { ChangeEvent, InputHTMLAttributes } from "react";
import { addDaysToDay, formatDay } from "~/utils/time";

/** `count` consecutive calendar days ("yyyy-MM-dd") from `first`. */
export function nextDays(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDaysToDay(first, i));
}

/**
 * The date field of the search, detail, booking and reschedule forms: placeholder 'When?', shown as 'MMM d, yyyy',
 * nothing before today, and typing 'tomorrow' works (the server reads it: app/utils/day-input.server.ts). A text
 * input with a list of the next two weeks works the same with and without JavaScript, and on browsers whose date
 * pickers cannot be typed into. With JavaScript, 'tomorrow' turns into its date as soon as it is typed or chosen, so
 * the field shows the day in the app's own format, as the server would.
 */
export function DayInput({ id, today, days = 14, onChange, ...props }: { id: string; today: string; days?: number } & InputHTMLAttributes<HTMLInputElement>) {
  function spellOut(event: ChangeEvent<HTMLInputElement>) {
    if (event.currentTarget.value.trim().toLowerCase() === "tomorrow") event.currentTarget.value = formatDay(addDaysToDay(today, 1));
    onChange?.(event);
  }
  return (
    <>
      <input
        id={id}
        type="text"
        name="date"
        placeholder="When?"
        list={`${id}-days`}
        autoComplete="off"
        maxLength={40}
        className="input"
        onChange={spellOut}
        {...props}
      />
      <datalist id={`${id}-days`}>
        <option value="Tomorrow" />
        {nextDays(today, days).map((day) => (
          <option key={day} value={formatDay(day)} />
        ))}
      </datalist>
    </>
  );
}
