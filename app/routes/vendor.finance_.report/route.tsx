import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { bookingStyles } from "~/components/booking-pages";
import { DayInput, GeneralErrorBoundary } from "~/components/common";
import { readMemberFilter } from "~/http/member-filter.server";
import { readReportDays } from "~/http/report-range.server";
import { requireVendor } from "~/http/session.server";
import { REPORT_STATES } from "~/models/money/report-states";
import { financeReport } from "~/models/money/report.server";
import { discountsGiven } from "~/models/promos/promo-codes.server";
import { formatNaira } from "~/utils/money";
import { addDaysToDay, formatDay, lagosInstant, lagosToday } from "~/utils/time";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];

export const meta: MetaFunction = () => [{ title: "Report · Finance · Vendor · Glow" }];

// GET /vendor/finance/report?from=YYYY-MM-DD&to=YYYY-MM-DD&member=ID: Finance's report for a range and a member
// (docs/domain.md, "The report"), owner only like the rest of Finance, with its two CSV exports as plain links.

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "money");
  const url = new URL(request.url);
  const days = readReportDays(url);
  const { members, member } = await readMemberFilter(url, vendor.vendorId);
  const report = await financeReport({ vendorId: vendor.vendorId, fromDay: days.fromDay, toDay: days.toDay, memberId: member ?? undefined });
  // Promo codes' discounts are the salon's, not a stylist's: the whole salon's visits in the range.
  const discounts = await discountsGiven(vendor.vendorId, { fromIso: lagosInstant(days.fromDay, 0), toIso: lagosInstant(addDaysToDay(days.toDay, 1), 0) });
  return data({ ...days, today: lagosToday(), members, member, report, discounts }, { status: days.problem ? 400 : 200 });
}

const STATE_LABEL: Record<(typeof REPORT_STATES)[number], string> = {
  requested: "Requested (not yet answered)",
  confirmed: "Confirmed (to come or to mark)",
  completed: "Completed",
  no_show: "No-show",
  cancelled: "Cancelled",
  declined: "Declined",
};

const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 1000) / 10} %`);

export default function FinanceReport() {
  const { fromDay, toDay, today, problem, members, member, report, discounts } = useLoaderData<typeof loader>();
  const query = `from=${fromDay}&to=${toDay}${member === null ? "" : `&member=${member}`}`;
  const memberName = members.find((m) => m.id === member)?.name;
  const clients = report.newClients + report.returningClients;
  return (
    <div className="booking finance-report">
      <div className="dash-head">
        <h1>Report</h1>
        <Link to="/vendor/finance" className="btn btn--outline">
          Back to Finance
        </Link>
      </div>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <Form method="get" className="hours-off__form card hours-card">
        {/* The last 30 days to pick from; any other day can be typed. */}
        {(
          [
            ["from", "From", fromDay],
            ["to", "To", toDay],
          ] as const
        ).map(([name, label, day]) => (
          <div className="field" key={`${name}-${day}`}>
            <label htmlFor={`report-${name}`} className="field__label">
              {label}
            </label>
            <DayInput
              id={`report-${name}`}
              name={name}
              today={today}
              listFrom={addDaysToDay(today, -29)}
              days={30}
              placeholder={label}
              defaultValue={formatDay(day)}
              required
            />
          </div>
        ))}
        {members.length > 1 ? (
          <label className="field">
            <span className="field__label">Stylist</span>
            <select name="member" className="input" defaultValue={member === null ? "" : String(member)} key={member}>
              <option value="">All stylists</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="btn btn--primary">
          Show report
        </button>
      </Form>
      <p className="dash-sub">
        {formatDay(fromDay)} to {formatDay(toDay)}
        {memberName ? `, ${memberName}'s visits` : ", the whole salon"}.{" "}
        <a href={`/vendor/finance/appointments.csv?${query}`} download>
          Appointments (CSV)
        </a>{" "}
        ·{" "}
        <a href={`/vendor/finance/ledger.csv?${query}`} download>
          Ledger (CSV)
        </a>
      </p>

      <section className="card dash-section" aria-labelledby="revenue-title">
        <h2 id="revenue-title" className="card__title">
          Revenue by service
        </h2>
        <p className="dash-sub">Money written to your ledger in the range, as Net Income counts it: earnings less platform fees and refunds.</p>
        <p className="dash-sub">
          Discounts given with your promo codes: {formatNaira(discounts.kobo)} at {discounts.visits} completed visit{discounts.visits === 1 ? "" : "s"} in the
          range (the whole salon; customers paid that much less, and no fee was taken on it).
        </p>
        {report.revenue.length === 0 ? (
          <p className="empty">No money moved in this range.</p>
        ) : (
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">Earnings</th>
                  <th scope="col">Fees and refunds</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {report.revenue.map((r) => (
                  <tr key={r.service}>
                    <td data-label="Service">{r.service}</td>
                    <td data-label="Earnings">
                      <span className="amount">{formatNaira(r.earningKobo)}</span>
                    </td>
                    <td data-label="Fees and refunds">
                      <span className="amount">{formatNaira(r.deductedKobo)}</span>
                    </td>
                    <td data-label="Net">
                      <span className="amount">{formatNaira(r.netKobo)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td colSpan={2} />
                  <td data-label="Net">
                    <strong>{formatNaira(report.netKobo)}</strong>
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>

      <section className="card dash-section" aria-labelledby="visits-title">
        <h2 id="visits-title" className="card__title">
          Visits by state
        </h2>
        <p className="dash-sub">Bookings whose time falls in the range.</p>
        <dl className="report-figures">
          {REPORT_STATES.map((s) => (
            <div key={s}>
              <dt>{STATE_LABEL[s]}</dt>
              <dd>{report.visits[s]}</dd>
            </div>
          ))}
          <div>
            <dt>No-show rate</dt>
            <dd>{percent(report.noShowRate)}</dd>
          </div>
          <div>
            <dt>Cancellation rate</dt>
            <dd>{percent(report.cancellationRate)}</dd>
          </div>
        </dl>
        <p className="booking__muted">
          No-show rate: no-shows over the visits that were due (completed and no-shows). Cancellation rate: cancelled bookings over the bookings made
          (requested, confirmed, completed, no-shows and cancelled; declined requests are not counted).
        </p>
      </section>

      <section className="card dash-section" aria-labelledby="clients-title">
        <h2 id="clients-title" className="card__title">
          Clients
        </h2>
        <dl className="report-figures">
          <div>
            <dt>Clients with a completed visit</dt>
            <dd>{clients}</dd>
          </div>
          <div>
            <dt>New</dt>
            <dd>{report.newClients}</dd>
          </div>
          <div>
            <dt>Returning</dt>
            <dd>{report.returningClients}</dd>
          </div>
          <div>
            <dt>Rebooking rate</dt>
            <dd>{percent(report.rebookingRate)}</dd>
          </div>
        </dl>
        <p className="booking__muted">
          New: their first completed visit with the salon is in the range; returning: they had one before it. Rebooking rate: of the clients with a completed
          visit in the range, the share who have any later booking with the salon (requested, confirmed, completed or a no-show), made at any time; cancelled
          bookings do not count. It can still rise as clients book.
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
