import { WEEKDAY_NAMES } from "~/models/schedule/schedule-rules";
import { hourLabel } from "~/utils/time";

// The week's hours as the salon's hours page and a member's form both edit them: a row per weekday, its tick box
// `open_{d}` and the hours `opens_{d}`, `closes_{d}`, `break_starts_{d}`, `break_ends_{d}` (Monday = 1), read by each
// page's schema. Whole hours of the Lagos clock, as slots are.

const HOURS = Array.from({ length: 25 }, (_, h) => h);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export interface WeekDayHours {
  day: number;
  opens: number;
  closes: number;
  breakStarts: number | null;
  breakEnds: number | null;
}

/** An hour select; `optional` adds an empty first choice ("No break" for a break, "Whole day" otherwise). */
export function HourSelect({
  name,
  value,
  label,
  optional = false,
  id,
  disabledHours,
}: {
  name: string;
  value: number | null;
  label: string;
  optional?: boolean;
  id?: string;
  disabledHours?: (h: number) => boolean;
}) {
  return (
    <select id={id} name={name} defaultValue={value === null ? "" : String(value)} className="input input--small" aria-label={label}>
      {optional ? <option value="">{name.startsWith("break") ? "No break" : "Whole day"}</option> : null}
      {HOURS.filter((h) => !disabledHours?.(h)).map((h) => (
        <option key={h} value={h}>
          {hourLabel(h)}
        </option>
      ))}
    </select>
  );
}

const insideTheDay = (h: number) => h === 0 || h === 24;

/**
 * The week's table. `words` names the two ends of a day ("Opens"/"Closes" for the salon, "From"/"To" for a member);
 * a day without hours is ticked when `openWhenUnset` says so.
 */
export function WeekHoursTable({
  week,
  words,
  openWhenUnset,
}: {
  week: WeekDayHours[];
  words: { opens: string; closes: string };
  openWhenUnset: (day: number) => boolean;
}) {
  const byDay = new Map(week.map((h) => [h.day, h]));
  return (
    <div className="table-scroll">
      <table className="table hours-table">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{words.opens}</th>
            <th scope="col">{words.closes}</th>
            <th scope="col">Break from</th>
            <th scope="col">Break to</th>
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((d) => {
            const h = byDay.get(d);
            const name = WEEKDAY_NAMES[d - 1]!;
            return (
              <tr key={d}>
                <th scope="row">
                  <label className="check">
                    <input type="checkbox" name={`open_${d}`} defaultChecked={h ? true : openWhenUnset(d)} />
                    <span>{name}</span>
                  </label>
                </th>
                <td data-label={words.opens}>
                  <HourSelect name={`opens_${d}`} value={h?.opens ?? 9} label={`${name} ${words.opens.toLowerCase()}`} disabledHours={(x) => x === 24} />
                </td>
                <td data-label={words.closes}>
                  <HourSelect name={`closes_${d}`} value={h?.closes ?? 19} label={`${name} ${words.closes.toLowerCase()}`} disabledHours={(x) => x === 0} />
                </td>
                <td data-label="Break from">
                  <HourSelect name={`break_starts_${d}`} value={h?.breakStarts ?? null} label={`${name} break from`} optional disabledHours={insideTheDay} />
                </td>
                <td data-label="Break to">
                  <HourSelect name={`break_ends_${d}`} value={h?.breakEnds ?? null} label={`${name} break to`} optional disabledHours={insideTheDay} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
