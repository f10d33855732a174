import { afterAll, beforeAll } from "vitest";
import { action as webhook } from "~/routes/webhooks.paystack";
import { expect } from "vitest";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "./booking";
import { cookieFor, post, run } from "./booking-routes";
import { action as payAction } from "~/routes/payment._index/route";
import { startFakePaystack, type FakePaystack, type SignedWebhook } from "./fake-paystack";

// The rig the Paystack-mode tests share: the fake Paystack started before a file's tests with the app pointed at it
// (PAYSTACK_SECRET_KEY and PAYSTACK_API_URL, read once by getEnv(), so before anything in the file asks for them),
// stopped after; its webhooks delivered to the route as Paystack would; and times counted from now.

/**
 * Starts the fake for this test file and points the app at it; `ready` receives it once started. Call at the top
 * of the file, before any test asks for the environment.
 */
export function withFakePaystack(secretKey: string, ready: (fake: FakePaystack) => void): void {
  let fake: FakePaystack | undefined;
  beforeAll(async () => {
    fake = await startFakePaystack(secretKey);
    process.env.PAYSTACK_SECRET_KEY = secretKey;
    process.env.PAYSTACK_API_URL = fake.url;
    ready(fake);
  });
  afterAll(async () => {
    await fake?.close();
    delete process.env.PAYSTACK_SECRET_KEY;
    delete process.env.PAYSTACK_API_URL;
  });
}

/** Delivers one signed webhook to /webhooks/paystack as Paystack sends it; returns the status answered. */
export async function deliverPaystackWebhook(hook: SignedWebhook): Promise<number> {
  const headers = new Headers({ "Content-Type": "application/json", "x-paystack-signature": hook.signature });
  return (await run(webhook, new Request("http://localhost:3000/webhooks/paystack", { method: "POST", body: hook.body, headers }))).status;
}

export const MINUTE = 60_000;

/** `minutes` from now (negative for the past). */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

/** A customer's order held at the demo salon, `hour` o'clock on a fresh open day, not yet paid. */
export async function heldOrder(name = "Kemi", hour = 9) {
  const c = await createCustomer(name);
  const service = await featuredService();
  const { ref } = await hold(c.id, service.id, freshOpenDay((await vendorBySlug()).open_days), hour);
  const a = await appointmentByRef(ref);
  return { customer: c, cookie: await cookieFor(c.email), ref, id: a.id, token: a.pay_token, totalKobo: a.total_kobo };
}

/** The customer chooses "Pay online now" and is sent to the fake's checkout: returns the Paystack reference. */
export async function startOnlinePayment(fake: FakePaystack, order: { ref: string; cookie: string }): Promise<string> {
  const started = await run(payAction, post("/payment", { order: order.ref, method: "online" }, order.cookie));
  expect(started.status).toBe(303);
  return started.response!.headers.get("Location")!.slice(`${fake.url}/pay/`.length);
}
