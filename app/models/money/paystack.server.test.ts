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
        channels: ["card", "bank_transfer", "ussd"],
      },
    });
    expect(await paystack.verify("glw-abc123")).toEqual({ status: "pending", amountKobo: 1_200_000, currency: "NGN", channel: null });
    fake.pay("glw-abc123", "success", "bank_transfer");
    expect(await paystack.verify("glw-abc123")).toEqual({ status: "success", amountKobo: 1_200_000, currency: "NGN", channel: "bank_transfer" });
  });

  test("a wrong key, an unknown reference and an unreachable API are errors, never a success", async () => {
    await expect(createPaystack({ secretKey: "sk_wrong", baseUrl: fake.url }).verify("glw-x")).rejects.toBeInstanceOf(PaystackError);
    await expect(createPaystack({ secretKey: SECRET, baseUrl: fake.url }).verify("glw-unknown")).rejects.toThrow(/answered 400/);
    await expect(createPaystack({ secretKey: SECRET, baseUrl: "http://127.0.0.1:9" }).verify("glw-x")).rejects.toThrow(/unreachable/);
    fake.failNext(1, "5xx");
    const down = await createPaystack({ secretKey: SECRET, baseUrl: fake.url })
      .banks()
      .catch((e: unknown) => e);
    expect(down).toBeInstanceOf(PaystackError);
    expect((down as PaystackError).refused).toBe(false);
    fake.failNext(1, "cut");
    await expect(createPaystack({ secretKey: SECRET, baseUrl: fake.url }).banks()).rejects.toThrow(/unreachable/);
  });

  test("payouts: banks, resolving a number, one recipient, a transfer whose reference cannot be used twice, and its verification", async () => {
    const paystack = createPaystack({ secretKey: SECRET, baseUrl: fake.url });
    expect(await paystack.banks()).toContainEqual({ code: "058", name: "Guaranty Trust Bank" });
    fake.accounts.set("058:0123456789", "RONKE TEMITOPE ALABI");
    expect(await paystack.resolveAccount({ bankCode: "058", number: "0123456789" })).toEqual({ accountName: "RONKE TEMITOPE ALABI" });
    const unknown = await paystack.resolveAccount({ bankCode: "058", number: "0000000000" }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(PaystackError);
    expect((unknown as PaystackError).refused).toBe(true);

    const { recipientCode } = await paystack.createRecipient({ bankCode: "058", number: "0123456789", name: "RONKE TEMITOPE ALABI" });
    expect(recipientCode).toMatch(/^RCP_/);
    const sent = await paystack.transfer({ reference: "glow-withdrawal-00000001", amountKobo: 99_000, recipientCode, reason: "Glow withdrawal 1" });
    expect(sent).toMatchObject({ status: "pending", transferCode: expect.stringMatching(/^TRF_/) });
    await expect(paystack.transfer({ reference: "glow-withdrawal-00000001", amountKobo: 99_000, recipientCode, reason: "again" })).rejects.toThrow(
      /already exists/,
    );
    expect([...fake.transfers.values()].filter((t) => t.reference === "glow-withdrawal-00000001")).toHaveLength(1);
    fake.settleTransfer("glow-withdrawal-00000001", "success");
    expect(await paystack.verifyTransfer("glow-withdrawal-00000001")).toMatchObject({ status: "success", sessionId: expect.stringMatching(/^100004/) });
    const missing = await paystack.verifyTransfer("glow-withdrawal-99999999").catch((e: unknown) => e);
    expect((missing as PaystackError).status).toBe(404);
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

  test("webhook bodies: charge.success and the three transfer outcomes are read; anything else is ignored", () => {
    expect(
      readWebhookEvent(
        JSON.stringify({ event: "charge.success", data: { id: 7, reference: "glw-1", amount: 500, currency: "NGN", status: "success", channel: "ussd" } }),
      ),
    ).toEqual({
      kind: "charge",
      status: "success",
      amountKobo: 500,
      currency: "NGN",
      channel: "ussd",
      reference: "glw-1",
      eventId: "paystack:charge.success:7",
    });
    expect(
      readWebhookEvent(
        JSON.stringify({ event: "transfer.reversed", data: { id: 9, reference: "glow-withdrawal-00000009", status: "reversed", reason: "Bank said no" } }),
      ),
    ).toEqual({
      kind: "transfer",
      status: "reversed",
      transferCode: null,
      sessionId: null,
      reason: "Bank said no",
      reference: "glow-withdrawal-00000009",
      eventId: "paystack:transfer.reversed:9",
    });
    expect(readWebhookEvent(JSON.stringify({ event: "charge.dispute.create", data: { reference: "x" } }))).toBeNull();
    expect(readWebhookEvent(JSON.stringify({ event: "transfer.success", data: {} }))).toBeNull();
    expect(readWebhookEvent("not json")).toBeNull();
    expect(readWebhookEvent("null")).toBeNull();
    expect(readWebhookEvent(JSON.stringify({ event: "charge.success", data: { reference: "r".repeat(200) } }))).toBeNull();
  });
});
