import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary, Pagination, PageProblems } from "~/components/common";
import { MemberFilter } from "~/components/member-filter";
import { readMemberFilter } from "~/http/member-filter.server";
import { breakdownPage } from "~/models/money/breakdown.server";
import { getVendorTotals } from "~/models/money/ledger.server";
import { requireVendor } from "~/http/session.server";
import { discountsGiven } from "~/models/promos/promo-codes.server";
import { formatNaira } from "~/utils/money";
import { listPageOutcome, readListPage } from "~/utils/query-params.server";
import { formatDate } from "~/utils/time";

// /vendor/finance: 'Spending History' figures computed from the ledger, a Withdraw
// button, and the 'Breakdown' table with its category tabs, its Stylist filter and previous/next pagination, all in the URL.

export const meta: MetaFunction = () => [{ title: "Finance | Vendor dashboard | Glow" }];

const PAGE_SIZE = 20;
/** The Breakdown tabs: every entry, or the entries of one service group. */
const TABS = ["All", "Hair", "Nails", "Pedicure", "Tatoo", "Spa"] as const;
type Tab = (typeof TABS)[number];

const tabOf = (param: string | null): Tab => TABS.find((t) => t.toLowerCase() === param?.toLowerCase()) ?? "All";

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "money");
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const read = readListPage(url.searchParams);
  const { page } = read;
  const { members, member } = await readMemberFilter(url, vendor.vendorId);
  const [totals, discounts, breakdown] = await Promise.all([
    getVendorTotals(vendor.vendorId),
    discountsGiven(vendor.vendorId),
    breakdownPage({ vendorId: vendor.vendorId, group: tab === "All" ? undefined : tab, memberId: member ?? undefined, page, pageSize: PAGE_SIZE }),
  ]);
  const { problems, status } = listPageOutcome(read, breakdown.lines.length);
  return data(
    {
      tab,
      page,
      problems,
      pages: Math.max(1, Math.ceil(breakdown.total / PAGE_SIZE)),
      totals,
      discounts,
      rows: breakdown.lines,
      lineCount: breakdown.total,
      sumKobo: breakdown.sumKobo,
      members,
      member,
    },
    { status },
  );
}

const tabHref = (tab: Tab, member: number | null) => `/vendor/finance?tab=${tab.toLowerCase()}${member === null ? "" : `&member=${member}`}#breakdown`;

export default function FinancePage() {
  const { tab, page, problems, pages, totals, discounts, rows, lineCount, sumKobo, members, member } = useLoaderData<typeof loader>();
  const memberName = members.find((m) => m.id === member)?.name;
  const figures = [
    { label: "Net Income", value: totals.netIncomeKobo, note: "Earnings less fees and refunds" },
    { label: "Total Spent", value: totals.totalSpentKobo, note: "Platform fees and refunds" },
    { label: "Total Withdrawn", value: totals.totalWithdrawnKobo, note: "Paid out to your bank" },
    { label: "Collected in person", value: totals.collectedInPersonKobo, note: "Taken by you at visits" },
    { label: "Balance", value: totals.balanceKobo, note: "Available to withdraw" },
    { label: "Pending", value: totals.pendingKobo, note: "Paid for visits not yet completed" },
    // Not ledger money: what the salon's promo codes took off completed visits, so the owner sees what they cost.
    { label: "Discounts given", value: discounts.kobo, note: `Promo codes at ${discounts.visits} completed visit${discounts.visits === 1 ? "" : "s"}` },
  ];
  return (
    <>
      <div className="dash-head">
        <h1>Finance</h1>
        <span className="dash-head__actions">
          <Link to="/vendor/finance/report" className="btn btn--outline">
            Report
          </Link>
          <Link to="/vendor/withdraw" className="btn btn--primary">
            Withdraw
          </Link>
        </span>
      </div>
      <PageProblems problems={problems} page={page} />
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
            <Link key={t} to={tabHref(t, member)} className="tabs__tab" aria-current={t === tab ? "page" : undefined} preventScrollReset>
              {t}
            </Link>
          ))}
        </nav>
        <MemberFilter members={members} chosen={member} keep={{ tab: tab.toLowerCase() }} />
        {lineCount > 0 ? (
          <p className="dash-sub finance__sum">
            {lineCount} line{lineCount === 1 ? "" : "s"}
            {memberName ? ` of ${memberName}'s visits` : ""}, net {formatNaira(sumKobo)}
          </p>
        ) : null}
        {rows.length === 0 && page > 1 ? null : rows.length === 0 ? (
          <p className="empty">
            No {tab === "All" ? "" : `${tab} `}entries{memberName ? ` for ${memberName}` : ""} yet.
          </p>
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
                  <tr key={r.key}>
                    <td className="finance__title">
                      {r.title}
                      {r.ref ? (
                        <span className="finance__who">
                          {r.ref} · {r.customerName}
                        </span>
                      ) : null}
                      <span className="finance__what">{r.what}</span>
                    </td>
                    <td data-label="Service">{r.groupName ?? (r.kind === "withdrawal" ? "Withdrawal" : "—")}</td>
                    <td data-label="Date">{formatDate(r.createdAt)}</td>
                    <td className={r.amountKobo < 0 ? "amount--out" : "amount--in"}>
                      {r.amountKobo > 0 ? `+${formatNaira(r.amountKobo)}` : formatNaira(r.amountKobo)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} pageCount={pages} label="Breakdown pages" hash="breakdown" />
      </section>
    </>
  );
}

// Its own boundary keeps a refusal (a stylist: "Only the salon's owner can open the money pages.") or an error
// inside the dashboard's frame, with the member's own links beside it, instead of replacing the whole dashboard.
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
