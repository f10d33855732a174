import { getFormProps, useForm } from "@conform-to/react";
import { RescheduleTimes } from "~/components/reschedule-times";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { bookingStyles as styles, VisitFacts } from "~/components/booking-pages";
import { DayInput, ErrorPanel, GeneralErrorBoundary } from "~/components/common";
import { FormMessages } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { managedVisit } from "~/models/appointments/manage-link.server";
import { cancellationPolicy, mayRefundToCredit } from "~/models/appointments/rules.server";
import { cancelByCustomer, rescheduleAppointment } from "~/models/appointments/transitions.server";
import { CUSTOMER_STATUS_LABEL, isUpcoming } from "~/models/appointments/views";
import { readBookingDay, rescheduleSlots } from "~/models/schedule/slots.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatDay, formatTime, lagosToday } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { ManageActionSchema } from "./schema";

// /manage/{token}: the link in every message about a visit to come (models/appointments/manage-link.server.ts).
// Whoever holds it sees that one visit and may reschedule or cancel it under the vendor's policy, without signing
// in and without JavaScript (a GET form for the day, POST forms that redirect). A forged link, or one whose visit
// has ended, is a 404 page that says so.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

// The link is a secret: no search engine needs it.
export const meta: MetaFunction = () => [{ title: "Your appointment | Glow" }, { name: "robots", content: "noindex" }];

export const NOT_VALID = "This link does not open an appointment: it is not a Glow link, or the visit it was for has ended.";

async function visitOf(params: LoaderFunctionArgs["params"]) {
  const visit = await managedVisit(params.token ?? "");
  if (!visit) throw new Response(NOT_VALID, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return visit;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const visit = await visitOf(params);
  const changeable = isUpcoming(visit);
  const rdate = new URL(request.url).searchParams.get("rdate");
  let reschedule: { day: string | null; error: string | null; slots: { hour: number; label: string }[] } | null = null;
  if (changeable && rdate !== null) {
    const read = readBookingDay(rdate);
    if (!read.ok) reschedule = { day: null, error: read.message, slots: [] };
    else {
      const slots = await rescheduleSlots({ id: visit.id, vendorId: visit.vendor_id, durationMin: visit.duration_min, startsAt: visit.starts_at }, read.day);
      const free = slots.map((s) => ({ hour: s.hour, label: s.label }));
      reschedule = { day: read.day, error: free.length ? null : "No free times on this day. Please choose another day.", slots: free };
    }
  }
  return data(
    {
      visit: {
        ref: visit.ref,
        firstName: visit.customer_first_name,
        serviceTitle: visit.service_title,
        businessName: visit.business_name,
        place: visit.location_type === "home" ? `Home service: ${visit.location_address ?? ""}` : visit.address,
        startsAt: visit.starts_at,
        status: CUSTOMER_STATUS_LABEL[visit.status],
        totalKobo: visit.total_kobo,
        changeable,
        policy: cancellationPolicy(visit),
        mayChooseCredit: mayRefundToCredit(visit),
      },
      reschedule,
      today: lagosToday(),
    },
    { status: reschedule?.day === null ? 400 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ params, request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const visit = await visitOf(params);
  const submission = parseWithZod(await readForm(request), { schema: ManageActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const here = `/manage/${params.token}`;
  try {
    if (value.intent === "cancel") {
      await cancelByCustomer(visit.customer_id, visit.ref, new Date(), { refundToCredit: value.refundTo === "credit" });
      return redirectWithSuccess(here, "Your appointment is cancelled.", { status: 303 });
    }
    const day = readBookingDay(value.date);
    if (!day.ok) return data({ result: submission.reply({ formErrors: [day.message] }) }, { status: 400 });
    await rescheduleAppointment(visit.customer_id, visit.ref, day.day, value.time);
    return redirectWithSuccess(here, "Reschedule sent: the vendor will confirm your new time.", { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
  }
}

export default function ManagePage() {
  const { visit, reschedule, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form] = useForm({ id: "manage", lastResult: actionData?.result, constraint: getZodConstraint(ManageActionSchema), shouldValidate: "onBlur" });
  return (
    <div className="container booking manage">
      <header className="booking-head">
        <h1>Your appointment</h1>
        <p className="booking__muted">
          Hi {visit.firstName}: this is your {visit.serviceTitle} at {visit.businessName}. No sign-in needed on this page.
        </p>
      </header>
      <section className="card booking__panel" aria-labelledby="visit-title">
        <h2 id="visit-title">{visit.serviceTitle}</h2>
        <VisitFacts date={formatDate(visit.startsAt)} time={formatTime(visit.startsAt)} className="facts">
          <div>
            <dt>Status</dt>
            <dd>{visit.status}</dd>
          </div>
          <div>
            <dt>Where</dt>
            <dd>
              {visit.businessName}, {visit.place}
            </dd>
          </div>
          <div>
            <dt>Booking reference</dt>
            <dd>{visit.ref}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatNaira(visit.totalKobo)}</dd>
          </div>
        </VisitFacts>
        <FormMessages id={form.errorId} errors={form.errors} />
        {visit.changeable ? (
          <div className="appt-actions">
            <details className="appt-more" id="reschedule" open={reschedule !== null}>
              <summary className="btn btn--outline">Reschedule</summary>
              <div className="appt-more__body">
                <Form method="get" action="#reschedule" className="date-form">
                  <label htmlFor="rdate" className="field__label">
                    New date
                  </label>
                  <div className="date-form__row">
                    <DayInput id="rdate" name="rdate" today={today} defaultValue={reschedule?.day ? formatDay(reschedule.day) : ""} />
                    <button type="submit" className="btn btn--outline">
                      Show times
                    </button>
                  </div>
                </Form>
                {reschedule?.error ? <p className="field__error">{reschedule.error}</p> : null}
                {reschedule?.day && reschedule.slots.length > 0 ? (
                  <Form method="post" {...getFormProps(form)} className="reschedule-form">
                    <input type="hidden" name="intent" value="reschedule" />
                    <input type="hidden" name="date" value={reschedule.day} />
                    <RescheduleTimes day={reschedule.day} slots={reschedule.slots} />
                  </Form>
                ) : null}
              </div>
            </details>
            <details className="appt-more">
              <summary className="btn btn--outline btn--danger">Cancel</summary>
              <div className="appt-more__body">
                <p>
                  <strong>Cancellation policy:</strong> {visit.policy}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  {visit.mayChooseCredit ? (
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
          </div>
        ) : (
          <p className="booking__muted">This appointment can no longer be moved or cancelled here.</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <ErrorPanel title="This link doesn't work" text={NOT_VALID} />,
      }}
    />
  );
}
