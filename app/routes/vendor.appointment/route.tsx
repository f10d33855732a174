import { parseWithZod } from "@conform-to/zod/v4";
import { reachedBy } from "~/models/messaging/delivery-report.server";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  bookingStyles as styles,
  SEARCH_MAX,
  SummaryLines,
  VENDOR_STATUS_LABEL,
  VENDOR_TAB_LABEL,
  VENDOR_TABS,
  type VendorTab,
} from "~/components/booking-pages";
import { ChatOnWhatsApp, GeneralErrorBoundary, Pagination, PageProblems } from "~/components/common";
import { StatusPill } from "~/components/status-pill";
import { acceptRequest, cancelByVendor, completeAppointment, declineRequest, markNoShow } from "~/models/appointments/transitions.server";
import { listVendorAppointments, PAGE_SIZE } from "~/models/appointments/lists.server";
import { getTeam } from "~/models/team/edit-team.server";
import { assertSameOrigin, readForm, safeRedirect } from "~/utils/http.server";
import { hasStarted, stylistOf } from "~/models/appointments/views";
import { paymentLabel } from "~/models/money/payment-labels";
import { listPageOutcome, readListPage, readText } from "~/utils/query-params.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime, lagosToday } from "~/utils/time";
import { displayPhone } from "~/utils/phone";
import { VendorAppointmentSchema } from "./schema";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Appointments · Vendor · Glow" }];

