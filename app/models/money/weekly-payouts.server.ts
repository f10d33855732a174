import type { Kysely } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import { log } from "~/utils/log.server";
import { addDaysToDay, isoWeekday, lagosInstant, lagosToday } from "~/utils/time";
import { maskAccount } from "./bank-accounts.server";
import { addLedgerEntries, lockVendorMoney, vendorTotals } from "./ledger.server";
import { MIN_WITHDRAWAL_KOBO, transferFeeKobo, transferReference } from "./payout-rules";
import { PaystackError } from "./paystack.server";
import { executeTransfer, FIRST_CHECK, scheduleTransferCheck } from "./transfers.server";

// Automatic weekly payouts (docs/domain.md "Money"): a vendor who chose them is paid the whole available balance
// every Monday from 9:00 in Lagos, to their first approved account, without a code (the account itself was
// confirmed with one). One payout per vendor and week: the job's key is the week.

export const WEEKLY_PAYOUT = "weekly-payout";
const PAYOUT_HOUR = 9;

/** The Monday (yyyy-MM-dd, Lagos) of the week `now` falls in. */
export function weekOf(now: Date): string {
  const today = lagosToday(now);
  return addDaysToDay(today, 1 - isoWeekday(today));
}

/** The sweep: on Mondays from 9:00, one payout job per vendor on the weekly schedule (idempotent per week). */
export async function scheduleWeeklyPayouts(db: Kysely<Database>, now: Date): Promise<number> {
  const monday = weekOf(now);
  if (now.toISOString() < lagosInstant(monday, PAYOUT_HOUR)) return 0;
  const vendors = await db.selectFrom("vendors").select("id").where("payout_schedule", "=", "weekly").execute();
  let scheduled = 0;
  for (const v of vendors)
    if (await scheduleJob(db, { kind: WEEKLY_PAYOUT, key: `${v.id}:${monday}`, runAt: now, payload: { vendorId: v.id } }, now)) scheduled++;
  return scheduled;
}

/** Pays out a vendor's available balance now, if it is at least the minimum; returns the withdrawal's id. */
export async function payOutBalance(vendorId: number, now = new Date()): Promise<number | null> {
  const db = await getDb();
  const id = await db.transaction().execute(async (tx) => {
    await lockVendorMoney(tx, getDialect(), vendorId);
    // A vendor Glow suspended is paid nothing until it is lifted (docs/decisions/037-vendor-suspension.md).
    const vendor = await tx.selectFrom("vendors").select("suspended_at").where("id", "=", vendorId).executeTakeFirst();
    if (vendor?.suspended_at) return null;
    const { balanceKobo } = await vendorTotals(tx, vendorId);
    if (balanceKobo < MIN_WITHDRAWAL_KOBO) return null;
    const account = await tx
      .selectFrom("bank_accounts")
      .select(["id", "bank_name", "number"])
      .where("vendor_id", "=", vendorId)
      .where("deleted_at", "is", null)
      .where("verified_at", "is not", null)
      .where("approval", "=", "approved")
      .orderBy("id")
      .executeTakeFirst();
    if (!account) return null;
    const { id } = await tx
      .insertInto("withdrawals")
      .values({
        vendor_id: vendorId,
        bank_account_id: account.id,
        amount_kobo: balanceKobo,
        status: "processing",
        code_hash: null,
        code_expires_at: null,
        attempts: 0,
        codes_sent: 0,
        fee_kobo: transferFeeKobo(balanceKobo),
        created_at: now.toISOString(),
        completed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const reference = transferReference(id);
    await tx.updateTable("withdrawals").set({ transfer_reference: reference, payout_reference: reference }).where("id", "=", id).execute();
    await addLedgerEntries(tx, [
      {
        vendorId,
        kind: "withdrawal",
        amountKobo: -balanceKobo,
        title: `Weekly payout to ${account.bank_name} ${maskAccount(account.number)}`,
        withdrawalId: id,
        at: now.toISOString(),
      },
    ]);
    await scheduleTransferCheck(tx, id, new Date(now.getTime() + FIRST_CHECK), now);
    return id;
  });
  if (id !== null) {
    try {
      await executeTransfer(id, now, { first: true });
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      log.warn("weekly payout not sent; the check will retry", { withdrawalId: id, error: error.message });
    }
  }
  return id;
}

export const weeklyPayout: JobDefinition<{ vendorId: number }> = {
  transaction: false,
  async run({ payload, now }) {
    const vendor = await (await getDb()).selectFrom("vendors").select("payout_schedule").where("id", "=", Number(payload.vendorId)).executeTakeFirst();
    if (vendor?.payout_schedule !== "weekly") return;
    await payOutBalance(Number(payload.vendorId), now);
  },
};

/** The vendor's choice: asking for each withdrawal, or the whole balance every week. */
export async function setPayoutSchedule(vendorId: number, schedule: "manual" | "weekly"): Promise<void> {
  const db = await getDb();
  await db.updateTable("vendors").set({ payout_schedule: schedule }).where("id", "=", vendorId).execute();
}

export async function getPayoutSchedule(vendorId: number): Promise<"manual" | "weekly"> {
  const db = await getDb();
  const row = await db.selectFrom("vendors").select("payout_schedule").where("id", "=", vendorId).executeTakeFirst();
  return row?.payout_schedule ?? "manual";
}
