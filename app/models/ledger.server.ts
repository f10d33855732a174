import type { Kysely, Transaction } from "kysely";
import type { Dialect } from "~/db/dialect.server";
import type { Database, LedgerKind } from "~/db/schema";

// The vendor's money (DESIGN §4 "Vendor money"): a ledger of signed entries. Every figure on the Finance page is
// computed from it, never stored twice. Writers pass the transaction that makes the change the entry records.

type Executor = Kysely<Database> | Transaction<Database>;

export interface LedgerEntryInput {
  vendorId: number;
  kind: LedgerKind;
  /** Signed kobo: earnings are positive; fees, refunds and withdrawals negative. */
  amountKobo: number;
  title: string;
  groupName?: string | null;
  appointmentId?: number | null;
  withdrawalId?: number | null;
  at?: string;
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
        created_at: e.at ?? now,
      })),
    )
    .execute();
}

export interface VendorTotals {
  /** Earnings less platform fees and refunds. */
  netIncomeKobo: number;
  /** Platform fees and refunds (shown as a positive figure). */
  totalSpentKobo: number;
  /** Money paid out to the vendor's bank (positive figure). */
  totalWithdrawnKobo: number;
  /** What can still be withdrawn: the sum of every entry. */
  balanceKobo: number;
}

export async function vendorTotals(db: Executor, vendorId: number): Promise<VendorTotals> {
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["kind", (eb) => eb.fn.sum<number>("amount_kobo").as("total")])
    .where("vendor_id", "=", vendorId)
    .groupBy("kind")
    .execute();
  const sum = (kind: LedgerKind) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  const earnings = sum("earning");
  const spent = -(sum("fee") + sum("refund"));
  const withdrawn = -sum("withdrawal");
  return {
    netIncomeKobo: earnings - spent,
    totalSpentKobo: spent,
    totalWithdrawnKobo: withdrawn,
    balanceKobo: earnings - spent - withdrawn,
  };
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
    await tx.updateTable("vendors").set((eb) => ({ id: eb.ref("id") })).where("id", "=", vendorId).execute();
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
export async function ledgerPage(
  db: Executor,
  args: { vendorId: number; group?: string; page: number; pageSize: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  let query = db.selectFrom("ledger_entries").where("vendor_id", "=", args.vendorId);
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
