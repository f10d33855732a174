import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { addLedgerEntries, vendorTotals } from "~/models/money/ledger.server";
import { listBankAccounts } from "~/models/money/bank-accounts.server";
import { action as withdrawAction, loader as withdrawLoader } from "~/routes/vendor.withdraw._index/route";
import { action as confirmAction, loader as confirmLoader } from "~/routes/vendor.withdraw.account/route";
import { action as verifyAction } from "~/routes/vendor.withdraw.verify/route";
import { formRequest, getRequest } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { createVendor, run } from "../../../tests/vendor";
import { action, loader } from "./route";

// /admin/payouts in test mode, with the vendor's side of each story: an account whose bank name is not the vendor's
// waits for the operator, who approves or refuses it; a test payout made to fail comes back to the balance; a
// payment found by its reference and verified now.

const args = (request: Request) => ({ request, params: {}, context: {} });
const admin = () => cookieFor("admin@example.com");
const asAdmin = async (fields: Record<string, string>) => run(async () => action(args(formRequest("/admin/payouts", fields, { cookie: await admin() }))));
const adminPage = async (query = "") => run(async () => loader(args(getRequest(`/admin/payouts${query}`, { cookie: await admin() }))));

async function lastCode(email: string) {
  const db = await getDb();
  const mail = await db.selectFrom("outbox").select(["subject", "text"]).where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
  return { ...mail, code: /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "" };
}

/** A vendor adds an account through the page and confirms it with the e-mailed code; returns its id. */
async function addAccount(v: { email: string; cookie: string }, number: string) {
  const added = await run(() =>
    withdrawAction(args(formRequest("/vendor/withdraw", { intent: "add-account", bank: "058", number, holder: "Second Vendor" }, { cookie: v.cookie }))),
  );
  expect(added.status).toBe(303);
  const id = Number(/id=(\d+)/.exec(added.location!)![1]);
  const page = await run(() => confirmLoader(args(getRequest(added.location!, { cookie: v.cookie }))));
  const mailed = await lastCode(v.email);
  const confirmed = await run(() => confirmAction(args(formRequest(added.location!, { intent: "verify", code: mailed.code.split("") }, { cookie: v.cookie }))));
  return { id, page: page.data as { account: { resolvedName: string; approval: string } }, confirmed, mailed };
}

