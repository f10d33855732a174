import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import type { LedgerKind } from "~/db/schema";
import { formatNaira } from "~/utils/money";

// Finance's Breakdown as a salon owner reads it: one line per thing that happened, not per ledger entry. The
// entries written together for one appointment (a payment's earning and fee; a visit's money collected in person
// with its fee; a refund) make one line naming the appointment and its customer, with its net amount and one
// sentence saying what it was. A withdrawal is a line of its own. Releases only move money between the vendor's two
// accounts (docs/domain.md "The ledger") and are no line at all.

export type BreakdownKind = "paid" | "in-person" | "refund" | "withdrawal" | "other";

export interface BreakdownLine {
  key: string;
  kind: BreakdownKind;
  title: string;
  /** The appointment's reference and its customer, when the line is about one. */
  ref: string | null;
  customerName: string | null;
  groupName: string | null;
  /** One sentence: what happened to the money. */
  what: string;
  /** The net change of the vendor's money, in signed kobo. */
  amountKobo: number;
  createdAt: string;
}

interface Entry {
  id: number;
  kind: LedgerKind;
  amount_kobo: number;
  title: string;
  group_name: string | null;
  appointment_id: number | null;
  created_at: string;
}

/**
 * One page of a vendor's Breakdown lines, newest first, optionally of one group (Hair, Nails, ...) and of one team
 * member's visits (a line of no visit, such as a withdrawal, is no member's). `sumKobo` is the net of every line the
 * filters keep, on all pages: the members' sums and the lines of no visit add up to the unfiltered one.
 */
export async function breakdownPage(args: {
  vendorId: number;
  group?: string;
  memberId?: number;
  page: number;
  pageSize: number;
}): Promise<{ lines: BreakdownLine[]; total: number; sumKobo: number }> {
  const db = await getDb();
  // Entries of one appointment written at one moment are one line; an entry of no appointment is a line alone.
  const lineKey = sql<number>`coalesce(appointment_id, -id)`;
  let entries = db.selectFrom("ledger_entries").where("vendor_id", "=", args.vendorId).where("kind", "!=", "release");
  if (args.group) entries = entries.where("group_name", "=", args.group);
  if (args.memberId !== undefined) {
    const memberId = args.memberId;
    entries = entries.where("appointment_id", "in", (eb) =>
      eb.selectFrom("appointments").select("id").where("vendor_id", "=", args.vendorId).where("member_id", "=", memberId),
    );
  }
  const grouped = entries.select([lineKey.as("line_key"), "created_at", (eb) => eb.fn.max("id").as("last_id")]).groupBy([lineKey, "created_at"]);
  const [{ count }, { sum }, keys] = await Promise.all([
    db
      .selectFrom(grouped.as("g"))
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    entries.select((eb) => eb.fn.sum<string | number | null>("amount_kobo").as("sum")).executeTakeFirstOrThrow(),
    grouped
      .orderBy("created_at", "desc")
      .orderBy("last_id", "desc")
      .limit(args.pageSize)
      .offset((args.page - 1) * args.pageSize)
      .execute(),
  ]);
  const sumKobo = Number(sum ?? 0);
  if (keys.length === 0) return { lines: [], total: Number(count), sumKobo };

  const appointmentIds = [...new Set(keys.map((k) => Number(k.line_key)).filter((k) => k > 0))];
  const entryIds = keys
    .map((k) => Number(k.line_key))
    .filter((k) => k < 0)
    .map((k) => -k);
  const [rows, appointments, refunds] = await Promise.all([
    entries
      .select(["id", "kind", "amount_kobo", "title", "group_name", "appointment_id", "created_at"])
      .where((eb) =>
        eb.or([...(appointmentIds.length ? [eb("appointment_id", "in", appointmentIds)] : []), ...(entryIds.length ? [eb("id", "in", entryIds)] : [])]),
      )
      .execute(),
    appointmentIds.length
      ? db
          .selectFrom("appointments as a")
          .innerJoin("users as c", "c.id", "a.customer_id")
          .innerJoin("services as s", "s.id", "a.service_id")
          .select(["a.id", "a.ref", "c.first_name", "c.last_name", "s.title"])
          .where("a.id", "in", appointmentIds)
          .execute()
      : [],
    appointmentIds.length
      ? db
          .selectFrom("refunds")
          .select(["appointment_id", "created_at", (eb) => eb.fn.sum<number>("amount_kobo").as("total")])
          .where("appointment_id", "in", appointmentIds)
          .groupBy(["appointment_id", "created_at"])
          .execute()
      : [],
  ]);

  const lines = keys.map((k): BreakdownLine => {
    const key = Number(k.line_key);
    const mine = rows.filter((r) => (key > 0 ? r.appointment_id === key : r.id === -key) && r.created_at === k.created_at);
    const appointment = key > 0 ? appointments.find((a) => a.id === key) : undefined;
    const refunded = refunds.filter((r) => r.appointment_id === key && r.created_at === k.created_at).reduce((s, r) => s + Number(r.total), 0);
    return describe(mine as Entry[], k.created_at, appointment, refunded);
  });
  return { lines, total: Number(count), sumKobo };
}

function describe(
  entries: Entry[],
  createdAt: string,
  appointment: { id: number; ref: string; first_name: string; last_name: string; title: string } | undefined,
  refundedKobo: number,
): BreakdownLine {
  const of = (kind: LedgerKind) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount_kobo, 0);
  const has = (kind: LedgerKind) => entries.some((e) => e.kind === kind);
  const first = entries[0]!;
  const customerName = appointment ? `${appointment.first_name} ${appointment.last_name}` : null;
  const base = {
    key: `${appointment ? `a${appointment.id}` : `e${first.id}`}-${createdAt}`,
    title: appointment?.title ?? first.title,
    ref: appointment?.ref ?? null,
    customerName,
    groupName: first.group_name,
    amountKobo: entries.reduce((s, e) => s + e.amount_kobo, 0),
    createdAt,
  };
  const fee = formatNaira(-of("fee"));
  if (has("refund")) {
    const share = -of("refund");
    const to = customerName ?? "the customer";
    const what =
      refundedKobo > share
        ? `Refunded ${formatNaira(refundedKobo)} to ${to}: ${formatNaira(share)} from your earnings, ${formatNaira(refundedKobo - share)} from Glow's fee.`
        : `Refunded to ${to}: ${formatNaira(share)} from your earnings.`;
    return { ...base, kind: "refund", what };
  }
  if (has("withdrawal") && appointment) {
    return {
      ...base,
      kind: "in-person",
      what: `${formatNaira(-of("withdrawal"))} collected in person at the visit; Glow's fee ${fee} is taken from your balance.`,
    };
  }
  if (has("earning")) return { ...base, kind: "paid", what: `${formatNaira(of("earning"))} paid through Glow, less Glow's fee ${fee}.` };
  if (has("withdrawal")) return { ...base, kind: "withdrawal", what: "Paid out to your bank." };
  return { ...base, kind: "other", what: first.title };
}
