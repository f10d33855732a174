import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { createVendor, demoVendor } from "../../../tests/vendor";
import { addLedgerEntries, vendorTotals } from "./ledger.server";
import { addBankAccount, deleteBankAccount, listBankAccounts, verifyBankAccount } from "./bank-accounts.server";
import { MAX_CODE_TRIES } from "./confirmation-codes.server";
import { getWithdrawal, resendCode, startWithdrawal, verifyWithdrawal } from "./withdrawals.server";
import { setTestPayoutOutcome } from "./transfers.server";

const db = () => getDb();

async function sumOfEntries(vendorId: number) {
  const rows = await (await db()).selectFrom("ledger_entries").select("amount_kobo").where("vendor_id", "=", vendorId).execute();
  return rows.reduce((sum, r) => sum + r.amount_kobo, 0);
}

/** The code of the newest withdrawal e-mail, as the vendor reads it in their inbox. */
async function lastCode(to: string): Promise<string> {
  const mail = await (await db()).selectFrom("outbox").select("text").where("to_address", "=", to).orderBy("id", "desc").executeTakeFirstOrThrow();
  return /code is (\d{6})/.exec(mail.text)![1]!;
}

async function fundedVendor(name: string, kobo: number) {
  const v = await createVendor(name);
  await addLedgerEntries(await db(), [{ vendorId: v.vendorId, kind: "earning", amountKobo: kobo, title: "Knotless braids", groupName: "Hair" }]);
  const added = await addBankAccount(v.vendorId, { bankCode: "058", number: "0011223344", holder: "Second Vendor" });
  if (!added.ok) throw new Error(`account not added: ${added.reason}`);
  expect(await listBankAccounts(v.vendorId)).toEqual([]);
  expect(await verifyBankAccount(v.vendorId, added.accountId, await lastCode(v.email))).toEqual({ ok: true });
  const [account] = await listBankAccounts(v.vendorId);
  return { ...v, accountId: account!.id };
}

