import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { vendorTotals } from "~/models/money/ledger.server";
import { listBankAccounts } from "~/models/money/bank-accounts.server";
import { loader as financeLoader } from "~/routes/vendor.finance";
import { action as verifyAction, loader as verifyLoader } from "~/routes/vendor.withdraw.verify/route";
import { formRequest, getRequest } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { createVendor, demoVendor, run } from "../../../tests/vendor";
import { action, loader } from "./route";
import { action as confirmAction } from "~/routes/vendor.withdraw.account/route";
import { MAX_CODE_GUESSES_PER_DAY, MAX_CODE_TRIES } from "~/models/money/confirmation-codes.server";
import { PAYOUTS_HELD } from "~/models/money/withdrawals.server";
import { liftSuspension, suspendVendor } from "~/models/suspension/suspension.server";

const args = (request: Request) => ({ request, params: {}, context: {} });
const post = (fields: Record<string, string | string[]>, cookie: string) => run(() => action(args(formRequest("/vendor/withdraw", fields, { cookie }))));
const confirm = (path: string, fields: Record<string, string | string[]>, cookie: string) =>
  run(() => confirmAction(args(formRequest(path, fields, { cookie }))));
const verify = (id: number, fields: Record<string, string | string[]>, cookie: string) =>
  run(() => verifyAction(args(formRequest(`/vendor/withdraw/verify?id=${id}`, fields, { cookie }))));

async function codeMailedTo(email: string) {
  const db = await getDb();
  const mail = await db.selectFrom("outbox").select(["subject", "text"]).where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
  return { ...mail, code: /\b(\d{6})\b/.exec(mail.text)![1]! };
}

