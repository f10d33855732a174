import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, ledgerOf, vendorBySlug } from "../../tests/booking";
import { cookieFor, get, post, run } from "../../tests/booking-routes";
import type { FakePaystack } from "../../tests/fake-paystack";
import { withFakePaystack } from "../../tests/paystack-rig";
import { loader as checkoutLoader } from "./checkout.$reference";
import { action as payAction } from "./payment._index/route";
import { loader as returnLoader } from "./payment.return";
import { action as webhook } from "./webhooks.paystack";
import { action as vendorAction } from "./vendor.appointment/route";
import { dueWork } from "~/models/background/work-list.server";
import { runDueWork } from "~/models/jobs/queue.server";

// The whole app in Paystack mode, against a local fake of Paystack's API.
const SECRET = "sk_test_glow_webhook_secret";
let fake: FakePaystack;

withFakePaystack(SECRET, (started) => (fake = started));

/** A held order whose customer chose "Pay online now": returns the Paystack reference. */
async function startPaystackPayment() {
  const c = await createCustomer();
  const cookie = await cookieFor(c.email);
  const service = await featuredService();
  const { ref } = await hold(c.id, service.id, freshOpenDay((await vendorBySlug()).open_days), 9);
  const started = await run(payAction, post("/payment", { order: ref, method: "online" }, cookie));
  expect(started.status).toBe(303);
  const location = started.response!.headers.get("Location")!;
  expect(location.startsWith(`${fake.url}/pay/glw-`)).toBe(true);
  const reference = location.slice(`${fake.url}/pay/`.length);
  return { ref, reference, email: c.email };
}

function deliver(body: string, signature: string | null) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set("x-paystack-signature", signature);
  return run(webhook, new Request("http://localhost:3000/webhooks/paystack", { method: "POST", body, headers }));
}

/** What the background runner does within a second: the queued webhook work runs. */
const backgroundRuns = () => runDueWork(dueWork);

describe("Paystack: initialize, verify on return, webhooks", () => {
  test("the app is in Paystack mode for this file", () => {
    expect(getEnv().PAYSTACK_SECRET_KEY).toBe(SECRET);
  });

  test("initialize: the payer goes to Paystack with the server's amount in kobo, NGN and their e-mail", async () => {
    const { reference, email } = await startPaystackPayment();
    expect(fake.transactions.get(reference)).toMatchObject({
      amount: 1_200_000,
      currency: "NGN",
      email,
      callbackUrl: `http://localhost:3000/payment/return?reference=${reference}`,
    });
    // The built-in test checkout does not exist in Paystack mode.
    expect((await run(checkoutLoader, get(`/checkout/${reference}`), { reference })).status).toBe(404);
  });

  test("verify on return: Paystack says success, the order is paid once", async () => {
    const { ref, reference } = await startPaystackPayment();
    const callback = new URL(fake.pay(reference));
    const back = await run(returnLoader, get(`${callback.pathname}${callback.search}`));
    expect(back.response!.headers.get("Location")).toBe(`/user/appointment?ref=${ref}`);
    const order = await appointmentByRef(ref);
    expect(order).toMatchObject({ status: "requested", payment_status: "paid", payment_method: "online" });
    await run(returnLoader, get(`${callback.pathname}${callback.search}`));
    expect(await ledgerOf(order.id)).toHaveLength(2);
  });

  test("returning before Paystack has a verdict changes nothing, and leads to the page that checks again", async () => {
    const { ref, reference } = await startPaystackPayment();
    const back = await run(returnLoader, get(`/payment/return?reference=${reference}&trxref=${reference}`));
    expect(back.response!.headers.get("Location")).toBe(`/payment/check?reference=${reference}`);
    expect((await appointmentByRef(ref)).payment_status).toBe("unpaid");
  });

  test("a webhook with a bad or missing signature is refused and changes nothing", async () => {
    const { ref, reference } = await startPaystackPayment();
    const { body, signature } = fake.webhook(reference);
    expect((await deliver(body, null)).status).toBe(401);
    expect((await deliver(body, "0".repeat(128))).status).toBe(401);
    expect((await deliver(body, fake.webhook(reference, { key: "sk_someone_else" }).signature)).status).toBe(401);
    expect((await deliver(body.replace("1200000", "1"), signature)).status).toBe(401);
    expect((await appointmentByRef(ref)).payment_status).toBe("unpaid");
  });

  test("a valid webhook is answered at once with its work queued; the work pays the order; replays (even at the same moment) are applied once", async () => {
    const { ref, reference } = await startPaystackPayment();
    const { body, signature } = fake.webhook(reference);
    const started = performance.now();
    const first = await deliver(body, signature);
    expect(first.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await appointmentByRef(ref)).payment_status).toBe("unpaid");
    await backgroundRuns();
    const order = await appointmentByRef(ref);
    expect(order).toMatchObject({ status: "requested", payment_status: "paid" });
    const replays = await Promise.all([1, 2, 3].map(() => deliver(body, signature)));
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    await backgroundRuns();
    expect(await ledgerOf(order.id)).toHaveLength(2);
    const db = await getDb();
    const eventId = `paystack:charge.success:${fake.transactions.get(reference)!.id}`;
    expect(await db.selectFrom("webhook_events").select("id").where("id", "=", eventId).execute()).toHaveLength(1);
  });

  test("a signed webhook with the wrong amount or currency is not applied", async () => {
    for (const overrides of [{ amount: 100 }, { currency: "USD" }]) {
      const { ref, reference } = await startPaystackPayment();
      const { body, signature } = fake.webhook(reference, overrides);
      expect((await deliver(body, signature)).status).toBe(200);
      await backgroundRuns();
      expect((await appointmentByRef(ref)).payment_status).toBe("unpaid");
    }
  });

  test("bodies that are too large or not JSON get a clear 4xx or a harmless 200", async () => {
    expect((await deliver("x".repeat(70_000), "0".repeat(128))).status).toBe(413);
    const junk = "not json";
    const crypto = await import("node:crypto");
    expect((await deliver(junk, crypto.createHmac("sha512", SECRET).update(junk).digest("hex"))).status).toBe(200);
  });

  test("a declined Paystack payment is refunded through Paystack's refund API, to the card it came from", async () => {
    const { ref, reference, email } = await startPaystackPayment();
    const callback = new URL(fake.pay(reference));
    await run(returnLoader, get(`${callback.pathname}${callback.search}`));
    const a = await appointmentByRef(ref);
    expect(a.payment_status).toBe("paid");
    const result = await run(
      vendorAction,
      post("/vendor/appointment", { intent: "decline", id: String(a.id), reason: "Fully booked" }, await cookieFor("vendor@example.com")),
    );
    expect(result.status).toBe(303);
    expect(fake.refunds).toEqual([expect.objectContaining({ reference, amount: a.total_kobo })]);
    expect(fake.requests.filter((r) => r.path === "/refund")).toEqual([
      { method: "POST", path: "/refund", body: { transaction: reference, amount: a.total_kobo } },
    ]);
    const db = await getDb();
    const refund = await db.selectFrom("refunds").selectAll().where("appointment_id", "=", a.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ method: "online", provider: "paystack", amount_kobo: a.total_kobo });
    expect(refund.provider_reference).toMatch(/^paystack_refund_\d+$/);
    const credit = await db.selectFrom("credit_entries").select("id").where("appointment_id", "=", a.id).execute();
    expect(credit).toEqual([]);
    expect((await appointmentByRef(ref)).payment_status).toBe("refunded");
    const mails = await db.selectFrom("outbox").select("text").where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mails.text).toContain("was refunded to the card or account you paid with");
  });
});