describe(`withdrawals and the ledger (${getDialect()})`, () => {
  test("the demo vendor's Balance equals the sum of its entries, and a verified withdrawal moves it once", async () => {
    const vendor = await demoVendor();
    const before = await vendorTotals(await db(), vendor.vendorId);
    expect(before.balanceKobo + before.pendingKobo).toBe(await sumOfEntries(vendor.vendorId));
    expect(before.balanceKobo).toBeGreaterThan(0);
    expect(before.netIncomeKobo - before.totalWithdrawnKobo - before.collectedInPersonKobo).toBe(before.balanceKobo + before.pendingKobo);

    const [account] = await listBankAccounts(vendor.vendorId);
    const started = await startWithdrawal(vendor.vendorId, { amountKobo: 100_000, bankAccountId: account!.id });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const code = await lastCode(vendor.email);
    const stored = await (await db()).selectFrom("withdrawals").select("code_hash").where("id", "=", started.withdrawalId).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toHaveLength(64);

    const wrong = code === "000000" ? "111111" : "000000";
    expect(await verifyWithdrawal(vendor.vendorId, started.withdrawalId, wrong)).toEqual({ ok: false, reason: "wrong", triesLeft: MAX_CODE_TRIES - 1 });
    expect((await vendorTotals(await db(), vendor.vendorId)).balanceKobo).toBe(before.balanceKobo);

    expect(await verifyWithdrawal(vendor.vendorId, started.withdrawalId, code)).toEqual({ ok: true, amountKobo: 100_000 });
    const after = await vendorTotals(await db(), vendor.vendorId);
    expect(after.balanceKobo).toBe(before.balanceKobo - 100_000);
    expect(after.totalWithdrawnKobo).toBe(before.totalWithdrawnKobo + 100_000);
    expect(after.netIncomeKobo).toBe(before.netIncomeKobo);
    expect(after.balanceKobo + after.pendingKobo).toBe(await sumOfEntries(vendor.vendorId));

    // The same code again: already done, nothing more leaves the account.
    expect(await verifyWithdrawal(vendor.vendorId, started.withdrawalId, code)).toEqual({ ok: false, reason: "done" });
    expect((await vendorTotals(await db(), vendor.vendorId)).balanceKobo).toBe(after.balanceKobo);
    const w = await (
      await db()
    )
      .selectFrom("withdrawals")
      .select(["status", "transfer_reference", "transfer_code", "session_id"])
      .where("id", "=", started.withdrawalId)
      .executeTakeFirstOrThrow();
    // The test provider pays at once, with a reference derived from the withdrawal.
    expect(w).toEqual({
      status: "paid",
      transfer_reference: `glow-withdrawal-${String(started.withdrawalId).padStart(8, "0")}`,
      transfer_code: expect.stringMatching(/^TEST_TRF_/),
      session_id: expect.stringMatching(/^TEST\d+/),
    });
  });

  test("test mode: a payout is paid at once, and the test control makes it fail or be reversed, returning the amount once", async () => {
    const v = await fundedVendor("testctl", 1_000_000);
    const other = await fundedVendor("testctl2", 1_000_000);
    for (const outcome of ["failed", "reversed"] as const) {
      const started = await startWithdrawal(v.vendorId, { amountKobo: 400_000, bankAccountId: v.accountId });
      if (!started.ok) throw new Error("not started");
      expect(await verifyWithdrawal(v.vendorId, started.withdrawalId, await lastCode(v.email))).toEqual({ ok: true, amountKobo: 400_000 });
      expect((await getWithdrawal(v.vendorId, started.withdrawalId))?.status).toBe("paid");
      expect((await vendorTotals(await db(), v.vendorId)).balanceKobo).toBe(600_000);
      // Another vendor cannot touch it; the owner (or the operator) can, once.
      expect(await setTestPayoutOutcome({ withdrawalId: started.withdrawalId, vendorId: other.vendorId, outcome })).toBe(false);
      expect(await setTestPayoutOutcome({ withdrawalId: started.withdrawalId, vendorId: v.vendorId, outcome })).toBe(true);
      expect(await setTestPayoutOutcome({ withdrawalId: started.withdrawalId, outcome })).toBe(false);
      expect((await getWithdrawal(v.vendorId, started.withdrawalId))?.status).toBe(outcome);
      expect((await vendorTotals(await db(), v.vendorId)).balanceKobo).toBe(1_000_000);
    }
    expect((await vendorTotals(await db(), v.vendorId)).balanceKobo).toBe(await sumOfEntries(v.vendorId));
  });

  test("two verifications of one withdrawal at the same moment pay once", async () => {
    const v = await fundedVendor("race", 500_000);
    const started = await startWithdrawal(v.vendorId, { amountKobo: 400_000, bankAccountId: v.accountId });
    if (!started.ok) throw new Error("not started");
    const code = await lastCode(v.email);
    const results = await Promise.all(Array.from({ length: 4 }, () => verifyWithdrawal(v.vendorId, started.withdrawalId, code)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const totals = await vendorTotals(await db(), v.vendorId);
    expect(totals.balanceKobo).toBe(100_000);
    expect(totals.totalWithdrawnKobo).toBe(400_000);
    const entries = await (await db()).selectFrom("ledger_entries").select("id").where("withdrawal_id", "=", started.withdrawalId).execute();
    expect(entries).toHaveLength(1);
  });

  test("a withdrawal never exceeds the balance, even when two are verified at the same moment", async () => {
    const v = await fundedVendor("overdraw", 500_000);
    expect(await startWithdrawal(v.vendorId, { amountKobo: 500_001, bankAccountId: v.accountId })).toEqual({
      ok: false,
      reason: "insufficient",
      balanceKobo: 500_000,
    });
    expect(await startWithdrawal(v.vendorId, { amountKobo: 0, bankAccountId: v.accountId })).toMatchObject({ ok: false, reason: "too-small" });
    expect(await startWithdrawal(v.vendorId, { amountKobo: 99_999, bankAccountId: v.accountId })).toMatchObject({ ok: false, reason: "too-small" });

    // Two pending withdrawals of 300,000 each (each within the balance when started), then both codes at once.
    // Starting a second one normally cancels the first; put the first back to pending to stage the race.
    const first = await startWithdrawal(v.vendorId, { amountKobo: 300_000, bankAccountId: v.accountId });
    const firstCode = await lastCode(v.email);
    const second = await startWithdrawal(v.vendorId, { amountKobo: 300_000, bankAccountId: v.accountId });
    const secondCode = await lastCode(v.email);
    if (!first.ok || !second.ok) throw new Error("not started");
    expect((await getWithdrawal(v.vendorId, first.withdrawalId))?.status).toBe("cancelled");
    await (await db()).updateTable("withdrawals").set({ status: "pending" }).where("id", "=", first.withdrawalId).execute();

    const results = await Promise.all([
      verifyWithdrawal(v.vendorId, first.withdrawalId, firstCode),
      verifyWithdrawal(v.vendorId, second.withdrawalId, secondCode),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "insufficient" });
    const totals = await vendorTotals(await db(), v.vendorId);
    expect(totals.balanceKobo).toBe(200_000);
    expect(totals.balanceKobo).toBe(await sumOfEntries(v.vendorId));
  });

  test("codes expire after 10 minutes, allow 5 tries, and can be re-sent (the old one then stops working)", async () => {
    const v = await fundedVendor("codes", 900_000);
    const started = await startWithdrawal(v.vendorId, { amountKobo: 100_000, bankAccountId: v.accountId });
    if (!started.ok) throw new Error("not started");
    const code = await lastCode(v.email);
    const in11Minutes = new Date(Date.now() + 11 * 60_000);
    expect(await verifyWithdrawal(v.vendorId, started.withdrawalId, code, in11Minutes)).toEqual({ ok: false, reason: "expired" });

    expect(await resendCode(v.vendorId, started.withdrawalId)).toEqual({ ok: true });
    const newCode = await lastCode(v.email);
    if (newCode !== code) expect(await verifyWithdrawal(v.vendorId, started.withdrawalId, code)).toMatchObject({ reason: "wrong" });

    const wrong = newCode === "123456" ? "654321" : "123456";
    let last;
    for (let i = 0; i < MAX_CODE_TRIES; i++) last = await verifyWithdrawal(v.vendorId, started.withdrawalId, wrong);
    expect(last).toEqual({ ok: false, reason: "cancelled" });
    // Even the right code is refused now, and nothing was paid.
    expect(await verifyWithdrawal(v.vendorId, started.withdrawalId, newCode)).toEqual({ ok: false, reason: "cancelled" });
    expect((await vendorTotals(await db(), v.vendorId)).balanceKobo).toBe(900_000);
    expect(await resendCode(v.vendorId, started.withdrawalId)).toEqual({ ok: false, reason: "not-pending" });
  });

  test("re-sends are limited", async () => {
    const v = await fundedVendor("resend", 900_000);
    const started = await startWithdrawal(v.vendorId, { amountKobo: 100_000, bankAccountId: v.accountId });
    if (!started.ok) throw new Error("not started");
    for (let i = 0; i < 4; i++) expect(await resendCode(v.vendorId, started.withdrawalId)).toEqual({ ok: true });
    expect(await resendCode(v.vendorId, started.withdrawalId)).toEqual({ ok: false, reason: "limit" });
  });

  test("another vendor's withdrawals and bank accounts are out of reach", async () => {
    const owner = await fundedVendor("owner", 900_000);
    const other = await fundedVendor("other", 900_000);
    const started = await startWithdrawal(owner.vendorId, { amountKobo: 100_000, bankAccountId: owner.accountId });
    if (!started.ok) throw new Error("not started");
    const code = await lastCode(owner.email);
    expect(await getWithdrawal(other.vendorId, started.withdrawalId)).toBeUndefined();
    expect(await verifyWithdrawal(other.vendorId, started.withdrawalId, code)).toEqual({ ok: false, reason: "not-found" });
    expect(await resendCode(other.vendorId, started.withdrawalId)).toEqual({ ok: false, reason: "not-found" });
    // Paying out to someone else's saved account, or deleting it, is refused.
    expect(await startWithdrawal(other.vendorId, { amountKobo: 100_000, bankAccountId: owner.accountId })).toMatchObject({ ok: false, reason: "no-account" });
    expect(await deleteBankAccount(other.vendorId, owner.accountId)).toBe(false);
    expect(await listBankAccounts(owner.vendorId)).toHaveLength(1);
    expect(await verifyWithdrawal(owner.vendorId, started.withdrawalId, code)).toMatchObject({ ok: true });
  });

  test("a deleted account is soft-deleted, hidden, and cannot be paid to", async () => {
    const v = await fundedVendor("deleter", 900_000);
    const started = await startWithdrawal(v.vendorId, { amountKobo: 100_000, bankAccountId: v.accountId });
    if (!started.ok) throw new Error("not started");
    expect(await deleteBankAccount(v.vendorId, v.accountId)).toBe(true);
    expect(await listBankAccounts(v.vendorId)).toEqual([]);
    const row = await (await db()).selectFrom("bank_accounts").select("deleted_at").where("id", "=", v.accountId).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await verifyWithdrawal(v.vendorId, started.withdrawalId, await lastCode(v.email))).toEqual({ ok: false, reason: "account-gone" });
    expect(await addBankAccount(v.vendorId, { bankCode: "999", number: "0011223344", holder: "X" })).toEqual({ ok: false, reason: "unknown-bank" });
  });
});
