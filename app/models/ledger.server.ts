import type { Kysely, Transaction } from "kysely";
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
