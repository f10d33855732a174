import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { dueWork } from "~/models/background/work-list.server";
import { runDueWork } from "~/models/jobs/queue.server";
import { creditBalance } from "~/models/money/auto-credit.server";
import { loader as checkLoader } from "~/routes/payment.check/route";
import { action as payLinkAction } from "~/routes/pay.$token/route";
import { loader as returnLoader } from "~/routes/payment.return";
import { appointmentByRef, ledgerOf, mailsTo } from "../../../tests/booking";
import { get, post, run } from "../../../tests/booking-routes";
import type { FakePaystack } from "../../../tests/fake-paystack";
import { deliverPaystackWebhook, heldOrder, minutesFromNow, startOnlinePayment, withFakePaystack } from "../../../tests/paystack-rig";

// Payments that reconcile themselves, in Paystack mode against the local fake of its API: every channel, the
// checks that find payments no webhook told of, abandoned attempts, wrong amounts, late payments refunded to their
// payers, webhooks delayed, repeated, reordered and dropped, and the provider down.
const SECRET = "sk_test_glow_reconcile_secret";
let fake: FakePaystack;

withFakePaystack(SECRET, (started) => (fake = started));

const at = minutesFromNow;

const payOnlineStart = (order: { ref: string; cookie: string }) => startOnlinePayment(fake, order);

/** Someone pays through the order's link: returns the Paystack reference. */
async function linkPayStart(order: { token: string }, name: string, email: string) {
  const started = await run(payLinkAction, post(`/pay/${order.token}`, { name, email }), { token: order.token });
  expect(started.status).toBe(303);
  return started.response!.headers.get("Location")!.slice(`${fake.url}/pay/`.length);
}

const deliver = deliverPaystackWebhook;

const paymentRow = async (reference: string) => (await getDb()).selectFrom("payments").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();