describe(`/vendor/withdraw and /vendor/withdraw/verify (${getDialect()})`, () => {
  test("withdraw with the e-mailed code: a wrong code is refused, the right one pays once and the figures change", async () => {
    const vendor = await demoVendor();
    const page = await run(() => loader(args(getRequest("/vendor/withdraw", { cookie: vendor.cookie }))));
    expect(page.data.accounts).toHaveLength(2);
    expect(page.data.accounts[0].number).toMatch(/^••••\d{4}$/);
    const before = await vendorTotals(await getDb(), vendor.vendorId);
    expect(page.data.balanceKobo).toBe(before.balanceKobo);

    const tooMuch = await post({ intent: "withdraw", amount: String(before.balanceKobo / 100 + 1), account: String(page.data.accounts[0].id) }, vendor.cookie);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data.result.error.amount[0]).toMatch(/^You can withdraw at most your balance, ₦/);
    expect((await post({ intent: "withdraw", amount: "0", account: String(page.data.accounts[0].id) }, vendor.cookie)).data.result.error.amount).toEqual([
      "Enter an amount above ₦0",
    ]);

    const started = await post({ intent: "withdraw", amount: "15,000", account: String(page.data.accounts[0].id) }, vendor.cookie);
    expect(started.status).toBe(303);
    const id = Number(/id=(\d+)/.exec(started.location!)![1]);
    const mail = await codeMailedTo("vendor@example.com");
    expect(mail.text).toContain(`Your withdrawal code is ${mail.code}.`);

    const shown = await run(() => verifyLoader(args(getRequest(`/vendor/withdraw/verify?id=${id}`, { cookie: vendor.cookie }))));
    expect(shown.data.withdrawal).toMatchObject({ amountKobo: 1_500_000, status: "pending", triesLeft: 5 });

    const wrong = mail.code === "000000" ? "111111" : "000000";
    const refused = await verify(id, { intent: "verify", code: wrong.split("") }, vendor.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("That code is not right. 4 tries left.");
    expect((await verify(id, { intent: "verify", code: ["1", "2"] }, vendor.cookie)).data.error).toBe("Enter the 6 digits from the e-mail");

    // Six boxes of one digit each, as sent without JavaScript.
    const accepted = await verify(id, { intent: "verify", code: mail.code.split("") }, vendor.cookie);
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe("/vendor/withdraw");
    const finance = await run(() => financeLoader(args(getRequest("/vendor/finance", { cookie: vendor.cookie }))));
    expect(finance.data.totals.balanceKobo).toBe(before.balanceKobo - 1_500_000);
    expect(finance.data.totals.totalWithdrawnKobo).toBe(before.totalWithdrawnKobo + 1_500_000);
    expect(finance.data.rows[0]).toMatchObject({ kind: "withdrawal", amountKobo: -1_500_000 });

    const twice = await verify(id, { intent: "verify", code: mail.code.split("") }, vendor.cookie);
    expect(twice.location).toBe("/vendor/withdraw");
    expect((await vendorTotals(await getDb(), vendor.vendorId)).balanceKobo).toBe(before.balanceKobo - 1_500_000);
  });

  test("a suspended salon's page says withdrawals are held, before anything is filled in; a forged one is refused and writes nothing", async () => {
    const vendor = await demoVendor();
    const open = await run(() => loader(args(getRequest("/vendor/withdraw", { cookie: vendor.cookie }))));
    expect(open.data.held).toBeNull();

    await suspendVendor(vendor.vendorId, "Reported by several customers for no-shows.");
    try {
      const page = await run(() => loader(args(getRequest("/vendor/withdraw", { cookie: vendor.cookie }))));
      expect(page.data.held).toBe(PAYOUTS_HELD);
      // The balance and the saved accounts are still shown: the money stays the salon's.
      expect(page.data.balanceKobo).toBe(open.data.balanceKobo);
      expect(page.data.accounts).toHaveLength(open.data.accounts.length);

      const db = await getDb();
      const before = await db.selectFrom("withdrawals").select("id").where("vendor_id", "=", vendor.vendorId).execute();
      const forged = await post({ intent: "withdraw", amount: "15,000", account: String(page.data.accounts[0].id) }, vendor.cookie);
      expect(forged.status).toBe(409);
      expect(forged.data.result.error[""]).toEqual([PAYOUTS_HELD]);
      expect(await db.selectFrom("withdrawals").select("id").where("vendor_id", "=", vendor.vendorId).execute()).toEqual(before);
    } finally {
      await liftSuspension(vendor.vendorId);
    }
    expect((await run(() => loader(args(getRequest("/vendor/withdraw", { cookie: vendor.cookie }))))).data.held).toBeNull();
  });

  test("the whole code in one box works (pasted without JavaScript); a new code can be sent", async () => {
    const vendor = await demoVendor();
    const [account] = await listBankAccounts(vendor.vendorId);
    const started = await post({ intent: "withdraw", amount: "1000", account: String(account!.id) }, vendor.cookie);
    const id = Number(/id=(\d+)/.exec(started.location!)![1]);
    const resent = await verify(id, { intent: "resend" }, vendor.cookie);
    expect(resent.location).toBe(`/vendor/withdraw/verify?id=${id}`);
    const { code } = await codeMailedTo("vendor@example.com");
    expect((await verify(id, { intent: "verify", code: [code, "", "", "", "", ""] }, vendor.cookie)).location).toBe("/vendor/withdraw");
  });

  test("bank accounts: add one (validated), refuse a duplicate, and the delete icon really deletes", async () => {
    const vendor = await createVendor("banking");
    const bad = await post({ intent: "add-account", bank: "999", number: "12345", holder: "B0la" }, vendor.cookie);
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({
      bank: ["Choose your bank"],
      number: ["Account numbers have 10 digits"],
      holder: ["Use the name exactly as the bank shows it"],
    });
    const added = await post({ intent: "add-account", bank: "057", number: "2233445566", holder: "Bola Ade" }, vendor.cookie);
    expect(added.status).toBe(303);
    expect(added.location).toMatch(/^\/vendor\/withdraw\/account\?id=\d+$/);
    // Not usable until the e-mailed code is entered: a stolen session alone cannot add a payee.
    expect(await listBankAccounts(vendor.vendorId)).toEqual([]);
    const mailed = await codeMailedTo(vendor.email);
    expect(mailed.subject).toBe("Your Glow bank account code");
    const wrong = mailed.code === "000000" ? "111111" : "000000";
    const refused = await confirm(added.location!, { intent: "verify", code: wrong.split("") }, vendor.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("That code is not right. 4 tries left.");
    expect(await listBankAccounts(vendor.vendorId)).toEqual([]);
    expect((await confirm(added.location!, { intent: "verify", code: mailed.code.split("") }, vendor.cookie)).location).toBe("/vendor/withdraw");
    const dup = await post({ intent: "add-account", bank: "057", number: "2233445566", holder: "Bola Ade" }, vendor.cookie);
    expect(dup.data.result.error[""]).toEqual(["You have already saved this account."]);
    const [account] = await listBankAccounts(vendor.vendorId);
    expect(account).toMatchObject({ bankName: "Zenith Bank", number: "2233445566", holder: "Bola Ade" });
    expect((await post({ intent: "delete-account", accountId: String(account!.id) }, vendor.cookie)).status).toBe(303);
    expect(await listBankAccounts(vendor.vendorId)).toEqual([]);
  });

  test("a second vendor reaches none of the first vendor's bank accounts or withdrawals, by link or forged POST", async () => {
    const owner = await demoVendor();
    const other = await createVendor("intruder");
    const accounts = await listBankAccounts(owner.vendorId);
    const started = await post({ intent: "withdraw", amount: "1000", account: String(accounts[0]!.id) }, owner.cookie);
    const id = Number(/id=(\d+)/.exec(started.location!)![1]);
    const { code } = await codeMailedTo("vendor@example.com");

    expect((await run(() => loader(args(getRequest("/vendor/withdraw", { cookie: other.cookie }))))).data.accounts).toEqual([]);
    expect((await post({ intent: "delete-account", accountId: String(accounts[0]!.id) }, other.cookie)).status).toBe(404);
    // Their balance is zero, so even the amount check refuses before the account is looked at; fund them to see 404.
    await (
      await getDb()
    )
      .insertInto("ledger_entries")
      .values({
        vendor_id: other.vendorId,
        kind: "earning",
        amount_kobo: 100_000,
        title: "x",
        group_name: null,
        appointment_id: null,
        withdrawal_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await post({ intent: "withdraw", amount: "1000", account: String(accounts[0]!.id) }, other.cookie)).status).toBe(404);
    expect((await run(() => verifyLoader(args(getRequest(`/vendor/withdraw/verify?id=${id}`, { cookie: other.cookie }))))).status).toBe(404);
    expect((await verify(id, { intent: "verify", code: code.split("") }, other.cookie)).status).toBe(404);
    expect((await verify(id, { intent: "resend" }, other.cookie)).status).toBe(404);
    expect(await listBankAccounts(owner.vendorId)).toHaveLength(accounts.length);
    expect((await verify(id, { intent: "verify", code: code.split("") }, owner.cookie)).location).toBe("/vendor/withdraw");
  });

  test("a customer gets 403 on every money page and action", async () => {
    const cookie = await cookieFor("customer@example.com");
    expect((await run(() => financeLoader(args(getRequest("/vendor/finance", { cookie }))))).status).toBe(403);
    expect((await run(() => loader(args(getRequest("/vendor/withdraw", { cookie }))))).status).toBe(403);
    expect((await post({ intent: "add-account", bank: "057", number: "2233445566", holder: "Tolu" }, cookie)).status).toBe(403);
    expect((await run(() => verifyLoader(args(getRequest("/vendor/withdraw/verify?id=1", { cookie }))))).status).toBe(403);
    expect((await verify(1, { intent: "verify", code: "123456" }, cookie)).status).toBe(403);
  });

  test("wrong codes are limited per vendor per day across all withdrawals, with when to try again", async () => {
    const vendor = await createVendor("guesser");
    const db = await getDb();
    await db
      .insertInto("ledger_entries")
      .values({
        vendor_id: vendor.vendorId,
        kind: "earning",
        amount_kobo: 500_000,
        title: "x",
        group_name: null,
        appointment_id: null,
        withdrawal_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const added = await post({ intent: "add-account", bank: "058", number: "0123456789", holder: "Guess Er" }, vendor.cookie);
    await confirm(added.location!, { intent: "verify", code: (await codeMailedTo(vendor.email)).code.split("") }, vendor.cookie);
    const [account] = await listBankAccounts(vendor.vendorId);
    let guesses = 0;
    let last: Awaited<ReturnType<typeof verify>> | undefined;
    let id = 0;
    // New withdrawals used to give 5 fresh tries each; now they share one daily allowance.
    while (guesses < MAX_CODE_GUESSES_PER_DAY) {
      const started = await post({ intent: "withdraw", amount: "1000", account: String(account!.id) }, vendor.cookie);
      id = Number(/id=(\d+)/.exec(started.location!)![1]);
      const { code } = await codeMailedTo(vendor.email);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < MAX_CODE_TRIES - 1 && guesses < MAX_CODE_GUESSES_PER_DAY; i++, guesses++)
        last = await verify(id, { intent: "verify", code: wrong.split("") }, vendor.cookie);
    }
    expect(last!.status).toBe(429);
    expect(last!.data.error).toMatch(
      /^Too many wrong codes today\. For your safety, codes can be tried again from [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} (am|pm)\.$/,
    );
    // Even the right code of a brand-new withdrawal waits until then, and nothing is paid.
    const started = await post({ intent: "withdraw", amount: "1000", account: String(account!.id) }, vendor.cookie);
    const fresh = Number(/id=(\d+)/.exec(started.location!)![1]);
    const right = await verify(fresh, { intent: "verify", code: (await codeMailedTo(vendor.email)).code.split("") }, vendor.cookie);
    expect(right.status).toBe(429);
    expect((await vendorTotals(db, vendor.vendorId)).balanceKobo).toBe(500_000);
    // A day later the vendor may try again.
    await db
      .updateTable("code_guesses")
      .set({ at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where("vendor_id", "=", vendor.vendorId)
      .execute();
    const after = await verify(fresh, { intent: "verify", code: (await codeMailedTo(vendor.email)).code.split("") }, vendor.cookie);
    expect(after.location).toBe("/vendor/withdraw");
    expect((await vendorTotals(db, vendor.vendorId)).balanceKobo).toBe(400_000);
  });
});
