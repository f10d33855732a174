import { describe, expect, test } from "vitest";
import { atVisitKobo, cancellationCharge, depositKobo, onlineKobo } from "./cancellation-policy";

const startsAt = "2026-11-29T11:00:00.000Z";
const hoursBefore = (h: number) => new Date(new Date(startsAt).getTime() - h * 3_600_000);
const charge = (policy: "flexible" | "moderate" | "strict", h: number, paidKobo = 1_200_000, depositPercent = 0, totalKobo = 1_200_000) =>
  cancellationCharge(policy, { paidKobo, totalKobo, depositPercent, startsAt }, hoursBefore(h));

describe("cancellationCharge", () => {
  test("flexible: free until 24 h before, then the deposit", () => {
    expect(charge("flexible", 24)).toBe(0);
    expect(charge("flexible", 23.99)).toBe(0); // no deposit asked
    expect(charge("flexible", 23.99, 1_200_000, 20)).toBe(240_000);
    expect(charge("flexible", 48, 1_200_000, 20)).toBe(0);
  });

  test("moderate: half of what was paid within 24 h (at least the deposit)", () => {
    expect(charge("moderate", 25)).toBe(0);
    expect(charge("moderate", 2)).toBe(600_000);
    expect(charge("moderate", 2, 1_200_001)).toBe(600_000); // whole kobo, rounded in the customer's favour
    expect(charge("moderate", 2, 300_000, 30, 1_000_000)).toBe(300_000); // a paid deposit is kept whole
  });

  test("strict: the deposit at any time, everything within 24 h", () => {
    expect(charge("strict", 100, 1_200_000, 25)).toBe(300_000);
    expect(charge("strict", 100)).toBe(0);
    expect(charge("strict", 1)).toBe(1_200_000);
  });

  test("a no-show counts as the latest cancellation; nothing paid keeps nothing", () => {
    expect(charge("moderate", -1)).toBe(600_000);
    expect(charge("strict", -5, 0, 50)).toBe(0);
  });

  test("never more than was paid, never negative", () => {
    for (const policy of ["flexible", "moderate", "strict"] as const) {
      for (const h of [-1, 0, 1, 23, 24, 25, 200]) {
        for (const [paid, pct] of [
          [0, 0],
          [1, 100],
          [99, 33],
          [450_000, 40],
          [1_200_000, 100],
        ] as const) {
          const kept = charge(policy, h, paid, pct);
          expect(Number.isInteger(kept) && kept >= 0 && kept <= paid).toBe(true);
        }
      }
    }
    expect(depositKobo(1_000, 33)).toBe(330);
    expect(depositKobo(1_001, 33)).toBe(331);
    expect(depositKobo(1_000, 0)).toBe(0);
  });
});

describe("a deposit booking's money", () => {
  test("online is the deposit when there is one, else the total; the rest is due at the visit", () => {
    expect(onlineKobo({ total_kobo: 1_200_000, deposit_kobo: 240_000 })).toBe(240_000);
    expect(atVisitKobo({ total_kobo: 1_200_000, deposit_kobo: 240_000 })).toBe(960_000);
    expect(onlineKobo({ total_kobo: 1_200_000, deposit_kobo: 0 })).toBe(1_200_000);
    expect(atVisitKobo({ total_kobo: 1_200_000, deposit_kobo: 0 })).toBe(0);
    // Never more online than the total, never a negative rest.
    expect(onlineKobo({ total_kobo: 1_000, deposit_kobo: 5_000 })).toBe(1_000);
    expect(atVisitKobo({ total_kobo: 1_000, deposit_kobo: 5_000 })).toBe(0);
  });

  test("a paid deposit is kept as paid, whatever the vendor's percentage says later", () => {
    const startsAt = "2026-12-01T10:00:00.000Z";
    const booking = { paidKobo: 240_000, totalKobo: 1_200_000, depositPercent: 50, depositKobo: 240_000, startsAt };
    expect(cancellationCharge("strict", booking, new Date("2026-11-20T10:00:00.000Z"))).toBe(240_000);
    expect(cancellationCharge("flexible", booking, new Date("2026-11-20T10:00:00.000Z"))).toBe(0);
    expect(cancellationCharge("flexible", booking, new Date("2026-12-01T09:00:00.000Z"))).toBe(240_000);
    expect(cancellationCharge("moderate", booking, new Date("2026-12-01T09:00:00.000Z"))).toBe(240_000);
  });
});