describe(`/admin/payouts (${getDialect()})`, () => {
  test("only the admin reaches it", async () => {
    const vendor = await createVendor("notadmin");
    expect((await run(() => loader(args(getRequest("/admin/payouts", { cookie: vendor.cookie }))))).status).toBe(403);
    const forged = await run(() => action(args(formRequest("/admin/payouts", { intent: "approve", accountId: "1" }, { cookie: vendor.cookie }))));
    expect(forged.status).toBe(403);
    const anonymous = await run(() => action(args(formRequest("/admin/payouts", { intent: "approve", accountId: "1" }, {}))));
    expect(anonymous.location).toMatch(/^\/login/);
  });

  test("the bank's name shown before the code; a name that is not the vendor's waits for approval, then approved or refused, the vendor told", async () => {
    const v = await createVendor("namecheck");
    // Test mode resolves a number to the vendor's own name...
    const own = await addAccount(v, "0123456780");
    expect(own.mailed.text).toContain("The bank says it belongs to SECOND VENDOR.");
    expect(own.page.account).toMatchObject({ resolvedName: "SECOND VENDOR", approval: "approved" });
    expect(own.confirmed.location).toBe("/vendor/withdraw");
    expect((await listBankAccounts(v.vendorId)).map((a) => a.id)).toEqual([own.id]);
    // ...except numbers starting 99, which resolve to someone else.
    const other = await addAccount(v, "9912345678");
    expect(other.page.account).toMatchObject({ resolvedName: "TEST MODE OTHER PERSON", approval: "waiting" });
    expect((await listBankAccounts(v.vendorId)).map((a) => a.id)).toEqual([own.id]);
    const page = await run(() => withdrawLoader(args(getRequest("/vendor/withdraw", { cookie: v.cookie }))));
    expect(page.data.waiting).toEqual([expect.objectContaining({ id: other.id, approval: "waiting" })]);
    // It cannot be withdrawn to while it waits.
    await addLedgerEntries(await getDb(), [{ vendorId: v.vendorId, kind: "earning", amountKobo: 1_000_000, title: "x" }]);
    const refused = await run(() =>
      withdrawAction(args(formRequest("/vendor/withdraw", { intent: "withdraw", amount: "2000", account: String(other.id) }, { cookie: v.cookie }))),
    );
    expect(refused.status).toBe(404);

    const listed = await adminPage();
    expect(listed.status).toBe(200);
    expect(listed.data.accounts).toContainEqual(
      expect.objectContaining({ id: other.id, resolvedName: "TEST MODE OTHER PERSON", profileName: "Second Vendor" }),
    );
    expect((await asAdmin({ intent: "approve", accountId: String(other.id) })).location).toBe("/admin/payouts");
    expect((await lastCode(v.email)).subject).toMatch(/^Approved: you can withdraw to Guaranty Trust Bank/);
    expect((await listBankAccounts(v.vendorId)).map((a) => a.id)).toEqual([own.id, other.id]);
    // Decided once: a second decision changes nothing.
    expect((await asAdmin({ intent: "refuse", accountId: String(other.id) })).location).toBe("/admin/payouts");
    expect((await listBankAccounts(v.vendorId)).map((a) => a.id)).toEqual([own.id, other.id]);

    const third = await addAccount(v, "9900000001");
    expect((await asAdmin({ intent: "refuse", accountId: String(third.id) })).status).toBe(303);
    expect((await lastCode(v.email)).subject).toMatch(/^Not approved:/);
    expect((await listBankAccounts(v.vendorId, ["refused"])).map((a) => a.id)).toEqual([third.id]);
  });

  test("a test payout paid at once; the admin's test control makes it fail and the amount comes back; states are listed", async () => {
    const v = await createVendor("adminpay");
    await addLedgerEntries(await getDb(), [{ vendorId: v.vendorId, kind: "earning", amountKobo: 1_000_000, title: "x" }]);
    const { id: accountId } = await addAccount(v, "0123400000");
    const started = await run(() =>
      withdrawAction(args(formRequest("/vendor/withdraw", { intent: "withdraw", amount: "4000", account: String(accountId) }, { cookie: v.cookie }))),
    );
    const wid = Number(/id=(\d+)/.exec(started.location!)![1]);
    const { code } = await lastCode(v.email);
    const verified = await run(() =>
      verifyAction(args(formRequest(`/vendor/withdraw/verify?id=${wid}`, { intent: "verify", code: code.split("") }, { cookie: v.cookie }))),
    );
    expect(verified.location).toBe("/vendor/withdraw");
    const paidList = await adminPage("?state=paid");
    expect(paidList.data.payouts.items).toContainEqual(
      expect.objectContaining({ id: wid, status: "paid", reference: expect.stringMatching(/^glow-withdrawal-/), testOutcome: true }),
    );
    // Both pages answer "went through the transfer provider" by one rule (payout-rules.ts).
    const vendorPaid = await run(() => withdrawLoader(args(getRequest("/vendor/withdraw", { cookie: v.cookie }))));
    expect(vendorPaid.data.withdrawals[0]).toMatchObject({ id: wid, testOutcome: true });
    expect((await vendorTotals(await getDb(), v.vendorId)).balanceKobo).toBe(600_000);

    expect((await asAdmin({ intent: "test-outcome", withdrawalId: String(wid), outcome: "failed" })).location).toBe("/admin/payouts?state=failed");
    expect((await vendorTotals(await getDb(), v.vendorId)).balanceKobo).toBe(1_000_000);
    expect((await lastCode(v.email)).subject).toBe("Your withdrawal of ₦4,000 failed: the money is in your balance again");
    const page = await run(() => withdrawLoader(args(getRequest("/vendor/withdraw", { cookie: v.cookie }))));
    expect(page.data.withdrawals[0]).toMatchObject({ id: wid, status: "failed", failureReason: "made to fail in test mode", testOutcome: false });
    expect((await adminPage("?state=failed")).data.payouts.items).toContainEqual(expect.objectContaining({ id: wid, testOutcome: false }));
    // Once: the same control again is refused and changes nothing.
    expect((await asAdmin({ intent: "test-outcome", withdrawalId: String(wid), outcome: "failed" })).location).toBe("/admin/payouts");
    expect((await vendorTotals(await getDb(), v.vendorId)).balanceKobo).toBe(1_000_000);
  });

  test("payments by reference with Verify now; bad states and references are clear 4xx", async () => {
    const db = await getDb();
    const { reference } = await db.selectFrom("payments").select("reference").orderBy("id").limit(1).executeTakeFirstOrThrow();
    const found = await adminPage(`?reference=${reference}`);
    expect(found.status).toBe(200);
    expect(found.data.search.payment).toMatchObject({ reference });
    expect((await asAdmin({ intent: "verify", reference })).location).toBe(`/admin/payouts?reference=${reference}`);
    expect((await adminPage("?reference=no%20such%20thing!")).status).toBe(400);
    expect((await adminPage(`?reference=glw-${"0".repeat(24)}`)).status).toBe(404);
    expect((await adminPage("?state=everything")).status).toBe(400);
    expect((await asAdmin({ intent: "verify", reference: "<script>" })).location).toBe("/admin/payouts");
  });
});
