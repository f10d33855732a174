import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { bookingStyles as styles, VENDOR_STATUS_LABEL } from "~/components/booking-pages";
import { DayInput, GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { StatusPill } from "~/components/status-pill";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { acceptRequest, completeAppointment, markNoShow } from "~/models/appointments/transitions.server";
import { blockOwnTime, BLOCK_DAYS_AHEAD, listOwnBlocks, listOwnDay, OWN_DAY_LIMIT, removeOwnBlock } from "~/models/team/own-day.server";
import { parseDayInput } from "~/utils/day-input.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { addDaysToDay, formatDate, formatDay, formatTime, hourLabel, lagosToday } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { OwnDaySchema } from "./schema";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "My day · Vendor · Glow" }];

// GET /vendor/day: the signed-in member's own appointments from today on, and the time they blocked; every member
// has it, and it is all a stylist opens (docs/domain.md, "Roles"). Its actions reach the member's own appointments
// only: another member's is "not found".
export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "own-day");
  const now = new Date();
  const [day, blocks] = await Promise.all([listOwnDay(vendor.vendorId, vendor.memberId, now), listOwnBlocks(vendor.memberId, now)]);
  const today = lagosToday(now);
  return data({
    today,
    lastDay: addDaysToDay(today, BLOCK_DAYS_AHEAD),
    nowIso: now.toISOString(),
    hasMore: day.hasMore,
    // Constants of a .server module reach the page through its data: the browser's bundle has none of them.
    limit: OWN_DAY_LIMIT,
    rows: day.rows,
    blocks,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "own-day");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: OwnDaySchema });
  const intent = typeof formData.get("intent") === "string" ? String(formData.get("intent")).slice(0, 20) : null;
  const rowOf = () => Number(formData.get("id")) || null;
  if (submission.status !== "success") return data({ intent, id: rowOf(), result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const own = { vendorId: vendor.vendorId, memberId: vendor.memberId };
  const fail = (message: string, status: number) => data({ intent, id: rowOf(), result: submission.reply({ formErrors: [message] }) }, { status });
  try {
    if (v.intent === "accept") await acceptRequest(own, v.id);
    else if (v.intent === "complete") await completeAppointment(own, v.id);
    else if (v.intent === "no_show") await markNoShow(own, v.id);
    else if (v.intent === "unblock") await removeOwnBlock(vendor.memberId, v.id);
    else {
      const day = parseDayInput(v.day);
      if (!day) return fail("Date input not valid.", 400);
      await blockOwnTime(vendor.memberId, { day, fromHour: v.from_hour, toHour: v.to_hour, note: v.note ?? "" });
      return redirectWithSuccess("/vendor/day", `Blocked: ${formatDay(day)}, ${hourLabel(v.from_hour)} to ${hourLabel(v.to_hour)}.`, { status: 303 });
    }
    const done = {
      accept: "Request accepted. We've told the customer.",
      complete: "Marked completed.",
      no_show: "Marked as a no-show.",
      unblock: "Blocked time removed.",
    };
    return redirectWithSuccess("/vendor/day", done[v.intent], { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return fail(refused.message, refused.status);
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

function RowForm({ id, intent, children }: { id: number; intent: string; children: ReactNode }) {
  return (
    <Form method="post" className="row-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {children}
    </Form>
  );
}

function RowActions({ row, nowIso }: { row: Row; nowIso: string }) {
  if (row.status === "requested") {
    return (
      <RowForm id={row.id} intent="accept">
        <button type="submit" className="btn btn--primary btn--small">
          Accept
        </button>
      </RowForm>
    );
  }
  if (row.status === "confirmed" && row.startsAt <= nowIso) {
    return (
      <>
        <RowForm id={row.id} intent="complete">
          <button type="submit" className="btn btn--primary btn--small">
            Mark completed
          </button>
        </RowForm>
        <RowForm id={row.id} intent="no_show">
          <button type="submit" className="btn btn--outline btn--small">
            No-show
          </button>
        </RowForm>
      </>
    );
  }
  return null;
}

const HOURS = Array.from({ length: 25 }, (_, h) => h);

export default function OwnDay() {
  const { today, lastDay, nowIso, hasMore, limit, rows, blocks } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = answer?.result.error?.[""]?.[0] ?? Object.values(answer?.result.error ?? {})[0]?.[0];
  const blockRefused = answer?.intent === "block" ? answer.result.error : null;
  return (
    <div className="booking own-day">
      <header className="vendor-appointments__head">
        <h1>My day</h1>
        <p className="dash-sub">Your appointments from today on. Clients&apos; phone numbers show their last 4 digits.</p>
      </header>
      {error && answer?.intent !== "block" ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <div className="card empty">
          <p>No appointments from today on.</p>
        </div>
      ) : (
        <div className="table-scroll">
          <table className="table appt-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Client</th>
                <th scope="col">Phone</th>
                <th scope="col">Service</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} id={`appointment-${r.id}`} aria-label={`${r.clientName}, ${r.service}, ${formatDate(r.startsAt)}`}>
                  <td data-label="Date">{lagosToday(r.startsAt) === today ? "Today" : formatDate(r.startsAt)}</td>
                  <td data-label="Time">
                    {formatTime(r.startsAt)} to {formatTime(r.endsAt)}
                  </td>
                  <td data-label="Client">
                    <span className="appt-table__name">
                      <strong>{r.clientName}</strong>
                      <span className="booking__muted">{r.ref}</span>
                    </span>
                  </td>
                  <td data-label="Phone" className="own-day__phone">
                    {r.clientPhone ?? "—"}
                  </td>
                  <td data-label="Service">
                    <span>
                      {r.service}
                      {r.homeService ? <span className="booking__muted"> · Home service{r.address ? `: ${r.address}` : ""}</span> : null}
                      {r.comment ? <span className="booking__muted"> · {r.comment}</span> : null}
                    </span>
                  </td>
                  {/* One box: on a phone the cell is a label column and a value column, and a pill as wide as its words. */}
                  <td data-label="Status">
                    <span>
                      <StatusPill status={r.status} label={VENDOR_STATUS_LABEL[r.status]} />
                    </span>
                  </td>
                  <td className="appt-table__actions">
                    {answer?.id === r.id && error ? <span className="field__error">{error}</span> : null}
                    <RowActions row={r} nowIso={nowIso} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore ? <p className="dash-sub">Showing your next {limit} appointments.</p> : null}

      <section className="card hours-card own-day__block" aria-labelledby="block-title">
        <h2 id="block-title" className="card__title">
          Block my time
        </h2>
        <p className="dash-sub">Customers cannot book you then. A block never covers an appointment: ask the owner or a manager to move it first.</p>
        {blocks.length ? (
          <ul className="hours-off">
            {blocks.map((b) => (
              <li key={b.id} className="hours-off__item">
                <span>
                  {formatDate(b.startsAt)}, {formatTime(b.startsAt)} to {formatTime(b.endsAt)}
                  {b.note ? ` · ${b.note}` : ""}
                </span>
                <RowForm id={b.id} intent="unblock">
                  <button type="submit" className="btn btn--outline btn--small">
                    Remove
                  </button>
                </RowForm>
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="hours-off__form">
          <ErrorSummary errors={blockRefused} />
          <input type="hidden" name="intent" value="block" />
          <div className="field">
            <label htmlFor="block-day" className="field__label">
              Date
            </label>
            <DayInput id="block-day" name="day" today={today} required />
          </div>
          <label className="field">
            <span className="field__label">From</span>
            <select name="from_hour" className="input" defaultValue="12">
              {HOURS.slice(0, 24).map((h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">To</span>
            <select name="to_hour" className="input" defaultValue="13">
              {HOURS.slice(1).map((h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Note (optional)</span>
            <input type="text" name="note" className="input" maxLength={60} placeholder="Lunch" />
          </label>
          <button type="submit" className="btn btn--primary">
            Block time
          </button>
        </Form>
        <p className="booking__muted">Up to {formatDay(lastDay)}.</p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
