import { platformFeeKobo } from "../../app/utils/fees";
import type { Ack, ApptState, Run } from "./resilience-client";
import type { SqlHandle } from "./resilience-lib";

// What must hold in the database after a load run or a crash (tests/e2e/resilience.spec.ts), read with plain SQL
// that runs on SQLite and PostgreSQL alike. Each check returns the violations it found, in words.

/**
 * No two live appointments of one team member overlap (held ones count while their hold runs). Members of one salon
 * may be booked at the same hour (docs/domain.md, "The team"); an appointment without a member is its owner's.
 */
export async function doubleBookings(sql: SqlHandle, now = new Date()): Promise<string[]> {
  const nowIso = now.toISOString();
  const live = "(x.status in ('requested', 'confirmed') or (x.status = 'held' and x.hold_expires_at > ?))";
  const member = (x: string) => `coalesce(${x}.member_id, (select m.id from team_members m where m.vendor_id = ${x}.vendor_id and m.role = 'owner'))`;
  const rows = await sql.all<{ a: string; b: string; vendor_id: number; a_start: string; b_start: string }>(
    `select a1.ref as a, a2.ref as b, a1.vendor_id, a1.starts_at as a_start, a2.starts_at as b_start
       from appointments a1 join appointments a2 on a2.vendor_id = a1.vendor_id and a2.id > a1.id
      where ${member("a1")} = ${member("a2")}
        and a1.starts_at < a2.ends_at and a2.starts_at < a1.ends_at
        and ${live.replace(/x\./g, "a1.")} and ${live.replace(/x\./g, "a2.")}`,
    nowIso,
    nowIso,
  );
  return rows.map((r) => `double booking: ${r.a} (${r.a_start}) and ${r.b} (${r.b_start}) of one member of vendor ${r.vendor_id} overlap`);
}

interface ApptRow {
  id: number;
  ref: string;
  vendor_id: number;
  customer_id: number;
  status: string;
  payment_status: string;
  payment_method: string | null;
  total_kobo: number;
  hold_expires_at: string | null;
  paid_at: string | null;
  group_name: string;
}

/**
 * Every order written after `afterId` is whole: its items add up to its total; a paid order has exactly its
 * earning and fee in the vendor's ledger and exactly one successful payment (or its AutoCredit debit); a refunded
 * one also has its refund entry and the customer's credit; an unpaid one has no money anywhere. Every ledger or
 * credit entry belongs to an order of the same vendor or customer (a ledger entry may also be a withdrawal's or a
 * gift's); a refund went back the way the money came (AutoCredit
 * entries only for money that came from AutoCredit or that the booker asked to have there); and no balance is ever
 * negative: no AutoCredit, no vendor's available or pending money, no appointment's pending money.
 */
export function ledgerViolations(sql: SqlHandle, afterId: number): Promise<string[]> {
  // One snapshot: the server may still be settling a payment (a webhook's queued fulfilment) while this reads.
  return sql.snapshot(() => ledgerViolationsNow(sql, afterId));
}

