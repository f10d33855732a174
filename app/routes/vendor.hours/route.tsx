import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DayInput, GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { CANCELLATION_POLICIES, POLICY_SUMMARY, type CancellationPolicy } from "~/models/money/cancellation-policy";
import { noticeText, NOTICE_CHOICES, type DayHours } from "~/models/schedule/schedule-rules";
import { WeekHoursTable } from "~/components/week-hours";
import { formatDay, lagosToday } from "~/utils/time";
import { VendorHoursSchema, WEEKDAYS, type WeekForm } from "./schema";
import { addTimeOff, getVendorTimePage, removeTimeOff, saveBookingRules, saveWeek, type OutsideAppointment } from "~/models/schedule/edit-schedule.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { parseDayInput } from "~/utils/day-input.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { NO_SHOW_GRACE_MAX_MINUTES, NO_SHOW_GRACE_MIN_MINUTES } from "~/models/appointments/no-show";

// /vendor/hours: the vendor's weekly schedule, days off and booking rules. Plain POST forms (one `intent` each),
// so every change works without JavaScript; a change never moves an appointment, and the page lists the upcoming
// ones that no longer fit the hours.

export const meta: MetaFunction = () => [{ title: "Hours · Vendor · Glow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "settings");
  return data({ ...(await getVendorTimePage(vendor.vendorId)), today: lagosToday() });
}

type Intent = "week" | "time_off" | "remove_time_off" | "rules";

const outsideNote = (outside: OutsideAppointment[]) =>
  outside.length === 0
    ? ""
    : ` ${outside.length === 1 ? "1 appointment falls" : `${outside.length} appointments fall`} outside your hours: see the list at the top.`;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "settings");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: VendorHoursSchema });
  const intent = (["week", "time_off", "remove_time_off", "rules"] as const).find((i) => i === formData.get("intent")) ?? null;
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const fail = (message: string, status = 400) => data({ intent, result: submission.reply({ formErrors: [message] }) }, { status });
  try {
    if (v.intent === "week") {
      const w = v as unknown as WeekForm;
      const week: DayHours[] = WEEKDAYS.filter((d) => w[`open_${d}`]).map((d) => ({
        day: d,
        opens: w[`opens_${d}`] as number,
        closes: w[`closes_${d}`] as number,
        breakStarts: (w[`break_starts_${d}`] as number | undefined) ?? null,
        breakEnds: (w[`break_ends_${d}`] as number | undefined) ?? null,
      }));
      const outside = await saveWeek(vendor.vendorId, week);
      return redirectWithSuccess("/vendor/hours", `Your weekly hours are saved.${outsideNote(outside)}`, { status: 303 });
    }
    if (v.intent === "time_off") {
      const startsOn = parseDayInput(v.starts_on);
      const endsOn = v.ends_on ? parseDayInput(v.ends_on) : startsOn;
      if (!startsOn || !endsOn) return fail("Date input not valid.");
      const outside = await addTimeOff(vendor.vendorId, { startsOn, endsOn, note: v.note ?? "" });
      const what = startsOn === endsOn ? formatDay(startsOn) : `${formatDay(startsOn)} to ${formatDay(endsOn)}`;
      return redirectWithSuccess("/vendor/hours", `Day off added: ${what}.${outsideNote(outside)}`, { status: 303 });
    }
    if (v.intent === "remove_time_off") {
      await removeTimeOff(vendor.vendorId, v.id);
      return redirectWithSuccess("/vendor/hours", "Day off removed: customers can book those days again.", { status: 303 });
    }
    await saveBookingRules(vendor.vendorId, {
      minNoticeMinutes: v.min_notice_minutes,
      maxDaysAhead: v.max_days_ahead,
      autoAccept: v.auto_accept ?? false,
      cancellationPolicy: v.cancellation_policy,
      depositPercent: v.deposit_percent ?? 0,
      noShowGraceMinutes: v.no_show_grace_minutes,
    });
    return redirectWithSuccess("/vendor/hours", "Your booking rules are saved.", { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return fail(refused.message, refused.status);
  }
}

function Card({ id, title, sub, children }: { id: string; title: string; sub?: string; children: ReactNode }) {
  return (
    <section className="card hours-card" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`} className="card__title">
        {title}
      </h2>
      {sub ? <p className="dash-sub">{sub}</p> : null}
      {children}
    </section>
  );
}

function Errors({ intent, only }: { intent: Intent; only: Intent }) {
  const action = useActionData<typeof action>() as { intent: Intent | null; result: { error?: Record<string, string[] | null> | null } } | undefined;
  if (!action || action.intent !== intent || intent !== only) return null;
  // The summary, where the answer page opens (ErrorSummary).
  return <ErrorSummary errors={action.result.error} />;
}

export default function VendorHoursPage() {
  const page = useLoaderData<typeof loader>();
  const policy = page.rules.cancellationPolicy as CancellationPolicy;
  return (
    <div className="hours">
      <div className="dash-head">
        <div>
          <h1>Hours</h1>
          <p className="dash-sub">When customers can book you. Changes apply to new bookings; existing appointments keep their time.</p>
        </div>
      </div>

      {page.outside.length > 0 ? (
        <section className="notice notice--warning hours-outside" aria-labelledby="outside-title">
          <h2 id="outside-title" className="hours-outside__title">
            {page.outside.length === 1 ? "1 upcoming appointment is" : `${page.outside.length} upcoming appointments are`} outside your hours
          </h2>
          <p>They keep their time. Message the customer, or cancel from Appointments if you can't take them.</p>
          <ul className="hours-outside__list">
            {page.outside.map((a) => (
              <li key={a.id}>
                <Link to={`/vendor/appointment?tab=upcoming&q=${a.ref}`}>
                  {a.when}: {a.serviceTitle} for {a.customerName} ({a.ref})
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Card id="week" title="Weekly hours" sub="Tick the days you open. Slots are hourly; a break is optional.">
        <Errors intent="week" only="week" />
        <Form method="post" className="hours-week">
          <input type="hidden" name="intent" value="week" />
          <WeekHoursTable week={page.week} words={{ opens: "Opens", closes: "Closes" }} openWhenUnset={() => false} />
          <button type="submit" className="btn btn--primary">
            Save hours
          </button>
        </Form>
      </Card>

      <Card id="time-off" title="Days off" sub="Holidays and other days you don't take bookings. One day, or a range of days.">
        <Errors intent="time_off" only="time_off" />
        <Errors intent="remove_time_off" only="remove_time_off" />
        {page.timeOff.length ? (
          <ul className="hours-off">
            {page.timeOff.map((t) => (
              <li key={t.id} className="hours-off__item">
                <span>
                  <strong>{t.startsOn === t.endsOn ? formatDay(t.startsOn) : `${formatDay(t.startsOn)} – ${formatDay(t.endsOn)}`}</strong>
                  {t.note ? <span className="dash-sub"> · {t.note}</span> : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove_time_off" />
                  <input type="hidden" name="id" value={t.id} />
                  <button type="submit" className="btn btn--outline btn--small" aria-label={`Remove day off ${formatDay(t.startsOn)}`}>
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="dash-sub">No days off planned.</p>
        )}
        <Form method="post" className="hours-off__form">
          <input type="hidden" name="intent" value="time_off" />
          <div className="field">
            <label htmlFor="off-from" className="field__label">
              First day off
            </label>
            <DayInput id="off-from" name="starts_on" today={page.today} days={30} required />
          </div>
          <div className="field">
            <label htmlFor="off-to" className="field__label">
              Last day off (optional)
            </label>
            <DayInput id="off-to" name="ends_on" today={page.today} days={30} placeholder="Same day" />
          </div>
          <label className="field">
            <span className="field__label">Note (optional)</span>
            <input type="text" name="note" className="input" maxLength={60} placeholder="Public holiday" />
          </label>
          <button type="submit" className="btn btn--primary">
            Add day off
          </button>
        </Form>
      </Card>

      <Card id="rules" title="Booking rules">
        <Errors intent="rules" only="rules" />
        <Form method="post" className="hours-rules">
          <input type="hidden" name="intent" value="rules" />
          <label className="field">
            <span className="field__label">Minimum notice</span>
            <select name="min_notice_minutes" className="input" defaultValue={String(page.rules.minNoticeMinutes)}>
              {NOTICE_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {m === 0 ? "None" : noticeText(m)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">How far ahead people may book (days)</span>
            <input type="number" name="max_days_ahead" className="input" min={1} max={365} required defaultValue={page.rules.maxDaysAhead} />
          </label>
          <label className="check">
            <input type="checkbox" name="auto_accept" defaultChecked={page.rules.autoAccept} />
            <span>Accept bookings automatically (customers see "Confirmed" at once)</span>
          </label>
          <fieldset className="field hours-policy">
            <legend className="field__label">Cancellation policy</legend>
            {CANCELLATION_POLICIES.map((p) => (
              <label key={p} className="check">
                <input type="radio" name="cancellation_policy" value={p} defaultChecked={policy === p} required />
                <span>
                  <strong>{POLICY_SUMMARY[p].name}</strong>: {POLICY_SUMMARY[p].text}
                </span>
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span className="field__label">Deposit for "Pay to vendor" bookings (%)</span>
            <input type="number" name="deposit_percent" className="input" min={0} max={100} defaultValue={page.rules.depositPercent} />
          </label>
          <label className="field">
            <span className="field__label">
              Minutes to wait before a no-show ({NO_SHOW_GRACE_MIN_MINUTES} to {NO_SHOW_GRACE_MAX_MINUTES})
            </span>
            <input
              type="number"
              name="no_show_grace_minutes"
              className="input"
              min={NO_SHOW_GRACE_MIN_MINUTES}
              max={NO_SHOW_GRACE_MAX_MINUTES}
              defaultValue={page.rules.noShowGraceMinutes}
            />
          </label>
          <button type="submit" className="btn btn--primary">
            Save booking rules
          </button>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
