import type { LoaderFunctionArgs } from "@remix-run/node";
import { readMemberFilter } from "~/http/member-filter.server";
import { readReportDays } from "~/http/report-range.server";
import { requireVendor } from "~/http/session.server";
import { ledgerCsv } from "~/models/money/report-exports.server";
import { csvResponse } from "~/utils/csv.server";

// GET /vendor/finance/ledger.csv?from=&to=&member=: the ledger entries of the range as CSV (docs/domain.md, "The report").
export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "money");
  const url = new URL(request.url);
  const days = readReportDays(url);
  if (days.problem) return new Response(days.problem, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { member } = await readMemberFilter(url, vendor.vendorId);
  const csv = await ledgerCsv({ vendorId: vendor.vendorId, fromDay: days.fromDay, toDay: days.toDay, memberId: member ?? undefined });
  return csvResponse(csv, `ledger-${days.fromDay}-to-${days.toDay}.csv`);
}
