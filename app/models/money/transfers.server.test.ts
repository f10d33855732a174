import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { dueWork } from "~/models/background/work-list.server";
import { runDueWork } from "~/models/jobs/queue.server";
import type { FakePaystack } from "../../../tests/fake-paystack";
import { fundedVendorWithAccount, startCodedWithdrawal } from "../../../tests/paystack-payouts";
import { deliverPaystackWebhook, minutesFromNow, withFakePaystack } from "../../../tests/paystack-rig";
import { mailsTo } from "../../../tests/booking";
import { createVendor } from "../../../tests/vendor";
import { vendorTotals } from "./ledger.server";
import { setTestPayoutOutcome } from "./transfers.server";
import { verifyWithdrawal } from "./withdrawals.server";
import { addBankAccount, getBankAccount } from "./bank-accounts.server";
import { listBanks } from "./bank-list.server";

// Withdrawals paid out by Paystack transfers, against the local fake of its API: paid, failed and reversed (the
// balance restored once), replayed and reordered webhooks, the provider down (the withdrawal stays processing, is
// retried and never paid twice), and races (two verifications; a webhook and the check job together).
const SECRET = "sk_test_glow_transfers_secret";
let fake: FakePaystack;

withFakePaystack(SECRET, (started) => (fake = started));

const at = minutesFromNow;
const fundedVendor = (name: string, kobo: number) => fundedVendorWithAccount(fake, name, kobo);
const withdraw = startCodedWithdrawal;

const deliver = deliverPaystackWebhook;

const withdrawal = async (id: number) => (await getDb()).selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const returns = async (id: number) => (await getDb()).selectFrom("ledger_entries").selectAll().where("returned_withdrawal_id", "=", id).execute();
const balance = async (vendorId: number) => (await vendorTotals(await getDb(), vendorId)).balanceKobo;

describe("bank accounts with Paystack", () => {
  test("the bank list is Paystack's, fetched once a day; when Paystack is down and nothing is kept, the bundled list", async () => {
    const db = await getDb();
    await db.deleteFrom("provider_banks").execute();
    fake.failNext(1, "5xx");
    const bundled = await listBanks();
    expect(bundled.some((b) => b.code === "044" && b.name === "Access Bank")).toBe(true);
    expect(bundled.some((b) => b.code === "999992")).toBe(false);
    const before = fake.requests.filter((r) => r.path.startsWith("/bank?")).length;
    const fresh = await listBanks();
    expect(fresh).toContainEqual({ code: "999992", name: "OPay Digital Services Limited (OPay)" });
    expect(await listBanks(at(60))).toEqual(fresh);
    expect(fake.requests.filter((r) => r.path.startsWith("/bank?")).length).toBe(before + 1);
    // A day later it is fetched again; if Paystack is down then, the kept copy serves.
    fake.failNext(1, "cut");
    expect(await listBanks(at(25 * 60))).toEqual(fresh);
  });

  test("a number is resolved before anything is saved: the vendor's name is approved, another waits, an unknown one and Paystack down are refused", async () => {
    const v = await createVendor("tresolve");
    fake.accounts.set("058:3000000001", "VENDOR SECOND ADE");
    fake.accounts.set("058:3000000002", "BEAUTY WORLD ENTERPRISES");
    const own = await addBankAccount(v.vendorId, { bankCode: "058", number: "3000000001", holder: "Second Vendor" });
    if (!own.ok) throw new Error(own.reason);
    expect(await getBankAccount(v.vendorId, own.accountId)).toMatchObject({ resolvedName: "VENDOR SECOND ADE", approval: "approved" });
    const other = await addBankAccount(v.vendorId, { bankCode: "058", number: "3000000002", holder: "Second Vendor" });
    if (!other.ok) throw new Error(other.reason);
    expect(await getBankAccount(v.vendorId, other.accountId)).toMatchObject({ resolvedName: "BEAUTY WORLD ENTERPRISES", approval: "waiting" });
    const count = async () => (await (await getDb()).selectFrom("bank_accounts").select("id").where("vendor_id", "=", v.vendorId).execute()).length;
    expect(await addBankAccount(v.vendorId, { bankCode: "058", number: "3000000009", holder: "Second Vendor" })).toEqual({ ok: false, reason: "no-account" });
    fake.failNext(1, "5xx");
    expect(await addBankAccount(v.vendorId, { bankCode: "058", number: "3000000001", holder: "Second Vendor" })).toEqual({ ok: false, reason: "unavailable" });
    expect(await count()).toBe(2);
  });
});