describe("payments that reconcile themselves (Paystack mode)", () => {
  test("checkout offers card, bank transfer and USSD; each channel is collected and recorded", async () => {
    for (const channel of ["card", "bank_transfer", "ussd"]) {
      const order = await heldOrder("Chan");
      const reference = await payOnlineStart(order);
      expect(fake.transactions.get(reference)!.channels).toEqual(["card", "bank_transfer", "ussd"]);
      const back = new URL(fake.pay(reference, "success", channel));
      await run(returnLoader, get(`${back.pathname}${back.search}`));
      expect(await paymentRow(reference)).toMatchObject({ status: "succeeded", channel });
      expect((await appointmentByRef(order.ref)).payment_status).toBe("paid");
    }
    fake.outbox.length = 0;
  });

  test("with the webhook switched off, a payment completed at the provider confirms the booking within one job cycle", async () => {
    const order = await heldOrder("Nohook");
    const reference = await payOnlineStart(order);
    fake.pay(reference, "success", "bank_transfer");
    fake.outbox.length = 0; // the webhook never comes, and the payer closed the tab
    await runDueWork(dueWork, { now: at(1) });
    expect((await appointmentByRef(order.ref)).payment_status).toBe("unpaid");
    await runDueWork(dueWork, { now: at(2.1) });
    expect(await appointmentByRef(order.ref)).toMatchObject({ status: "requested", payment_status: "paid" });
    expect(await ledgerOf(order.id)).toHaveLength(2);
    // The later checks find it settled and change nothing.
    await runDueWork(dueWork, { now: at(24 * 60 + 1) });
    expect(await ledgerOf(order.id)).toHaveLength(2);
  });

  test("an attempt never paid is abandoned after 24 hours, and its hold is long gone", async () => {
    const order = await heldOrder("Gone");
    const reference = await payOnlineStart(order);
    await runDueWork(dueWork, { now: at(36) });
    expect((await paymentRow(reference)).status).toBe("pending");
    await runDueWork(dueWork, { now: at(24 * 60 + 1) });
    expect((await paymentRow(reference)).status).toBe("abandoned");
    expect((await appointmentByRef(order.ref)).payment_status).toBe("unpaid");
    const jobs = await (await getDb()).selectFrom("jobs").select(["key", "done_at"]).where("key", "like", `${reference}:%`).orderBy("run_at").execute();
    expect(jobs.map((j) => j.key)).toEqual(["2m", "35m", "2h", "24h"].map((n) => `${reference}:${n}`));
    expect(jobs.every((j) => j.done_at !== null)).toBe(true);
  });

  test("a verified success of another amount is not applied: an operator's item", async () => {
    const order = await heldOrder("Short");
    const reference = await payOnlineStart(order);
    fake.pay(reference);
    fake.outbox.length = 0;
    fake.transactions.get(reference)!.amount = 500_000; // a transfer of less than asked
    await runDueWork(dueWork, { now: at(2.1) });
    expect(await paymentRow(reference)).toMatchObject({ status: "mismatch", problem: expect.stringContaining("Paid ₦5,000 where ₦12,000 was asked") });
    expect((await appointmentByRef(order.ref)).payment_status).toBe("unpaid");
    expect(await ledgerOf(order.id)).toEqual([]);
  });

  test("a transfer that lands after the hold expired is refunded to whoever paid, who is told; never AutoCredit", async () => {
    const order = await heldOrder("Late");
    const reference = await linkPayStart(order, "Bisi", "bisi.late@example.com");
    fake.pay(reference, "success", "bank_transfer");
    fake.outbox.length = 0;
    await runDueWork(dueWork, { now: at(70) });
    expect(await paymentRow(reference)).toMatchObject({ status: "refunded", refund_reference: expect.stringMatching(/^paystack_refund_/) });
    expect(fake.refunds.filter((r) => r.reference === reference)).toEqual([expect.objectContaining({ amount: order.totalKobo })]);
    expect(await creditBalance(await getDb(), order.customer.id)).toBe(0);
    const subjects = (await mailsTo("bisi.late@example.com")).map((m) => m.subject);
    expect(subjects.filter((s) => /^Refund: ₦12,000 for .+ at Ronke's Beauty Lounge$/.test(s))).toHaveLength(1);
  });

  test("ten payers racing on one link: one payment kept, nine refunded to their payers", async () => {
    const order = await heldOrder("Ten", 11);
    const payers = "ABCDEFGHIJ".split("").map((letter, i) => ({ name: `Friend ${letter}`, email: `friend${i}.race@example.com` }));
    const references: string[] = [];
    for (const p of payers) references.push(await linkPayStart(order, p.name, p.email));
    const returns = references.map((r) => new URL(fake.pay(r)));
    // Half come back to the return page, the webhooks of all of them arrive at the same moment, then the work runs.
    await Promise.all([
      ...returns.slice(0, 5).map((u) => run(returnLoader, get(`${u.pathname}${u.search}`))),
      fake.deliverWebhooks(deliver),
      runDueWork(dueWork),
    ]);
    await runDueWork(dueWork);
    const rows = await Promise.all(references.map(paymentRow));
    expect(rows.filter((r) => r.status === "succeeded")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "refunded")).toHaveLength(9);
    const kept = rows.find((r) => r.status === "succeeded")!;
    expect(
      fake.refunds
        .filter((f) => references.includes(f.reference))
        .map((f) => f.reference)
        .sort(),
    ).toEqual(references.filter((r) => r !== kept.reference).sort());
    expect(await appointmentByRef(order.ref)).toMatchObject({ payment_status: "paid", paid_by_name: kept.payer_name });
    expect(await ledgerOf(order.id)).toHaveLength(2);
    expect(await creditBalance(await getDb(), order.customer.id)).toBe(0);
    for (const r of rows.filter((x) => x.status === "refunded"))
      expect((await mailsTo(r.payer_email!)).some((m) => m.subject.startsWith("Refund: ₦12,000"))).toBe(true);
  });

  test("webhooks delayed, repeated three times, in reverse order and some dropped: each payment applied once", async () => {
    const orders = [await heldOrder("Hook"), await heldOrder("Hook", 12), await heldOrder("Hook", 14)];
    const references = [];
    for (const o of orders) references.push(await payOnlineStart(o));
    for (const r of references) fake.pay(r);
    const statuses = await fake.deliverWebhooks(deliver, { order: "reversed", repeat: 3, drop: (_hook, i) => i === 1 });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    await runDueWork(dueWork);
    expect((await appointmentByRef(orders[0]!.ref)).payment_status).toBe("paid");
    expect((await appointmentByRef(orders[1]!.ref)).payment_status).toBe("unpaid"); // its webhook was dropped...
    await runDueWork(dueWork, { now: at(2.1) });
    expect((await appointmentByRef(orders[1]!.ref)).payment_status).toBe("paid"); // ...and the check found it
    for (const o of orders) expect(await ledgerOf(o.id)).toHaveLength(2);
  });

  test("an event for a reference that is not ours is answered 200 and changes nothing", async () => {
    const crypto = await import("node:crypto");
    const body = JSON.stringify({ event: "charge.success", data: { id: 1, reference: "someone-elses", amount: 100, currency: "NGN", status: "success" } });
    expect(await deliver({ body, signature: crypto.createHmac("sha512", SECRET).update(body).digest("hex") })).toBe(200);
    const db = await getDb();
    expect(await db.selectFrom("jobs").select("id").where("key", "=", "paystack:charge.success:1").execute()).toEqual([]);
    expect(await db.selectFrom("webhook_events").select("id").where("id", "=", "paystack:charge.success:1").execute()).toEqual([]);
  });

  test("the provider down: a check fails, is retried, and applies the payment when the provider answers again", async () => {
    const order = await heldOrder("Down");
    const reference = await payOnlineStart(order);
    fake.pay(reference);
    fake.outbox.length = 0;
    fake.failNext(2, "5xx");
    await runDueWork(dueWork, { now: at(2.1) });
    expect((await appointmentByRef(order.ref)).payment_status).toBe("unpaid");
    const job = await (await getDb()).selectFrom("jobs").selectAll().where("key", "=", `${reference}:2m`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ done_at: null, last_error: expect.stringContaining("could not be reached") });
    fake.failNext(0);
    await runDueWork(dueWork, { now: at(10) });
    expect((await appointmentByRef(order.ref)).payment_status).toBe("paid");
  });
});

