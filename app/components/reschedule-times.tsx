import { formatDay } from "~/utils/time";

/**
 * The free times of the day a visit may move to, as radios, and the button that asks for the move: the same on the
 * customer's appointment page and on the manage link's page (the vendor confirms either way).
 */
export function RescheduleTimes({ day, slots }: { day: string; slots: readonly { hour: number; label: string }[] }) {
  return (
    <>
      <fieldset className="radios">
        <legend className="field__label">Free times on {formatDay(day)}</legend>
        <div className="chips">
          {slots.map((s) => (
            <label key={s.hour} className="chip chip--radio">
              <input type="radio" name="time" value={s.hour} required />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="field__hint">The vendor confirms the new time; until then it shows as Requested.</p>
      <button type="submit" className="btn btn--primary">
        Move my appointment
      </button>
    </>
  );
}