// GET /vendor/appointment?tab=new|upcoming|past|completed|canceled&q=...&page=N: the vendor's book, scoped to them.
/** Which channel reached the customer, as the vendor reads it (docs/domain.md, Notifications). */
function reachedLabel(reached: { channel: "email" | "sms" | "whatsapp"; test: boolean } | undefined): string {
  const channel = { email: "e-mail", sms: "SMS and e-mail", whatsapp: "WhatsApp and e-mail" }[reached?.channel ?? "email"];
  return reached?.test ? `${channel} (test mode: not sent)` : channel;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "appointments");
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab = VENDOR_TABS.find((t) => t === tabParam) ?? "new";
  // readText drops control characters: PostgreSQL refused a NUL in the search (a 500).
  const q = readText(url.searchParams.get("q"), SEARCH_MAX);
  const read = readListPage(url.searchParams);
  const { page } = read;
  // The owner's filter by team member (docs/domain.md, "The team"); an id that is not one of theirs shows nobody's.
  const members = (await getTeam(vendor.vendorId)).map((m) => ({ id: m.id, name: m.name }));
  const memberParam = url.searchParams.get("member") ?? "";
  const member = /^\d{1,9}$/.test(memberParam) ? Number(memberParam) : null;
  const list = await listVendorAppointments(vendor.vendorId, {
    tab,
    q,
    page,
    memberId: member !== null && members.some((m) => m.id === member) ? member : member === null ? null : -1,
  });
  const { problems, status } = listPageOutcome(read, list.rows.length);
  const reached = await reachedBy(list.rows.map((r) => r.id));
  return data(
    {
      tab,
      q,
      page,
      problems,
      members: members.length > 1 ? members : [],
      member,
      counts: list.counts,
      pageCount: Math.ceil(list.counts[tab] / PAGE_SIZE),
      rows: list.rows.map((r) => ({
        id: r.id,
        ref: r.ref,
        name: `${r.first_name} ${r.last_name}`,
        // The salon's whole book is for the owner and managers, who call and message their clients (the customer's
        // profile says vendors see their contact number); a stylist's own day shows it masked (app/models/team/roles.ts).
        phone: r.customer_phone,
        address: r.address,
        service: r.service_title,
        stylist: stylistOf(r),
        type: r.location_type === "home" ? "Home service" : "Salon",
        status: r.status,
        startsAt: r.starts_at,
        previousStartsAt: r.previous_starts_at,
        totalKobo: r.total_kobo,
        giftKobo: r.gift_kobo,
        promoKobo: r.promo_kobo,
        promoCode: r.promo_code,
        items: r.items,
        payment: paymentLabel(r, "vendor"),
        comment: r.comment,
        reason: r.status_reason,
        problem: r.problem_reason,
        isPast: hasStarted(r),
        reachedBy: reachedLabel(reached.get(r.id)),
        // "Book next visit": the salon's form with this client, service and member chosen (docs/domain.md, "Clients").
        rebook: `/vendor/appointment/new?${new URLSearchParams({ client: String(r.customer_id), service: String(r.service_id), ...(r.member_id ? { member: String(r.member_id) } : {}) })}`,
      })),
    },
    { status },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "appointments");
  const formData = await readForm(request);
  const back = safeRedirect(formData.get("back"), "/vendor/appointment");
  const submission = parseWithZod(formData, { schema: VendorAppointmentSchema });
  if (submission.status !== "success") {
    return data({ id: Number(formData.get("id")) || null, result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  try {
    const done: Record<typeof v.intent, string> = {
      accept: "Request accepted. We've told the customer.",
      decline: "Request declined. We've told the customer.",
      complete: "Marked completed.",
      no_show: "Marked as a no-show.",
      cancel: "Appointment cancelled. We've told the customer.",
    };
    if (v.intent === "accept") await acceptRequest(vendor.vendorId, v.id);
    else if (v.intent === "decline") await declineRequest(vendor.vendorId, v.id, v.reason);
    else if (v.intent === "complete") await completeAppointment(vendor.vendorId, v.id);
    else if (v.intent === "no_show") await markNoShow(vendor.vendorId, v.id);
    else await cancelByVendor(vendor.vendorId, v.id, v.reason);
    return redirectWithSuccess(back, done[v.intent], { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ id: v.id, result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

function ActionForm({ row, intent, back, children }: { row: Row; intent: string; back: string; children: ReactNode }) {
  return (
    <Form method="post" className="row-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="back" value={back} />
      {children}
    </Form>
  );
}

function WithReason({ row, intent, back, label, confirm }: { row: Row; intent: "decline" | "cancel"; back: string; label: string; confirm: string }) {
  const id = `${intent}-${row.id}`;
  return (
    <details className="appt-more">
      <summary className="btn btn--outline btn--small btn--danger">{label}</summary>
      <div className="appt-more__body">
        <ActionForm row={row} intent={intent} back={back}>
          <label htmlFor={id} className="field__label">
            Reason (sent to {row.name.split(" ")[0]})
          </label>
          <textarea id={id} name="reason" className="input textarea" required minLength={3} maxLength={300} rows={2} />
          <button type="submit" className="btn btn--danger-solid btn--small">
            {confirm}
          </button>
        </ActionForm>
      </div>
    </details>
  );
}

function RowActions({ row, tab, back }: { row: Row; tab: VendorTab; back: string }) {
  if (tab === "new") {
    return (
      <>
        <ActionForm row={row} intent="accept" back={back}>
          <button type="submit" className="btn btn--primary btn--small">
            Accept
          </button>
        </ActionForm>
        <WithReason row={row} intent="decline" back={back} label="Decline" confirm="Decline request" />
      </>
    );
  }
  if (row.problem !== null) {
    // A reported problem waits for Glow's admin; the vendor's buttons would be refused (docs/domain.md "Reported problems").
    return <span className="booking__muted">Glow is looking into it and will tell you what it decides.</span>;
  }
  if (row.status === "confirmed" && row.isPast) {
    return (
      <>
        <ActionForm row={row} intent="complete" back={back}>
          <button type="submit" className="btn btn--primary btn--small">
            Mark completed
          </button>
        </ActionForm>
        <ActionForm row={row} intent="no_show" back={back}>
          <button type="submit" className="btn btn--outline btn--small">
            No-show
          </button>
        </ActionForm>
      </>
    );
  }
  if (row.status === "confirmed") {
    return (
      <>
        {/* Another time or member: the calendar's move, checked as a booking is (docs/domain.md, "The calendar"). */}
        <Link to={`/vendor/calendar?date=${lagosToday(row.startsAt)}&move=${row.id}#move`} className="btn btn--outline btn--small">
          Move
        </Link>
        <WithReason row={row} intent="cancel" back={back} label="Cancel" confirm="Cancel appointment" />
      </>
    );
  }
  if (row.status === "completed")
    return (
      <Link to={row.rebook} className="btn btn--outline btn--small">
        Book next visit
      </Link>
    );
  return row.reason ? <span className="booking__muted">{row.reason}</span> : null;
}

export default function VendorAppointments() {
  const { tab, q, page, problems, counts, pageCount, rows, members, member } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const kept = { ...(q ? { q } : {}), ...(member !== null ? { member: String(member) } : {}) };
  const link = (extra: Record<string, string>) => `/vendor/appointment?${new URLSearchParams({ tab, ...kept, ...extra })}`;
  const back = link(page > 1 ? { page: String(page) } : {});
  const error = actionData?.result.error?.[""]?.[0] ?? Object.values(actionData?.result.error ?? {})[0]?.[0];

  return (
    <div className="booking vendor-appointments">
      <header className="vendor-appointments__head">
        <h1>Appointments</h1>
        <Link to="/vendor/appointment/new" className="btn btn--primary">
          New appointment
        </Link>
        <Form method="get" className="search-form" role="search">
          <input type="hidden" name="tab" value={tab} />
          <label htmlFor="appointment-search" className="visually-hidden">
            Search appointments
          </label>
          <input
            id="appointment-search"
            name="q"
            type="search"
            className="input"
            defaultValue={q}
            maxLength={SEARCH_MAX}
            placeholder="Name, service or reference"
          />
          {members.length > 0 ? (
            <select name="member" className="input" defaultValue={member === null ? "" : String(member)} aria-label="Team member">
              <option value="">Everyone</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          ) : null}
          <button type="submit" className="btn btn--outline">
            Search
          </button>
        </Form>
      </header>
      <nav className="tabs" aria-label="Appointment lists">
        {VENDOR_TABS.map((t) => (
          <Link
            key={t}
            to={`/vendor/appointment?${new URLSearchParams({ tab: t, ...kept })}`}
            className="tabs__tab"
            aria-current={t === tab ? "page" : undefined}
          >
            {/* Only new requests wait for the vendor: their count is the alert colour, the others a plain number. */}
            {VENDOR_TAB_LABEL[t]} {counts[t] ? <span className={t === "new" ? "badge" : "badge badge--count"}>{counts[t]}</span> : null}
          </Link>
        ))}
      </nav>
      <PageProblems problems={problems} page={page} />
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {rows.length === 0 && page > 1 ? null : rows.length === 0 ? (
        <div className="card empty">
          <p>{q ? `No appointments match "${q}" under ${VENDOR_TAB_LABEL[tab]}.` : `Nothing under ${VENDOR_TAB_LABEL[tab]} right now.`}</p>
          {q && VENDOR_TABS.some((t) => counts[t] > 0) ? (
            <ul className="appt-elsewhere" aria-label="Matches under other tabs">
              {VENDOR_TABS.filter((t) => counts[t] > 0).map((t) => (
                <li key={t}>
                  <Link to={`/vendor/appointment?${new URLSearchParams({ tab: t, ...kept })}`}>
                    {counts[t]} under {VENDOR_TAB_LABEL[t]}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        // If a row's content is ever wider than the column, the table scrolls on its own, not the whole page.
        <div className="table-scroll">
          <table className="table appt-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Service</th>
                <th scope="col">Where</th>
                <th scope="col">Payment</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Price</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} id={`appointment-${r.id}`} aria-label={`${r.name}, ${r.service}, ${formatDate(r.startsAt)}`}>
                  <td data-label="Name">
                    <span className="appt-table__name">
                      <strong>{r.name}</strong>
                      <span className="booking__muted">{r.ref}</span>
                      {r.phone ? (
                        <span className="appt-contact">
                          <a href={`tel:${r.phone}`}>{displayPhone(r.phone)}</a>
                          <ChatOnWhatsApp
                            phone={r.phone}
                            text={`Hello ${r.name.split(" ")[0]}, about your booking ${r.ref}: `}
                            className="appt-contact__whatsapp"
                          />
                        </span>
                      ) : null}
                    </span>
                  </td>
                  {/* One box per value: on a phone the cell is a label column and a value column (as in Time, below). */}
                  <td data-label="Service">
                    <span>
                      {r.service}
                      {r.stylist ? <span className="booking__muted"> · with {r.stylist}</span> : null}
                    </span>
                  </td>
                  {/* The home visit's address under "Home": a salon visit has none, and a column of dashes made the table too wide. */}
                  <td data-label="Where">
                    <span>
                      {r.type}
                      {r.address ? <span className="appt-where">{r.address}</span> : null}
                    </span>
                  </td>
                  <td data-label="Payment">{r.payment}</td>
                  <td data-label="Status">
                    <span>
                      <StatusPill status={r.status} label={VENDOR_STATUS_LABEL[r.status]} />
                      {r.problem !== null ? (
                        <span className="appt-problem">
                          <strong>Problem reported:</strong> {r.problem}
                        </span>
                      ) : null}
                    </span>
                  </td>
                  <td data-label="Date" className="appt-table__date">
                    {formatDate(r.startsAt)}
                  </td>
                  <td data-label="Time">
                    {/* One box: on a phone the cell is a label column and a value column, and "(was …)" belongs to the value. */}
                    <span>
                      <span className="appt-table__unit">{formatTime(r.startsAt)}</span>
                      {r.previousStartsAt ? (
                        <span className="booking__muted appt-was">
                          {" "}
                          (was <span className="appt-table__unit">{formatDate(r.previousStartsAt).replace(/, \d{4}$/, "")},</span>{" "}
                          <span className="appt-table__unit">{formatTime(r.previousStartsAt)}</span>)
                        </span>
                      ) : null}
                    </span>
                  </td>
                  <td data-label="Price">
                    <details className="price">
                      <summary className="btn btn--outline btn--small">{formatNaira(r.totalKobo)}</summary>
                      <div className="price__body">
                        <SummaryLines items={r.items} totalKobo={r.totalKobo} giftKobo={r.giftKobo} promoKobo={r.promoKobo} promoCode={r.promoCode} />
                        {r.comment ? <p className="booking__muted">Comment: {r.comment}</p> : null}
                        <p className="booking__muted">Customer reached by {r.reachedBy}</p>
                      </div>
                    </details>
                  </td>
                  <td className="appt-table__actions">
                    {actionData?.id === r.id && error ? <span className="field__error">{error}</span> : null}
                    <RowActions row={r} tab={tab} back={back} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} label="Appointment pages" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
