import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { dueWork } from "~/models/background/work-list.server";
import { runDueWork } from "~/models/jobs/queue.server";
import { lagosInstant } from "~/utils/time";
import { action as withdrawAction, loader as withdrawLoader } from "~/routes/vendor.withdraw._index/route";
import { formRequest, getRequest } from "../../../tests/request";
import { createVendor, run } from "../../../tests/vendor";
import { addLedgerEntries, vendorTotals } from "./ledger.server";
import { weekOf } from "./weekly-payouts.server";

// Automatic weekly payouts in test mode: the vendor chooses them on the withdraw page; on Mondays from 9:00 the
// whole available balance is paid to their first approved account, once a week; a vendor paid by hand is not.

const args = (request: Request) => ({ request, params: {}, context: {} });

async function vendorWithMoney(name: string, kobo: number) {
  const v = await createVendor(name);
  const db = await getDb();
  await addLedgerEntries(db, [{ vendorId: v.vendorId, kind: "earning", amountKobo: kobo, title: "Braids" }]);
  await db
    .insertInto("bank_accounts")
    .values({
      vendor_id: v.vendorId,
      bank_code: "058",
      bank_name: "Guaranty Trust Bank",
      number: "0123456789",
      holder: "Second Vendor",
      created_at: new Date().toISOString(),
      deleted_at: null,
      verified_at: new Date().toISOString(),
      code_hash: null,
      code_expires_at: null,
    })
    .execute();
  return v;
}

const sweep = async (now: Date) => dueWork.sweeps["weekly-payouts"]!.run({ db: await getDb(), now });
const balance = async (vendorId: number) => (await vendorTotals(await getDb(), vendorId)).balanceKobo;

describe(`automatic weekly payouts (${getDialect()})`, () => {
  test("chosen on the withdraw page; paid on Monday from 9:00, the whole balance, once a week; manual vendors are not paid", async () => {
    const weekly = await vendorWithMoney("weekly", 2_345_600);
    const manual = await vendorWithMoney("manualpay", 2_000_000);
    const saved = await run(() => withdrawAction(args(formRequest("/vendor/withdraw", { intent: "schedule", schedule: "weekly" }, { cookie: weekly.cookie }))));
    expect(saved.location).toBe("/vendor/withdraw");
    expect((await run(() => withdrawLoader(args(getRequest("/vendor/withdraw", { cookie: weekly.cookie }))))).data.schedule).toBe("weekly");
    const bad = await run(() => withdrawAction(args(formRequest("/vendor/withdraw", { intent: "schedule", schedule: "daily" }, { cookie: weekly.cookie }))));
    expect(bad.status).toBe(400);

    const monday = weekOf(new Date(Date.now() + 7 * 86_400_000));
    await sweep(new Date(lagosInstant(monday, 8, 30)));
    await runDueWork(dueWork, { now: new Date(lagosInstant(monday, 8, 31)) });
    expect(await balance(weekly.vendorId)).toBe(2_345_600);

    const at = new Date(lagosInstant(monday, 9, 5));
    await sweep(at);
    await runDueWork(dueWork, { now: at });
    expect(await balance(weekly.vendorId)).toBe(0);
    expect(await balance(manual.vendorId)).toBe(2_000_000);
    const rows = await (
      await getDb()
    )
      .selectFrom("withdrawals")
      .select(["status", "amount_kobo", "fee_kobo"])
      .where("vendor_id", "=", weekly.vendorId)
      .execute();
    expect(rows).toEqual([{ status: "paid", amount_kobo: 2_345_600, fee_kobo: 2_500 }]);

    // More money the same week waits for next Monday.
    await addLedgerEntries(await getDb(), [{ vendorId: weekly.vendorId, kind: "earning", amountKobo: 500_000, title: "Nails" }]);
    const later = new Date(lagosInstant(monday, 15));
    await sweep(later);
    await runDueWork(dueWork, { now: later });
    expect(await balance(weekly.vendorId)).toBe(500_000);
  });
});
