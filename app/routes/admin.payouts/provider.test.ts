import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { dueWork } from "~/models/background/work-list.server";
import { runDueWork } from "~/models/jobs/queue.server";
import { vendorTotals } from "~/models/money/ledger.server";
import { verifyWithdrawal } from "~/models/money/withdrawals.server";
import { cookiesFrom, formRequest, getRequest } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { run } from "../../../tests/vendor";
import { toastAfter } from "../../../tests/action";
import { ledgerOf, mailsTo } from "../../../tests/booking";
import type { FakePaystack } from "../../../tests/fake-paystack";
import { heldOrder, minutesFromNow, startOnlinePayment, withFakePaystack } from "../../../tests/paystack-rig";
import { fundedVendorWithAccount, startCodedWithdrawal } from "../../../tests/paystack-payouts";
import { action, loader } from "./route";

// /admin/payouts in Paystack mode, against the local fake: what Paystack reports of a payment or a transfer beside
// Glow's record, differences marked; and a payment of the wrong amount refunded to its payer from Glow, once however
// many operators click at once, audited, the ledger untouched.
const SECRET = "sk_test_glow_operator_secret";
let fake: FakePaystack;
withFakePaystack(SECRET, (started) => (fake = started));

const args = (request: Request) => ({ request, params: {}, context: {} });
const asAdmin = async (fields: Record<string, string>) =>
  run(async () => action(args(formRequest("/admin/payouts", fields, { cookie: await cookieFor("admin@example.com") }))));
const adminPage = async (query: string) =>
  run(async () => loader(args(getRequest(`/admin/payouts${query}`, { cookie: await cookieFor("admin@example.com") }))));
const toastOf = async (outcome: { response?: Response }) => (await toastAfter(cookiesFrom(outcome.response!)))?.message;

/** A customer paid ₦5,000 by transfer where ₦12,000 was asked: the check finds it and lists it for the operator. */
async function mismatchedPayment(name: string) {
  const order = await heldOrder(name);
  const reference = await startOnlinePayment(fake, order);
  fake.pay(reference, "success", "bank_transfer");
  fake.outbox.length = 0;
  fake.transactions.get(reference)!.amount = 500_000;
  await runDueWork(dueWork, { now: minutesFromNow(2.1) });
  return { order, reference };
}

const payment = async (reference: string) =>
  (await getDb()).selectFrom("payments").select(["status", "refund_reference"]).where("reference", "=", reference).executeTakeFirstOrThrow();

describe("the provider's view beside Glow's record", () => {
  test("a payment of the wrong amount: Paystack's status, amount, reference and dates beside ours, the amount marked", async () => {
    const { reference } = await mismatchedPayment("Viewa");
    const page = await adminPage(`?reference=${reference}`);
    expect(page.status).toBe(200);
    const view = page.data.search.paymentView;
    expect(view).toMatchObject({ state: "compared", differences: 1, channel: "bank_transfer" });
    const field = (label: string) => view.fields.find((f: { label: string }) => f.label === label);
    expect(field("Amount")).toEqual({ label: "Amount", glow: "₦12,000", provider: "₦5,000", differs: true });
    expect(field("Status")).toEqual({ label: "Status", glow: "mismatch", provider: "success", differs: false });
    expect(field("Reference")).toMatchObject({ glow: reference, provider: reference, differs: false });
    expect(field("Paid").provider).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} (am|pm)$/);
  });

  test("a payment paid at Paystack that Glow has not heard of yet shows its status marked; Paystack down is said, nothing changes", async () => {
    const order = await heldOrder("Viewb", 10);
    const reference = await startOnlinePayment(fake, order);
    fake.pay(reference, "success", "card");
    fake.outbox.length = 0;
    const page = await adminPage(`?reference=${reference}`);
    expect(page.data.search.paymentView.fields[0]).toEqual({ label: "Status", glow: "pending", provider: "success", differs: true });
    fake.failNext(1, "5xx");
    const down = await adminPage(`?reference=${reference}`);
    expect(down.status).toBe(200);
    expect(down.data.search.paymentView).toMatchObject({ state: "unreachable" });
    expect((await payment(reference)).status).toBe("pending");
  });

  test("a withdrawal's transfer by its reference: processing here, paid at Paystack (its webhook lost) is marked", async () => {
    const v = await fundedVendorWithAccount(fake, "tview", 2_000_000);
    const w = await startCodedWithdrawal(v, 1_000_000);
    expect((await verifyWithdrawal(v.vendorId, w.id, w.code)).ok).toBe(true);
    fake.settleTransfer(w.reference, "success");
    fake.outbox.length = 0;
    const page = await adminPage(`?reference=${w.reference}`);
    expect(page.status).toBe(200);
    expect(page.data.search.payment).toBeNull();
    expect(page.data.search.transfer.withdrawal).toMatchObject({ id: w.id, status: "processing", amountKobo: 1_000_000, feeKobo: 2_500 });
    const fields = page.data.search.transfer.view.fields as { label: string; differs: boolean; glow: string; provider: string }[];
    expect(fields.filter((f) => f.differs).map((f) => f.label)).toEqual(["Status"]);
    expect(fields.find((f) => f.label === "Amount")).toMatchObject({ glow: "₦9,975", provider: "₦9,975" });
    expect((await adminPage("?reference=glow-withdrawal-99999999")).status).toBe(404);
  });
});

