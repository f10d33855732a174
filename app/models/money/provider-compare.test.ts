import { describe, expect, test } from "vitest";
import type { ProviderRecord } from "./paystack.server";
import { compareWithProvider, statesAgree } from "./provider-compare";

const theirs = (over: Partial<ProviderRecord> = {}): ProviderRecord => ({
  status: "success",
  amountKobo: 1_200_000,
  currency: "NGN",
  reference: "glw-abc",
  createdAt: "2026-11-27T09:00:00.000Z",
  settledAt: "2026-11-27T09:03:00.000Z",
  reason: null,
  channel: "card",
  ...over,
});
const ours = { status: "succeeded", amountKobo: 1_200_000, reference: "glw-abc", createdAt: "2026-11-27T09:00:00.000Z", settledAt: null, reason: null };
const differing = (fields: ReturnType<typeof compareWithProvider>) => fields.filter((f) => f.differs).map((f) => f.label);

describe("Glow's record beside the provider's", () => {
  test("states that agree and states that do not", () => {
    expect(statesAgree("payment", "succeeded", "success")).toBe(true);
    expect(statesAgree("payment", "pending", "ongoing")).toBe(true);
    expect(statesAgree("payment", "pending", "success")).toBe(false); // paid at Paystack, not yet here: verify now
    expect(statesAgree("payment", "failed", "success")).toBe(false);
    expect(statesAgree("payment", "mismatch", "SUCCESS")).toBe(true);
    expect(statesAgree("transfer", "processing", "pending")).toBe(true);
    expect(statesAgree("transfer", "paid", "success")).toBe(true);
    expect(statesAgree("transfer", "paid", "reversed")).toBe(false);
    expect(statesAgree("transfer", "pending", "success")).toBe(false);
    expect(statesAgree("payment", "nonsense", "success")).toBe(false);
  });

  test("the same payment shows no difference; another amount, currency or state is marked", () => {
    expect(differing(compareWithProvider("payment", ours, theirs()))).toEqual([]);
    const short = compareWithProvider("payment", { ...ours, status: "mismatch" }, theirs({ amountKobo: 500_000 }));
    expect(differing(short)).toEqual(["Amount"]);
    expect(short.find((f) => f.label === "Amount")).toMatchObject({ glow: "₦12,000", provider: "₦5,000" });
    expect(differing(compareWithProvider("payment", ours, theirs({ currency: "USD" })))).toEqual(["Amount"]);
    expect(compareWithProvider("payment", ours, theirs({ currency: "USD" }))[1]!.provider).toBe("USD 12000.00");
    expect(differing(compareWithProvider("payment", { ...ours, status: "pending" }, theirs()))).toEqual(["Status"]);
    expect(differing(compareWithProvider("payment", ours, theirs({ amountKobo: null })))).toEqual(["Amount"]);
  });

  test("dates and reasons are shown, never marked; a missing date is a dash", () => {
    const fields = compareWithProvider(
      "transfer",
      { ...ours, status: "failed", reason: "made to fail" },
      theirs({ status: "failed", settledAt: null, reason: "Could not credit" }),
    );
    expect(differing(fields)).toEqual([]);
    expect(fields.find((f) => f.label === "Settled")).toMatchObject({ glow: "—", provider: "—" });
    expect(fields.find((f) => f.label === "Failure reason")).toMatchObject({ glow: "made to fail", provider: "Could not credit" });
    expect(fields.find((f) => f.label === "Started")!.provider).toMatch(/^Nov 27, 2026 at 10:00 am$/);
  });
});