async function ledgerViolationsNow(sql: SqlHandle, afterId: number): Promise<string[]> {
  const out: string[] = [];
  const appts = await sql.all<ApptRow>(
    `select a.id, a.ref, a.vendor_id, a.customer_id, a.status, a.payment_status, a.payment_method, a.total_kobo, a.hold_expires_at,
            a.paid_at, s.group_name
       from appointments a join services s on s.id = a.service_id where a.id > ? order by a.id`,
    afterId,
  );
  const items = await sql.all<{ appointment_id: number; kind: string; price_kobo: number }>(
    "select appointment_id, kind, price_kobo from appointment_items where appointment_id > ?",
    afterId,
  );
  const ledger = await sql.all<{ appointment_id: number | null; vendor_id: number; kind: string; amount_kobo: number }>(
    // A gift's entries (sold, refunded, expired) belong to the gift (docs/domain.md, "Gifts and offers").
    "select appointment_id, vendor_id, kind, amount_kobo from ledger_entries where appointment_id > ? or (appointment_id is null and withdrawal_id is null and gift_id is null)",
    afterId,
  );
  const credit = await sql.all<{ appointment_id: number | null; user_id: number; amount_kobo: number; reason: string }>(
    "select appointment_id, user_id, amount_kobo, reason from credit_entries where appointment_id > ? or appointment_id is null",
    afterId,
  );
  const payments = await sql.all<{ appointment_id: number; provider: string; status: string; amount_kobo: number; reference: string }>(
    "select appointment_id, provider, status, amount_kobo, reference from payments where appointment_id > ?",
    afterId,
  );
  const refundRows = await sql.all<{ appointment_id: number; amount_kobo: number; method: string }>(
    "select appointment_id, amount_kobo, method from refunds where appointment_id > ?",
    afterId,
  );
  const ledgerAccounts = await sql.all<{ appointment_id: number; account: string; amount_kobo: number }>(
    "select appointment_id, account, amount_kobo from ledger_entries where appointment_id > ?",
    afterId,
  );
  const group = <T extends { appointment_id: number | null }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) if (r.appointment_id !== null) map.set(r.appointment_id, [...(map.get(r.appointment_id) ?? []), r]);
    return map;
  };
  const itemsOf = group(items);
  const ledgerOf = group(ledger);
  const creditOf = group(credit);
  const paymentsOf = group(payments);
  const refundsOf = group(refundRows);
  const accountsOf = group(ledgerAccounts);
  const byId = new Map(appts.map((a) => [a.id, a]));

  for (const e of ledger) if (e.appointment_id === null) out.push(`ledger entry (${e.kind} ${e.amount_kobo}) of vendor ${e.vendor_id} belongs to nothing`);
  for (const e of credit) if (e.appointment_id === null) out.push(`credit entry "${e.reason}" of user ${e.user_id} belongs to nothing`);
  for (const e of ledger) {
    const a = e.appointment_id === null ? undefined : byId.get(e.appointment_id);
    if (e.appointment_id !== null && (!a || a.vendor_id !== e.vendor_id)) out.push(`ledger entry of appointment ${e.appointment_id} is not of its vendor`);
  }
  for (const e of credit) {
    const a = e.appointment_id === null ? undefined : byId.get(e.appointment_id);
    if (e.appointment_id !== null && (!a || a.customer_id !== e.user_id)) out.push(`credit entry of appointment ${e.appointment_id} is not of its customer`);
  }
  for (const p of payments) if (!byId.has(p.appointment_id)) out.push(`payment ${p.reference} has no appointment`);

  for (const a of appts) {
    const where = `${a.ref} (${a.status}, ${a.payment_status}, ${a.payment_method ?? "no method"})`;
    const its = itemsOf.get(a.id) ?? [];
    if (its.filter((i) => i.kind === "service").length !== 1) out.push(`${where}: ${its.filter((i) => i.kind === "service").length} service items`);
    const sum = its.reduce((s, i) => s + i.price_kobo, 0);
    if (sum !== a.total_kobo) out.push(`${where}: items add up to ${sum}, total is ${a.total_kobo}`);

    const entries = ledgerOf.get(a.id) ?? [];
    const amounts = (kind: string) => entries.filter((e) => e.kind === kind).map((e) => e.amount_kobo);
    const fee = platformFeeKobo(a.total_kobo);
    const expectLedger = (want: Record<string, number[]>) => {
      for (const kind of ["earning", "fee", "refund", "withdrawal"]) {
        const got = amounts(kind);
        const wanted = want[kind] ?? [];
        if (got.join(",") !== wanted.join(",")) out.push(`${where}: ledger ${kind} [${got.join(", ")}], expected [${wanted.join(", ")}]`);
      }
    };
    const credits = creditOf.get(a.id) ?? [];
    const late = credits.filter((c) => c.reason.startsWith("Payment received after the order closed"));
    const refunds = credits.filter((c) => c.reason.startsWith("Refund:"));
    const spent = credits.filter((c) => c.reason.startsWith("Payment:"));
    const succeeded = (paymentsOf.get(a.id) ?? []).filter((p) => p.status === "succeeded");
    const online = succeeded.filter((p) => p.provider !== "credit");
    const byCredit = succeeded.filter((p) => p.provider === "credit");
    for (const p of succeeded) if (p.amount_kobo !== a.total_kobo) out.push(`${where}: payment ${p.reference} of ${p.amount_kobo}, total ${a.total_kobo}`);
    for (const c of late) if (c.amount_kobo !== a.total_kobo) out.push(`${where}: late payment credited ${c.amount_kobo}`);

    const paidOnline = a.payment_status !== "unpaid" && a.payment_method === "online" ? 1 : 0;
    if (online.length !== paidOnline + late.length) {
      out.push(`${where}: ${online.length} successful online payments, expected ${paidOnline} plus ${late.length} credited late`);
    }
    const paidByCredit = a.payment_status !== "unpaid" && a.payment_method === "credit";
    if (byCredit.length !== (paidByCredit ? 1 : 0)) out.push(`${where}: ${byCredit.length} AutoCredit payments`);
    if (spent.map((c) => c.amount_kobo).join(",") !== (paidByCredit ? String(-a.total_kobo) : "")) {
      out.push(`${where}: AutoCredit debits [${spent.map((c) => c.amount_kobo).join(", ")}]`);
    }

    if (a.payment_status === "unpaid") {
      expectLedger({});
      if (refunds.length) out.push(`${where}: refunded to AutoCredit while unpaid`);
      if (a.paid_at) out.push(`${where}: unpaid with a paid_at`);
    } else if (a.payment_status === "paid") {
      if (a.payment_method === "vendor") expectLedger({ earning: [a.total_kobo], fee: [-fee], withdrawal: [-a.total_kobo] });
      else expectLedger({ earning: [a.total_kobo], fee: [-fee] });
      if (refunds.length) out.push(`${where}: paid, yet refunded to AutoCredit`);
      if (!a.paid_at) out.push(`${where}: paid without paid_at`);
      if (a.status === "held") out.push(`${where}: paid but still held`);
    } else if (a.payment_status === "refunded") {
      expectLedger({ earning: [a.total_kobo], fee: [-fee], refund: [-(a.total_kobo - fee)] });
      const given = refundsOf.get(a.id) ?? [];
      if (given.reduce((sum, r) => sum + r.amount_kobo, 0) !== a.total_kobo)
        out.push(`${where}: refunds [${given.map((r) => `${r.method} ${r.amount_kobo}`).join(", ")}]`);
      const toCredit = given.filter((r) => r.method === "credit").map((r) => r.amount_kobo);
      if (refunds.map((c) => c.amount_kobo).join(",") !== toCredit.join(","))
        out.push(`${where}: refund credits [${refunds.map((c) => c.amount_kobo).join(", ")}], refunds to AutoCredit [${toCredit.join(", ")}]`);
      if (a.payment_method === "credit" && toCredit.length !== given.length) out.push(`${where}: paid from AutoCredit but refunded elsewhere`);
      if (a.status !== "cancelled" && a.status !== "declined" && a.status !== "expired") out.push(`${where}: refunded but ${a.status}`);
    } else out.push(`${where}: unknown payment status`);
    const accounts = accountsOf.get(a.id) ?? [];
    const pending = accounts.filter((e) => e.account === "pending").reduce((sum, e) => sum + e.amount_kobo, 0);
    if (pending < 0) out.push(`${where}: negative pending money ${pending}`);
    if ((a.status === "completed" || a.status === "no_show") && pending !== 0) out.push(`${where}: ${a.status} but ${pending} still pending`);
    if (a.status === "held" && !a.hold_expires_at) out.push(`${where}: held without an expiry`);
  }

  const negative = await sql.all<{ user_id: number; balance: number }>(
    "select user_id, sum(amount_kobo) as balance from credit_entries group by user_id having sum(amount_kobo) < 0",
  );
  for (const n of negative) out.push(`user ${n.user_id} has a negative AutoCredit balance ${n.balance}`);
  const vendorsNegative = await sql.all<{ vendor_id: number; account: string; balance: number }>(
    "select vendor_id, account, sum(amount_kobo) as balance from ledger_entries group by vendor_id, account having sum(amount_kobo) < 0",
  );
  for (const n of vendorsNegative) out.push(`vendor ${n.vendor_id} has a negative ${n.account} balance ${n.balance}`);
  return out;
}

