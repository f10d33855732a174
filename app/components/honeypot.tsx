import { HONEYPOT_FIELD } from "~/utils/honeypot";

/** The honeypot: off-screen and hidden from assistive technology, so only a form-filling bot types into it. */
export function Honeypot() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`hp-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