describe("/payment/check: I paid but it says pending", () => {
  test("verifies at once and confirms, or says what happens next; bad references get a clear 4xx", async () => {
    const order = await heldOrder("Check");
    const reference = await payOnlineStart(order);
    const pending = await run<{ page: { state: string; status: string } }>(checkLoader, get(`/payment/check?reference=${reference}`));
    expect(pending.status).toBe(200);
    expect(pending.body.page).toMatchObject({ state: "checked", status: "pending" });
    fake.pay(reference, "success", "ussd");
    fake.outbox.length = 0;
    const paid = await run<{ page: { state: string; status: string } }>(checkLoader, get(`/payment/check?reference=${reference.toUpperCase()}`));
    expect(paid.body.page).toMatchObject({ state: "checked", status: "succeeded" });
    expect((await appointmentByRef(order.ref)).payment_status).toBe("paid");

    expect((await run(checkLoader, get("/payment/check"))).status).toBe(200);
    expect((await run(checkLoader, get("/payment/check?reference=nonsense"))).status).toBe(400);
    expect((await run(checkLoader, get(`/payment/check?reference=glw-${"0".repeat(24)}`))).status).toBe(404);
  });

  test("the provider unreachable is a 503 that says so; asking too often is a 429", async () => {
    const order = await heldOrder("Often");
    const reference = await payOnlineStart(order);
    fake.failNext(1, "cut");
    const down = await run<{ page: { unreachable: boolean } }>(checkLoader, get(`/payment/check?reference=${reference}`));
    expect(down.status).toBe(503);
    expect(down.body.page.unreachable).toBe(true);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await run(checkLoader, get(`/payment/check?reference=${reference}`))).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});