const matches = (row: ApptState & { customer_id: number }, want: ApptState) =>
  row.status === want.status && row.payment_status === want.payment_status && row.payment_method === want.payment_method && row.starts_at === want.starts_at;

/**
 * Every booking and change the server acknowledged is in the database as acknowledged: the state after the last
 * acknowledged change, or, for an order whose next change was in flight when the server died, the state after it.
 */
export async function lostWrites(sql: SqlHandle, acks: Iterable<Ack>): Promise<string[]> {
  const out: string[] = [];
  for (const ack of acks) {
    const [row] = await sql.all<ApptState & { customer_id: number }>(
      "select status, payment_status, payment_method, starts_at, customer_id from appointments where ref = ?",
      ack.ref,
    );
    if (!row) {
      out.push(`lost: ${ack.ref} was acknowledged (${JSON.stringify(ack.state)}) but is not in the database`);
      continue;
    }
    if (row.customer_id !== ack.customerId) out.push(`${ack.ref}: belongs to customer ${row.customer_id}, booked by ${ack.customerId}`);
    if (!matches(row, ack.state) && !(ack.pending && matches(row, ack.pending))) {
      const got = { status: row.status, payment_status: row.payment_status, payment_method: row.payment_method, starts_at: row.starts_at };
      out.push(`${ack.ref}: is ${JSON.stringify(got)}, acknowledged ${JSON.stringify(ack.state)}${ack.pending ? ` (or ${JSON.stringify(ack.pending)})` : ""}`);
    }
  }
  return out;
}

