import type { getFormProps } from "@conform-to/react";
import { RescheduleTimes } from "~/components/reschedule-times";
import { Form } from "@remix-run/react";
import { DayInput, MemberPicker, type PickableMember } from "~/components/common";
import { formatDate, formatDay } from "~/utils/time";

export interface RescheduleChoice {
  /** The day asked for (yyyy-mm-dd), null when it could not be read. */
  day: string | null;
  error: string | null;
  slots: { hour: number; label: string }[];
  /** The members who may be booked for the service (a picker shows with more than one), and the one chosen. */
  members?: PickableMember[];
  memberId?: number | null;
}

/**
 * Reschedule: a GET form to choose a day (the page comes back with that day's free times, open), then a POST with
 * one of them. Plain forms, so it works without JavaScript.
 */
export function ReschedulePanel({
  appointmentRef,
  tab,
  startsAt,
  today,
  reschedule,
  formProps,
}: {
  appointmentRef: string;
  tab: string;
  startsAt: string;
  /** Lagos's today, the first day the date field suggests. */
  today: string;
  reschedule: RescheduleChoice | null;
  /** conform's props of the page's action form, so its errors are announced as the page's own. */
  formProps: ReturnType<typeof getFormProps>;
}) {
  return (
    <details className="appt-more" id="reschedule" open={reschedule !== null}>
      <summary className="btn btn--outline">Reschedule</summary>
      <div className="appt-more__body">
        <Form method="get" action="/user/appointment#reschedule" className="date-form">
          <input type="hidden" name="tab" value={tab} />
          <input type="hidden" name="ref" value={appointmentRef} />
          {reschedule?.members ? <MemberPicker members={reschedule.members} chosen={reschedule.memberId ?? null} name="rmember" anyone={false} /> : null}
          <label htmlFor="rdate" className="field__label">
            New date
          </label>
          <div className="date-form__row">
            <DayInput id="rdate" name="rdate" today={today} defaultValue={reschedule?.day ? formatDay(reschedule.day) : ""} />
            <button type="submit" className="btn btn--outline">
              Show times
            </button>
          </div>
          <p className="field__hint">e.g. {formatDate(startsAt)}, or type &lsquo;tomorrow&rsquo;</p>
        </Form>
        {reschedule?.error ? <p className="field__error">{reschedule.error}</p> : null}
        {reschedule?.day && reschedule.slots.length > 0 ? (
          <Form method="post" {...formProps} className="reschedule-form">
            <input type="hidden" name="intent" value="reschedule" />
            <input type="hidden" name="ref" value={appointmentRef} />
            <input type="hidden" name="date" value={reschedule.day} />
            {reschedule.memberId != null ? <input type="hidden" name="member" value={reschedule.memberId} /> : null}
            <RescheduleTimes day={reschedule.day} slots={reschedule.slots} />
          </Form>
        ) : null}
      </div>
    </details>
  );
}

/** Cancel, after the vendor's cancellation policy; a booker who paid online may take the refund as AutoCredit. */
export function CancelPanel({ appointmentRef, policy, mayChooseCredit }: { appointmentRef: string; policy: string; mayChooseCredit: boolean }) {
  return (
    <details className="appt-more">
      <summary className="btn btn--outline btn--danger">Cancel</summary>
      <div className="appt-more__body">
        <p>
          <strong>Cancellation policy:</strong> {policy}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="ref" value={appointmentRef} />
          {mayChooseCredit ? (
            <fieldset className="field">
              <legend className="field__label">Your refund</legend>
              <label className="radio">
                <input type="radio" name="refundTo" value="original" defaultChecked /> To the card or account I paid with
              </label>
              <label className="radio">
                <input type="radio" name="refundTo" value="credit" /> To my AutoCredit (instant)
              </label>
            </fieldset>
          ) : null}
          <button type="submit" className="btn btn--danger-solid">
            Yes, cancel this appointment
          </button>
        </Form>
      </div>
    </details>
  );
}
