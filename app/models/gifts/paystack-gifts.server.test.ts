import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { dueWork } from "~/models/background/work-list.server";
import { runDueWork } from "~/models/jobs/queue.server";
import { loader as returnLoader } from "~/routes/payment.return";
import { mailsTo, vendorBySlug } from "../../../tests/booking";
import { get, run } from "../../../tests/booking-routes";
import type { FakePaystack } from "../../../tests/fake-paystack";
import { deliverPaystackWebhook, minutesFromNow, withFakePaystack } from "../../../tests/paystack-rig";
import { createGift } from "./buy-gift.server";
import { NO_GIFTS, saveGiftSettings } from "./gift-settings.server";
import { startGiftPayment } from "./pay-gift.server";

// Gift payments in Paystack mode, against the local fake of its API: settled by the return page, by the webhook
// (once, however often it comes), or by the checks when both are lost; a second payer's money goes back.
const SECRET = "sk_test_glow_gift_secret";
let fake: FakePaystack;

withFakePaystack(SECRET, (started) => (fake = started));

async function unpaidGift(recipientEmail: string) {
  const vendor = await vendorBySlug();
  await saveGiftSettings(vendor.id, { ...NO_GIFTS, cardsOn: true, cardAmounts: [1_000_000] });
  const { payToken } = await createGift({
    vendorId: vendor.id,
    kind: "card",
    serviceId: null,
    amountKobo: 1_000_000,
    buyerUserId: null,
    buyerName: "Tunde",
    buyerEmail: "tunde.paystack@example.com",
    recipientName: "Ada",
    recipientEmail,
    recipientPhone: null,
    message: null,
  });
  return payToken;
}

async function start(token: string, email: string) {
  const { redirectUrl, reference } = await startGiftPayment({ token, source: "link", payerName: "Funke", payerEmail: email });
  expect(redirectUrl).toBe(`${fake.url}/pay/${reference}`);
  return reference;
}

const giftOf = async (token: string) =>
  (await getDb()).selectFrom("gifts").select(["status", "paid_by_name"]).where("pay_token", "=", token).executeTakeFirstOrThrow();
const paymentOf = async (reference: string) =>
  (await getDb()).selectFrom("gift_payments").select(["status", "refund_reference"]).where("reference", "=", reference).executeTakeFirstOrThrow();

describe("gift payments through Paystack", () => {
  test("the payer's return verifies it; the webhook then changes nothing", async () => {
    const token = await unpaidGift("ada.ps1@example.com");
    const reference = await start(token, "funke.ps1@example.com");
    const back = new URL(fake.pay(reference, "success"));
    const landed = await run(returnLoader, get(`${back.pathname}${back.search}`));
    expect(landed.response!.headers.get("Location")).toBe(`/gift/pay/${token}`);
    expect(await giftOf(token)).toEqual({ status: "active", paid_by_name: "Funke" });
    for (const hook of fake.outbox.splice(0)) expect(await deliverPaystackWebhook(hook)).toBe(200);
    await runDueWork(dueWork, { now: new Date() });
    expect((await mailsTo("ada.ps1@example.com")).filter((m) => m.subject.startsWith("Tunde gave you"))).toHaveLength(1);
  });

  test("with the payer's tab closed, the webhook settles it, once, however often it comes", async () => {
    const token = await unpaidGift("ada.ps2@example.com");
    const reference = await start(token, "funke.ps2@example.com");
    fake.pay(reference, "success");
    const hooks = fake.outbox.splice(0);
    for (const hook of [...hooks, ...hooks]) expect(await deliverPaystackWebhook(hook)).toBe(200);
    await runDueWork(dueWork, { now: new Date() });
    expect(await paymentOf(reference)).toMatchObject({ status: "succeeded" });
    expect((await mailsTo("ada.ps2@example.com")).filter((m) => m.subject.startsWith("Tunde gave you"))).toHaveLength(1);
  });

  test("with the webhook and the return both lost, the checks settle it; a second payer's money goes back", async () => {
    const token = await unpaidGift("ada.ps3@example.com");
    const first = await start(token, "funke.ps3@example.com");
    const second = await start(token, "sola.ps3@example.com");
    fake.pay(first, "success");
    fake.pay(second, "success");
    fake.outbox.length = 0;
    await runDueWork(dueWork, { now: minutesFromNow(1) });
    expect((await giftOf(token)).status).toBe("unpaid");
    await runDueWork(dueWork, { now: minutesFromNow(2.1) });
    expect((await giftOf(token)).status).toBe("active");
    const outcomes = [await paymentOf(first), await paymentOf(second)].map((p) => p.status).sort();
    expect(outcomes).toEqual(["refunded", "succeeded"]);
  });
});
