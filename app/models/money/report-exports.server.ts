import { getDb } from "~/db/db.server";
import { formatDate, formatTime, lagosInstant, addDaysToDay } from "~/utils/time";
import { nairaCell, toCsv } from "~/utils/csv";
import { paymentState } from "./payment-state";
import type { ReportRange } from "./report.server";

// The report's two exports as CSV text (docs/domain.md, "The report"): the appointments due in the range and the
// ledger entries written in it, with the member filter of the report. The owner's own data, phones included.

/** The most rows one export holds: a salon's busiest year fits many times over. */
export const EXPORT_MAX_ROWS = 20_000;

export async function appointmentsCsv(range: ReportRange): Promise<string> {
  const db = await getDb();
  let query = db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .leftJoin("team_members as m", "m.id", "a.member_id")
    .select(["a.ref", "a.starts_at", "a.status", "a.payment_status", "a.deposit_kobo", "a.total_kobo", "a.promo_code", "a.promo_kobo", "a.gift_kobo"])
    .select(["s.title", "m.name as member"])
    .select(["c.first_name", "c.last_name", "c.phone", "c.email"])
    .where("a.vendor_id", "=", range.vendorId)
    .where("a.status", "not in", ["held", "expired"])
    .where("a.starts_at", ">=", lagosInstant(range.fromDay, 0))
    .where("a.starts_at", "<", lagosInstant(addDaysToDay(range.toDay, 1), 0));
  if (range.memberId !== undefined) query = query.where("a.member_id", "=", range.memberId);
  const rows = await query.orderBy("a.starts_at").orderBy("a.id").limit(EXPORT_MAX_ROWS).execute();
  // The total is what was left to pay once the promo code and gift cards took their parts (docs/domain.md, "Gifts and
  // offers"): the salon pays for the discount, so it is shown beside the total, as on the appointment's page.
  return toCsv(
    [
      "Reference",
      "Date",
      "Time",
      "Member",
      "Client",
      "Phone",
      "E-mail",
      "Service",
      "State",
      "Payment",
      "Promo code",
      "Discount (NGN)",
      "Gift cards (NGN)",
      "Total (NGN)",
    ],
    rows.map((r) => [
      r.ref,
      formatDate(r.starts_at),
      formatTime(r.starts_at),
      r.member,
      `${r.first_name} ${r.last_name}`.trim(),
      r.phone,
      r.email,
      r.title,
      r.status,
      paymentState(r),
      r.promo_code,
      nairaCell(r.promo_kobo),
      nairaCell(r.gift_kobo),
      nairaCell(r.total_kobo),
    ]),
  );
}

export async function ledgerCsv(range: ReportRange): Promise<string> {
  const db = await getDb();
  let query = db
    .selectFrom("ledger_entries as l")
    .leftJoin("appointments as a", "a.id", "l.appointment_id")
    .select(["l.created_at", "l.kind", "l.account", "l.title", "l.group_name", "l.amount_kobo", "a.ref"])
    .where("l.vendor_id", "=", range.vendorId)
    .where("l.created_at", ">=", lagosInstant(range.fromDay, 0))
    .where("l.created_at", "<", lagosInstant(addDaysToDay(range.toDay, 1), 0));
  if (range.memberId !== undefined) query = query.where("a.member_id", "=", range.memberId);
  const rows = await query.orderBy("l.created_at").orderBy("l.id").limit(EXPORT_MAX_ROWS).execute();
  return toCsv(
    ["Date", "Time", "Kind", "Account", "Title", "Group", "Booking", "Amount (NGN)"],
    rows.map((r) => [formatDate(r.created_at), formatTime(r.created_at), r.kind, r.account, r.title, r.group_name, r.ref, nairaCell(r.amount_kobo)]),
  );
}
