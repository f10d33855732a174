import { getDb } from "~/db/db.server";
import type { AppointmentStatus } from "~/db/schema";
import { addDaysToDay, lagosInstant } from "~/utils/time";
import { REPORT_STATES, type ReportState } from "./report-states";

// Finance's report for a date range and, optionally, one member (docs/domain.md, "The report"). Money comes from
// the ledger exactly as Finance's Net Income does (earnings less fees and refunds, by when each entry was written),
// so over all time the services' net adds up to Net Income; visits come from the appointments due in the range.

/** The longest range one report covers, in days. */
export const REPORT_MAX_DAYS = 366;

/** A booking that counts as a client's "later booking" for the rebooking rate. */
const BOOKED: AppointmentStatus[] = ["requested", "confirmed", "completed", "no_show"];

export interface ReportRange {
  vendorId: number;
  fromDay: string;
  toDay: string;
  memberId?: number;
}

export interface ServiceRevenue {
  service: string;
  earningKobo: number;
  /** Fees and refunds, as a negative figure. */
  deductedKobo: number;
  netKobo: number;
}

export interface FinanceReport {
  revenue: ServiceRevenue[];
  netKobo: number;
  visits: Record<ReportState, number>;
  /** No-shows over visits that were due to happen (completed and no-shows); null when none was. */
  noShowRate: number | null;
  /** Cancellations over bookings made (every state but declined); null when none was. */
  cancellationRate: number | null;
  /** Clients with a completed visit in the range: first completed visit with the salon then (new), or before (returning). */
  newClients: number;
  returningClients: number;
  /** Of those clients, how many have any later booking (requested, confirmed, completed or no-show) with the salon. */
  rebookedClients: number;
  rebookingRate: number | null;
}

const bounds = (r: ReportRange) => ({ from: lagosInstant(r.fromDay, 0), to: lagosInstant(addDaysToDay(r.toDay, 1), 0) });
const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Revenue per service from the ledger entries written in the range (fees and refunds included, releases not). */
async function revenueByService(range: ReportRange): Promise<ServiceRevenue[]> {
  const db = await getDb();
  const { from, to } = bounds(range);
  let query = db
    .selectFrom("ledger_entries as l")
    .leftJoin("appointments as a", "a.id", "l.appointment_id")
    .leftJoin("services as s", "s.id", "a.service_id")
    .select(["s.title", "l.kind", (eb) => eb.fn.sum<number>("l.amount_kobo").as("total")])
    .where("l.vendor_id", "=", range.vendorId)
    .where("l.kind", "in", ["earning", "fee", "refund"])
    .where("l.created_at", ">=", from)
    .where("l.created_at", "<", to);
  if (range.memberId !== undefined) query = query.where("a.member_id", "=", range.memberId);
  const rows = await query.groupBy(["s.title", "l.kind"]).execute();
  const byService = new Map<string, ServiceRevenue>();
  for (const r of rows) {
    const service = r.title ?? "Other";
    const line = byService.get(service) ?? { service, earningKobo: 0, deductedKobo: 0, netKobo: 0 };
    const total = Number(r.total ?? 0);
    if (r.kind === "earning") line.earningKobo += total;
    else line.deductedKobo += total;
    line.netKobo += total;
    byService.set(service, line);
  }
  return [...byService.values()].sort((a, b) => b.netKobo - a.netKobo || a.service.localeCompare(b.service));
}

export async function financeReport(range: ReportRange): Promise<FinanceReport> {
  const db = await getDb();
  const { from, to } = bounds(range);
  let query = db
    .selectFrom("appointments")
    .select(["customer_id", "status", "starts_at"])
    .where("vendor_id", "=", range.vendorId)
    .where("status", "in", [...REPORT_STATES])
    .where("starts_at", ">=", from)
    .where("starts_at", "<", to);
  if (range.memberId !== undefined) query = query.where("member_id", "=", range.memberId);
  const [revenue, visitRows] = await Promise.all([revenueByService(range), query.execute()]);
  const visits = Object.fromEntries(REPORT_STATES.map((s) => [s, 0])) as Record<ReportState, number>;
  const lastVisit = new Map<number, string>();
  for (const v of visitRows) {
    visits[v.status as ReportState] += 1;
    if (v.status === "completed" && (lastVisit.get(v.customer_id) ?? "") < v.starts_at) lastVisit.set(v.customer_id, v.starts_at);
  }
  const clients = [...lastVisit.keys()];
  let returningClients = 0;
  let rebookedClients = 0;
  if (clients.length > 0) {
    const history = await db
      .selectFrom("appointments")
      .select(["customer_id", "status", "starts_at"])
      .where("vendor_id", "=", range.vendorId)
      .where("customer_id", "in", clients)
      .where("status", "in", BOOKED)
      .execute();
    const before = new Set<number>();
    const later = new Set<number>();
    for (const h of history) {
      if (h.status === "completed" && h.starts_at < from) before.add(h.customer_id);
      if (h.starts_at > lastVisit.get(h.customer_id)!) later.add(h.customer_id);
    }
    returningClients = before.size;
    rebookedClients = later.size;
  }
  const made = visits.requested + visits.confirmed + visits.completed + visits.no_show + visits.cancelled;
  return {
    revenue,
    netKobo: revenue.reduce((sum, r) => sum + r.netKobo, 0),
    visits,
    noShowRate: rate(visits.no_show, visits.completed + visits.no_show),
    cancellationRate: rate(visits.cancelled, made),
    newClients: clients.length - returningClients,
    returningClients,
    rebookedClients,
    rebookingRate: rate(rebookedClients, clients.length),
  };
}
