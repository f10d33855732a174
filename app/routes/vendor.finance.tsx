import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { getLedgerPage, getVendorTotals } from "~/models/ledger.server";
import { requireVendor } from "~/http/session.server";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";

// /vendor/finance: 'Spending History' figures computed from the ledger, a Withdraw
// button, and the 'Breakdown' table with its category tabs and previous/next pagination, all in the URL.

export const meta: MetaFunction = () => [{ title: "Finance | Vendor dashboard | Glow" }];

const PAGE_SIZE = 20;
const PAGE_LINKS = 10;
/** The Breakdown tabs: every entry, or the entries of one service group. */
const TABS = ["All", "Hair", "Nails", "Pedicure", "Tatoo", "Spa"] as const;
type Tab = (typeof TABS)[number];

const tabOf = (param: string | null): Tab => TABS.find((t) => t.toLowerCase() === param?.toLowerCase()) ?? "All";

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const pageParam = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  const [totals, breakdown] = await Promise.all([
    getVendorTotals(vendor.vendorId),
    getLedgerPage({ vendorId: vendor.vendorId, group: tab === "All" ? undefined : tab, page, pageSize: PAGE_SIZE }),
  ]);
  return data({ tab, page, pages: Math.max(1, Math.ceil(breakdown.total / PAGE_SIZE)), totals, rows: breakdown.rows });
}

const hrefFor = (tab: Tab, page = 1) => `/vendor/finance?tab=${tab.toLowerCase()}${page > 1 ? `&page=${page}` : ""}#breakdown`;

export default function FinancePage() {
  const { tab, page, pages, totals, rows } = useLoaderData<typeof loader>();
  const figures = [
    { label: "Net Income", value: totals.netIncomeKobo, note: "Earnings less fees and refunds" },
    { label: "Total Spent", value: totals.totalSpentKobo, note: "Platform fees and refunds" },
    { label: "Total Withdrawn", value: totals.totalWithdrawnKobo, note: "Paid out to your bank" },
    { label: "Balance", value: totals.balanceKobo, note: "Available to withdraw" },
    { label: "Pending", value: totals.pendingKobo, note: "Paid for visits not yet completed" },
  ];
  return (
    <>
      <div className="dash-head">
        <h1>Finance</h1>
        <Link to="/vendor/withdraw" className="btn btn--primary">
          Withdraw
        </Link>
      </div>
      <section aria-labelledby="history-title" className="dash-section">
        <h2 id="history-title" className="card__title">
          Spending History
        </h2>
        <ul className="stats">
          {figures.map((f) => (
            <li key={f.label} className={`stat card${f.label === "Balance" ? " stat--balance" : ""}`}>
              <span className="stat__label">{f.label}</span>
              <strong className="stat__value">{formatNaira(f.value)}</strong>
              <span className="stat__note">{f.note}</span>
            </li>
          ))}
        </ul>
      </section>
      <section id="breakdown" aria-labelledby="breakdown-title" className="dash-section card">
        <h2 id="breakdown-title" className="card__title">
          Breakdown
        </h2>
        <nav className="tabs" aria-label="Breakdown by service">
          {TABS.map((t) => (
            <Link key={t} to={hrefFor(t)} className="tabs__tab" aria-current={t === tab ? "page" : undefined} preventScrollReset>
              {t}
            </Link>
          ))}
        </nav>
        {rows.length === 0 ? (
          <p className="empty">No {tab === "All" ? "" : `${tab} `}entries yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Service</th>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td className="finance__title">{r.title}</td>
                    <td data-label="Service">{r.groupName ?? (r.kind === "withdrawal" ? "Withdrawal" : "—")}</td>
                    <td data-label="Date">{formatDate(r.createdAt)}</td>
                    <td className={r.amountKobo < 0 ? "amount--out" : "amount--in"}>{r.amountKobo > 0 ? `+${formatNaira(r.amountKobo)}` : formatNaira(r.amountKobo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? <Pagination page={page} pages={pages} href={(p) => hrefFor(tab, p)} /> : null}
      </section>
    </>
  );
}

function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const first = Math.max(1, Math.min(page - Math.floor(PAGE_LINKS / 2), pages - PAGE_LINKS + 1));
  const numbers = Array.from({ length: Math.min(PAGE_LINKS, pages) }, (_, i) => first + i);
  const arrow = (to: number, label: string, d: string) =>
    to < 1 || to > pages ? (
      <span aria-hidden="true" className="pagination__off">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d={d} />
        </svg>
      </span>
    ) : (
      <Link to={href(to)} aria-label={label} preventScrollReset>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d={d} />
        </svg>
      </Link>
    );
  return (
    <nav className="pagination" aria-label="Breakdown pages">
      {arrow(page - 1, "Previous page", "M15 18l-6-6 6-6")}
      {numbers.map((n) => (
        <Link key={n} to={href(n)} aria-current={n === page ? "page" : undefined} preventScrollReset>
          {n}
        </Link>
      ))}
      {arrow(page + 1, "Next page", "M9 18l6-6-6-6")}
    </nav>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