describe("refunding a payment of the wrong amount from Glow", () => {
  test("two operators at once give one refund of what was paid, to the payer, who is told; audited once; the ledger untouched", async () => {
    const { order, reference } = await mismatchedPayment("Refunda");
    const vendorId = (await (await getDb()).selectFrom("appointments").select("vendor_id").where("ref", "=", order.ref).executeTakeFirstOrThrow()).vendor_id;
    const before = await vendorTotals(await getDb(), vendorId);
    const clicks = await Promise.all([asAdmin({ intent: "refund", reference }), asAdmin({ intent: "refund", reference })]);
    expect(clicks.map((c) => c.location)).toEqual([`/admin/payouts?reference=${reference}`, `/admin/payouts?reference=${reference}`]);
    expect((await Promise.all(clicks.map(toastOf))).sort()).toEqual([
      "Refunded ₦5,000 to the payer, who was e-mailed.",
      "This payment was already refunded; nothing more was sent.",
    ]);
    expect(fake.refunds.filter((r) => r.reference === reference)).toEqual([expect.objectContaining({ amount: 500_000 })]);
    expect(await payment(reference)).toEqual({ status: "refunded", refund_reference: expect.stringMatching(/^paystack_refund_/) });
    const told = (await mailsTo(order.customer.email)).filter((m) => m.subject.startsWith("Refund: ₦5,000"));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("The amount paid (₦5,000) was not what the booking asked (₦12,000)");
    const audit = await (await getDb()).selectFrom("audit_events").selectAll().where("record_id", "=", reference).execute();
    expect(audit).toEqual([expect.objectContaining({ action: "payment.refund", record_type: "payment", actor_role: "admin", vendor_id: vendorId })]);
    expect(await ledgerOf(order.id)).toEqual([]);
    expect(await vendorTotals(await getDb(), vendorId)).toEqual(before);
    // No longer a problem to look at, and a third click sends nothing.
    expect((await adminPage("")).data.problems.map((p: { reference: string }) => p.reference)).not.toContain(reference);
    expect(await toastOf(await asAdmin({ intent: "refund", reference }))).toBe("This payment was already refunded; nothing more was sent.");
    expect(fake.refunds.filter((r) => r.reference === reference)).toHaveLength(1);
  });

  test("Paystack down, a payment that is not of the wrong amount, or no such payment: refused, nothing changed", async () => {
    const { reference } = await mismatchedPayment("Refundb");
    fake.failNext(1, "cut");
    expect(await toastOf(await asAdmin({ intent: "refund", reference }))).toBe(
      "The payment service could not be reached, so nothing changed. Please try again in a moment.",
    );
    expect(await payment(reference)).toEqual({ status: "mismatch", refund_reference: null });
    // The amount is read, and Paystack refuses the refund itself (here: it holds one already, made from its dashboard).
    fake.refunds.push({ id: 1, reference, amount: 500_000 });
    expect(await toastOf(await asAdmin({ intent: "refund", reference }))).toBe(
      "The payment service did not take the refund, so nothing changed. Please try again in a moment.",
    );
    expect(await payment(reference)).toEqual({ status: "mismatch", refund_reference: null });
    fake.refunds.splice(
      fake.refunds.findIndex((r) => r.reference === reference),
      1,
    );
    expect(fake.refunds.filter((r) => r.reference === reference)).toEqual([]);

    const order = await heldOrder("Refundc", 11);
    const fine = await startOnlinePayment(fake, order);
    expect(await toastOf(await asAdmin({ intent: "refund", reference: fine }))).toBe(
      "Only a payment of the wrong amount can be refunded here; this one was not.",
    );
    expect(await toastOf(await asAdmin({ intent: "refund", reference: `glw-${"0".repeat(24)}` }))).toBe("There is no payment with that reference.");
    expect((await asAdmin({ intent: "refund", reference: "<script>" })).location).toBe("/admin/payouts");
    expect(fake.refunds.filter((r) => r.reference === fine)).toEqual([]);
  });

  test("only the admin may refund", async () => {
    const { reference } = await mismatchedPayment("Refundd");
    const customer = await cookieFor((await heldOrder("Refunde", 12)).customer.email);
    const refused = await run(() => action(args(formRequest("/admin/payouts", { intent: "refund", reference }, { cookie: customer }))));
    expect(refused.status).toBe(403);
    expect((await payment(reference)).status).toBe("mismatch");
  });
});
