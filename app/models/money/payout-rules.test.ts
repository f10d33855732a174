import { describe, expect, test } from "vitest";
import { sentAsTransfer, testOutcomeAllowed, transferReference } from "./payout-rules";

describe("did a payout go through the transfer provider", () => {
  test("a withdrawal with a transfer reference did; one from before transfers (a payout reference only) did not", () => {
    expect(sentAsTransfer({ transferReference: transferReference(7) })).toBe(true);
    expect(sentAsTransfer({ transferReference: null })).toBe(false);
    expect(sentAsTransfer({ transferReference: "" })).toBe(false);
  });

  test("test mode may make only a transfer that is processing or paid fail or be reversed", () => {
    const ref = transferReference(7);
    expect(testOutcomeAllowed({ transferReference: ref, status: "processing" })).toBe(true);
    expect(testOutcomeAllowed({ transferReference: ref, status: "paid" })).toBe(true);
    for (const status of ["failed", "reversed", "pending", "cancelled"]) expect(testOutcomeAllowed({ transferReference: ref, status })).toBe(false);
    expect(testOutcomeAllowed({ transferReference: null, status: "paid" })).toBe(false);
  });
});