describe("withdrawals paid out by Paystack transfers", () => {
  test("paid: one transfer of the amount less the fee, its reference derived from the withdrawal; the webhook marks it paid with the session id", async () => {
    const v = await fundedVendor("tpaid", 2_000_000);
    const w = await withdraw(v, 1_000_000);
    expect(w.reference).toMatch(/^glow-withdrawal-\d{8}$/);
    expect(await verifyWithdrawal(v.vendorId, w.id, w.code)).toEqual({ ok: true, amountKobo: 1_000_000 });
    expect(await withdrawal(w.id)).toMatchObject({
      status: "processing",
      transfer_reference: w.reference,
      transfer_code: expect.stringMatching(/^TRF_/),
      fee_kobo: 2_500,
    });
    expect(fake.transfers.get(w.reference)).toMatchObject({ amount: 997_500, status: "pending" });
    expect(await balance(v.vendorId)).toBe(1_000_000);
    const recipient = await (await getDb()).selectFrom("bank_accounts").select("recipient_code").where("id", "=", v.accountId).executeTakeFirstOrThrow();
    expect(recipient.recipient_code).toMatch(/^RCP_/);

    fake.settleTransfer(w.reference, "success");
    expect(await fake.deliverWebhooks(deliver)).toEqual([200]);
    await runDueWork(dueWork);
    expect(await withdrawal(w.id)).toMatchObject({ status: "paid", session_id: expect.stringMatching(/^100004/) });
    expect(await balance(v.vendorId)).toBe(1_000_000);
    expect((await mailsTo(v.email)).filter((m) => /^Paid: ₦9,975 to Guaranty Trust Bank ••••\d{4}$/.test(m.subject))).toHaveLength(1);
  });

  test("failed: the amount comes back to the balance through one entry, once however often the webhook comes; the vendor is told", async () => {
    const v = await fundedVendor("tfail", 2_000_000);
    const w = await withdraw(v, 500_000);
    await verifyWithdrawal(v.vendorId, w.id, w.code);
    expect(await balance(v.vendorId)).toBe(1_500_000);
    fake.settleTransfer(w.reference, "failed");
    expect(await fake.deliverWebhooks(deliver, { repeat: 3 })).toEqual([200, 200, 200]);
    await runDueWork(dueWork);
    expect(await withdrawal(w.id)).toMatchObject({ status: "failed", failure_reason: "Could not credit the beneficiary account" });
    expect(await returns(w.id)).toHaveLength(1);
    expect(await balance(v.vendorId)).toBe(2_000_000);
    expect((await mailsTo(v.email)).filter((m) => m.subject.startsWith("Your withdrawal of ₦5,000 failed"))).toHaveLength(1);
  });

  test("reversed after it was paid, with the events out of order: paid, then returned once", async () => {
    const v = await fundedVendor("trev", 2_000_000);
    const w = await withdraw(v, 500_000);
    await verifyWithdrawal(v.vendorId, w.id, w.code);
    fake.settleTransfer(w.reference, "success");
    fake.settleTransfer(w.reference, "reversed");
    // The reversal arrives first: processing -> reversed; the late "success" changes nothing after that.
    await fake.deliverWebhooks(deliver, { order: "reversed", repeat: 2 });
    await runDueWork(dueWork);
    expect((await withdrawal(w.id)).status).toBe("reversed");
    expect(await returns(w.id)).toHaveLength(1);
    expect(await balance(v.vendorId)).toBe(2_000_000);

    const w2 = await withdraw(v, 500_000);
    await verifyWithdrawal(v.vendorId, w2.id, w2.code);
    fake.settleTransfer(w2.reference, "success");
    await fake.deliverWebhooks(deliver);
    await runDueWork(dueWork);
    expect((await withdrawal(w2.id)).status).toBe("paid");
    fake.settleTransfer(w2.reference, "reversed");
    await fake.deliverWebhooks(deliver, { repeat: 2 });
    await runDueWork(dueWork);
    expect((await withdrawal(w2.id)).status).toBe("reversed");
    expect(await returns(w2.id)).toHaveLength(1);
    expect(await balance(v.vendorId)).toBe(2_000_000);
  });

  test("the provider down when the code is verified: the withdrawal stays processing, the check sends it, and it is never sent twice", async () => {
    const v = await fundedVendor("tdown", 2_000_000);
    const w = await withdraw(v, 300_000);
    fake.failNext(1, "cut");
    expect(await verifyWithdrawal(v.vendorId, w.id, w.code)).toEqual({ ok: true, amountKobo: 300_000 });
    expect(await withdrawal(w.id)).toMatchObject({ status: "processing", transfer_code: null });
    expect(fake.transfers.has(w.reference)).toBe(false);
    expect(await balance(v.vendorId)).toBe(1_700_000);
    // Still down at the first check: it waits for the next one.
    fake.failNext(1, "5xx");
    await runDueWork(dueWork, { now: at(1.1) });
    expect(fake.transfers.has(w.reference)).toBe(false);
    await runDueWork(dueWork, { now: at(62) });
    expect(fake.transfers.get(w.reference)).toMatchObject({ amount: 299_000 });
    expect((await withdrawal(w.id)).transfer_code).toMatch(/^TRF_/);
    // Later checks verify it; none sends it again.
    await runDueWork(dueWork, { now: at(123) });
    expect(
      fake.requests.filter((r) => r.method === "POST" && r.path === "/transfer" && (r.body as { reference?: string }).reference === w.reference),
    ).toHaveLength(1);
    fake.settleTransfer(w.reference, "success");
    fake.outbox.length = 0; // the webhook is lost: the hourly check finds the outcome
    await runDueWork(dueWork, { now: at(184) });
    expect((await withdrawal(w.id)).status).toBe("paid");
  });

  test("two verifications at once send one transfer; a failure's webhook and the check job together return it once", async () => {
    const v = await fundedVendor("trace", 2_000_000);
    const w = await withdraw(v, 1_000_000);
    const results = await Promise.all([1, 2, 3].map(() => verifyWithdrawal(v.vendorId, w.id, w.code)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect([...fake.transfers.values()].filter((t) => t.reference === w.reference)).toHaveLength(1);
    fake.settleTransfer(w.reference, "failed");
    const hooks = fake.outbox.splice(0);
    await Promise.all([...hooks.map(deliver), runDueWork(dueWork, { now: at(62) }), runDueWork(dueWork, { now: at(62) })]);
    await runDueWork(dueWork);
    expect((await withdrawal(w.id)).status).toBe("failed");
    expect(await returns(w.id)).toHaveLength(1);
    expect(await balance(v.vendorId)).toBe(2_000_000);
  });

  test("the test-mode control does nothing while a real provider is configured", async () => {
    const v = await fundedVendor("tctl", 2_000_000);
    const w = await withdraw(v, 200_000);
    await verifyWithdrawal(v.vendorId, w.id, w.code);
    expect(await setTestPayoutOutcome({ withdrawalId: w.id, vendorId: v.vendorId, outcome: "failed" })).toBe(false);
    expect((await withdrawal(w.id)).status).toBe("processing");
  });
});
