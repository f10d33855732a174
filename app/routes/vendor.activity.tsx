import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary, PageProblems, PrevNext } from "~/components/common";
import { AuditTable } from "~/components/audit-table";
import styles from "~/styles/dashboard.css";
import { listAudit } from "~/models/system/audit.server";
import { listPageOutcome, readListPage } from "~/utils/query-params.server";
import { requireVendor } from "~/http/session.server";

// /vendor/activity: the vendor's own money events from the audit trail (withdrawals asked for and confirmed, bank
// accounts added, confirmed and deleted, Glow's decisions on reported visits) and the team's invitations and role
// changes, newest first, with the address.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Money and team activity | Glow" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "money");
  const read = readListPage(new URL(request.url).searchParams);
  const list = await listAudit({ vendorId: vendor.vendorId }, read.page);
  const { problems, status } = listPageOutcome(read, list.rows.length);
  return data({ page: read.page, problems, rows: list.rows, hasMore: list.hasMore }, { status });
}

export default function VendorActivityPage() {
  const { page, problems, rows, hasMore } = useLoaderData<typeof loader>();
  return (
    <section className="dash-section">
      <div className="dash-head">
        <div>
          <h1>Money and team activity</h1>
          <p className="dash-sub">
            Who did what with your money and your team&apos;s roles, and from which address. Your balance and its entries are on{" "}
            <Link to="/vendor/finance">Finance</Link>.
          </p>
        </div>
      </div>
      <PageProblems problems={problems} page={page} />
      {rows.length === 0 ? <p className="empty">No activity yet.</p> : <AuditTable rows={rows} showWho={false} />}
      <PrevNext page={page} hasMore={hasMore} label="Activity pages" />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