/**
 * Every charge the provider took (the payer completed it at Paystack) is applied, or, when its order was already
 * paid or closed, refunded through the provider: never pending, never lost.
 */
export async function unappliedCharges(sql: SqlHandle, run: Run): Promise<string[]> {
  const out: string[] = [];
  for (const t of run.fake.transactions.values()) {
    const [p] = await sql.all<{ status: string }>("select status from payments where reference = ?", t.reference);
    if (!p) out.push(`charge ${t.reference} (${t.status} at the provider) has no payment row`);
    else if (t.status === "success" && p.status === "refunded") {
      if (!run.fake.refunds.some((r) => r.reference === t.reference && r.amount === t.amount))
        out.push(`charge ${t.reference} is refunded here but not at the provider`);
    } else if (t.status === "success" && p.status !== "succeeded") out.push(`charge ${t.reference} succeeded at the provider but is ${p.status} here`);
    else if (t.status === "failed" && p.status === "succeeded") out.push(`charge ${t.reference} failed at the provider but succeeded here`);
  }
  return out;
}

/**
 * The e-mails that belong to a change are there whenever the change is: every order that left "held" (paid, or
 * "Pay to vendor") told the customer and the vendor, and every cancellation by the customer told the vendor.
 */
export function missingMails(sql: SqlHandle, afterId: number): Promise<string[]> {
  return sql.snapshot(() => missingMailsNow(sql, afterId));
}

async function missingMailsNow(sql: SqlHandle, afterId: number): Promise<string[]> {
  const appts = await sql.all<{ ref: string; status: string; payment_method: string | null; status_reason: string | null }>(
    "select ref, status, payment_method, status_reason from appointments where id > ? and (status <> 'held' and payment_method is not null)",
    afterId,
  );
  const mails = await sql.all<{ subject: string; text: string }>("select subject, text from outbox where text like '%Booking reference: GLW-%'");
  const subjects = new Map<string, string[]>();
  for (const m of mails) {
    const ref = /Booking reference: (GLW-[A-Z0-9]{6})/.exec(m.text)?.[1];
    if (ref) subjects.set(ref, [...(subjects.get(ref) ?? []), m.subject]);
  }
  const out: string[] = [];
  for (const a of appts) {
    const got = subjects.get(a.ref) ?? [];
    const need = ["Booking received:", "New booking request:"];
    if (a.status_reason === "Cancelled by the customer") need.push("Cancelled by the customer:");
    for (const prefix of need) if (!got.some((s) => s.startsWith(prefix))) out.push(`${a.ref} (${a.status}, ${a.payment_method}): no "${prefix}" e-mail`);
  }
  return out;
}
