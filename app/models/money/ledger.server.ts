import type { Transaction } from "kysely";
import { getDb, type Executor } from "~/db/db.server";
import type { Dialect } from "~/db/dialect.server";
import type { Database, LedgerAccount, LedgerKind } from "~/db/schema";

// The vendor's money: a ledger of signed entries. Every figure on the Finance page is computed from it, never
// stored twice. Writers pass the transaction that makes the change the entry records.
//
// Each entry sits on one of two accounts (docs/domain.md "Money"). A payment for an appointment is "pending" until
// the visit is delivered: its earning and fee, and any refund of it, are written there, so giving pending money back
// can never touch what the vendor may withdraw. Completing the visit writes a "release": the appointment's pending
// sum leaves "pending" and enters "available" (two entries, net zero). Withdrawals only ever take from "available".

export interface LedgerEntryInput {
  vendorId: number;
  kind: LedgerKind;
  /** Signed kobo: earnings are positive; fees, refunds and withdrawals negative. */
  amountKobo: number;
  title: string;
  groupName?: string | null;
  appointmentId?: number | null;
  withdrawalId?: number | null;
  /** The withdrawal whose failed or reversed transfer this entry gives back (unique: once). */
  returnedWithdrawalId?: number | null;
  /** The gift whose sale, redemption or expiry this entry records. */
  giftId?: number | null;
  at?: string;
  /** "available" unless said otherwise. */
  account?: LedgerAccount;
}

export async function addLedgerEntries(db: Executor, entries: LedgerEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto("ledger_entries")
    .values(
      entries.map((e) => ({
        vendor_id: e.vendorId,
        kind: e.kind,
        amount_kobo: e.amountKobo,
        title: e.title,
        group_name: e.groupName ?? null,
        appointment_id: e.appointmentId ?? null,
        withdrawal_id: e.withdrawalId ?? null,
        returned_withdrawal_id: e.returnedWithdrawalId ?? null,
        gift_id: e.giftId ?? null,
        created_at: e.at ?? now,
        account: e.account ?? "available",
      })),
    )
    .execute();
}

export interface VendorTotals {
  /** Earnings less platform fees and refunds. */
  netIncomeKobo: number;
  /** Platform fees and refunds (shown as a positive figure). */
  totalSpentKobo: number;
  /** Money paid out to the vendor's bank (positive figure): withdrawals, not what was collected in person. */
  totalWithdrawnKobo: number;
  /** What the vendor took at visits ("Collected in person", positive figure): never paid out by Glow. */
  collectedInPersonKobo: number;
  /** What can be withdrawn now: the sum of the "available" account. */
  balanceKobo: number;
  /** Paid for visits not yet delivered: the sum of the "pending" account. */
  pendingKobo: number;
}

/** A vendor's figures now (for pages; inside a transaction use vendorTotals). */
export async function getVendorTotals(vendorId: number): Promise<VendorTotals> {
  return vendorTotals(await getDb(), vendorId);
}

export async function vendorTotals(db: Executor, vendorId: number): Promise<VendorTotals> {
  const rows = await db
    .selectFrom("ledger_entries")
    // A withdrawal entry tied to an appointment is money collected in person at the visit, not a payout.
    .select(["kind", "account", (eb) => eb.case().when("appointment_id", "is", null).then(0).else(1).end().as("at_visit")])
    .select((eb) => eb.fn.sum<number>("amount_kobo").as("total"))
    .where("vendor_id", "=", vendorId)
    .groupBy(["kind", "account", "at_visit"])
    .execute();
  const sum = (test: (r: { kind: LedgerKind; account: LedgerAccount; at_visit: number }) => boolean) =>
    rows.filter(test).reduce((total, r) => total + Number(r.total ?? 0), 0);
  const earnings = sum((r) => r.kind === "earning");
  const spent = -sum((r) => r.kind === "fee" || r.kind === "refund");
  const withdrawn = -sum((r) => r.kind === "withdrawal" && Number(r.at_visit) === 0);
  const inPerson = -sum((r) => r.kind === "withdrawal" && Number(r.at_visit) === 1);
  return {
    netIncomeKobo: earnings - spent,
    totalSpentKobo: spent,
    totalWithdrawnKobo: withdrawn,
    collectedInPersonKobo: inPerson,
    balanceKobo: sum((r) => r.account === "available"),
    pendingKobo: sum((r) => r.account === "pending"),
  };
}

/** The pending sum of one appointment: its earning less fee and refunds not yet released. */
export async function pendingOf(db: Executor, appointmentId: number): Promise<number> {
  const row = await db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.sum<number>("amount_kobo").as("total"))
    .where("appointment_id", "=", appointmentId)
    .where("account", "=", "pending")
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Moves what an appointment still holds on "pending" to "available" (the visit was delivered, or the vendor keeps
 * the money by the cancellation rules). Idempotent: a second call finds nothing pending and writes nothing.
 */
export async function releaseEarnings(
  db: Executor,
  row: { vendor_id: number; id: number; service_title: string; group_name: string | null },
  at: string,
): Promise<void> {
  const pending = await pendingOf(db, row.id);
  if (pending === 0) return;
  const common = {
    vendorId: row.vendor_id,
    kind: "release" as const,
    title: `Released: ${row.service_title}`,
    groupName: row.group_name,
    appointmentId: row.id,
    at,
  };
  await addLedgerEntries(db, [
    { ...common, amountKobo: -pending, account: "pending" },
    { ...common, amountKobo: pending, account: "available" },
  ]);
}

/**
 * Serialises money changes of one vendor: call first inside the transaction that checks a balance and then
 * writes an entry. PostgreSQL locks the vendor row (SELECT ... FOR UPDATE); SQLite has one writer at a time,
 * and a write as the first statement takes that lock at once, so the balance read after it cannot go stale.
 */
export async function lockVendorMoney(tx: Transaction<Database>, dialect: Dialect, vendorId: number): Promise<void> {
  if (dialect === "postgres") {
    await tx.selectFrom("vendors").select("id").where("id", "=", vendorId).forUpdate().execute();
  } else {
    await tx
      .updateTable("vendors")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", vendorId)
      .execute();
  }
}

export interface LedgerRow {
  id: number;
  title: string;
  groupName: string | null;
  kind: LedgerKind;
  amountKobo: number;
  createdAt: string;
}

/** One page of a vendor's entries, newest first, optionally of one group (Hair, Nails, ...). */
export async function getLedgerPage(args: { vendorId: number; group?: string; page: number; pageSize: number }): Promise<{ rows: LedgerRow[]; total: number }> {
  return ledgerPage(await getDb(), args);
}

export async function ledgerPage(
  db: Executor,
  args: { vendorId: number; group?: string; page: number; pageSize: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  // Releases only move money between the vendor's two accounts: they are no income or spending of their own.
  let query = db.selectFrom("ledger_entries").where("vendor_id", "=", args.vendorId).where("kind", "!=", "release");
  if (args.group) query = query.where("group_name", "=", args.group);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    query
      .select(["id", "title", "group_name", "kind", "amount_kobo", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(args.pageSize)
      .offset((args.page - 1) * args.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count),
    rows: rows.map((r) => ({ id: r.id, title: r.title, groupName: r.group_name, kind: r.kind, amountKobo: r.amount_kobo, createdAt: r.created_at })),
  };
}
