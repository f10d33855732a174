import type { LoaderFunctionArgs } from "@remix-run/node";
import { readMemberFilter } from "~/http/member-filter.server";
import { readReportDays } from "~/http/report-range.server";
import { requireVendor } from "~/http/session.server";
import { appointmentsCsv } from "~/models/money/report-exports.server";
import { csvResponse } from "~/utils/csv.server";

// GET /vendor/finance/appointments.csv?from=&to=&member=: the report's appointments as CSV (docs/domain.md, "The report").
export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "money");
  const url = new URL(request.url);
  const days = readReportDays(url);
  if (days.problem) return new Response(days.problem, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { member } = await readMemberFilter(url, vendor.vendorId);
  const csv = await appointmentsCsv({ vendorId: vendor.vendorId, fromDay: days.fromDay, toDay: days.toDay, memberId: member ?? undefined });
  return csvResponse(csv, `appointments-${days.fromDay}-to-${days.toDay}.csv`);
}
