import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakePaystack, type FakePaystack } from "../../../tests/fake-paystack";
import { createPaystack, isValidSignature, PaystackError, readWebhookEvent } from "./paystack.server";

const SECRET = "sk_test_fake_0123456789";
let fake: FakePaystack;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
});
afterAll(() => fake.close());

describe("Paystack adapter against a local fake of its API", () => {
  test("initialize sends the amount in kobo, NGN, the payer's e-mail and our return URL; verify reads the outcome", async () => {
    const paystack = createPaystack({ secretKey: SECRET, baseUrl: fake.url });
    const { redirectUrl } = await paystack.initialize({
      reference: "glw-abc123",
      amountKobo: 1_200_000,
      email: "ada@example.com",
      callbackUrl: "http://localhost:3000/payment/return?reference=glw-abc123",
    });
    expect(redirectUrl).toBe(`${fake.url}/pay/glw-abc123`);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/transaction/initialize",
      body: {
        reference: "glw-abc123",
        amount: 1_200_000,
        currency: "NGN",
        email: "ada@example.com",
        callback_url: "http://localhost:3000/payment/return?reference=glw-abc123",
      },
    });
    expect(await paystack.verify("glw-abc123")).toEqual({ status: "pending", amountKobo: 1_200_000, currency: "NGN" });
    fake.pay("glw-abc123");
    expect(await paystack.verify("glw-abc123")).toEqual({ status: "success", amountKobo: 1_200_000, currency: "NGN" });
  });

  test("a wrong key, an unknown reference and an unreachable API are errors, never a success", async () => {
    await expect(createPaystack({ secretKey: "sk_wrong", baseUrl: fake.url }).verify("glw-x")).rejects.toBeInstanceOf(PaystackError);
    await expect(createPaystack({ secretKey: SECRET, baseUrl: fake.url }).verify("glw-unknown")).rejects.toThrow(/answered 400/);
    await expect(createPaystack({ secretKey: SECRET, baseUrl: "http://127.0.0.1:9" }).verify("glw-x")).rejects.toThrow(/unreachable/);
  });

  test("webhook signatures: HMAC-SHA512 of the raw body with the secret key", () => {
    const body = JSON.stringify({ event: "charge.success", data: { id: 1, reference: "glw-1", amount: 100, currency: "NGN", status: "success" } });
    const good = crypto.createHmac("sha512", SECRET).update(body).digest("hex");
    expect(isValidSignature(SECRET, body, good)).toBe(true);
    expect(isValidSignature(SECRET, body, good.toUpperCase())).toBe(true);
    expect(isValidSignature(SECRET, `${body} `, good)).toBe(false);
    expect(isValidSignature("sk_other", body, good)).toBe(false);
    expect(isValidSignature(SECRET, body, null)).toBe(false);
    expect(isValidSignature(SECRET, body, "abc")).toBe(false);
    expect(isValidSignature(SECRET, body, "z".repeat(128))).toBe(false);
  });

  test("webhook bodies: only charge.success is read; anything else is ignored", () => {
    expect(
      readWebhookEvent(JSON.stringify({ event: "charge.success", data: { id: 7, reference: "glw-1", amount: 500, currency: "NGN", status: "success" } })),
    ).toEqual({
      status: "success",
      amountKobo: 500,
      currency: "NGN",
      reference: "glw-1",
      eventId: "paystack:charge.success:7",
    });
    expect(readWebhookEvent(JSON.stringify({ event: "transfer.success", data: { reference: "x" } }))).toBeNull();
    expect(readWebhookEvent("not json")).toBeNull();
    expect(readWebhookEvent("null")).toBeNull();
    expect(readWebhookEvent(JSON.stringify({ event: "charge.success", data: { reference: "r".repeat(200) } }))).toBeNull();
  });
});
