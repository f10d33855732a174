import { describe, expect, test } from "vitest";
import { afterPromo, normalisePromoCode, promoDiscount, promoOffText } from "./promo-rules";

// The promo code's discount rule, shared by the booking page and Book Now (docs/decisions/036-promo-codes.md).

const items = [
  { kind: "service" as const, priceKobo: 750_000 },
  { kind: "material" as const, priceKobo: 450_000 },
];

describe("promo rules", () => {
  test("a percent comes off the service lines only, rounded down to the kobo; 100% leaves the materials", () => {
    expect(promoDiscount(items, { percentOff: 10, amountOffKobo: null })).toBe(75_000);
    expect(promoDiscount([{ kind: "service", priceKobo: 333 }], { percentOff: 10, amountOffKobo: null })).toBe(33);
    expect(promoDiscount(items, { percentOff: 100, amountOffKobo: null })).toBe(750_000);
  });

  test("a naira amount is at most the service's price", () => {
    expect(promoDiscount(items, { percentOff: null, amountOffKobo: 200_000 })).toBe(200_000);
    expect(promoDiscount(items, { percentOff: null, amountOffKobo: 5_000_000 })).toBe(750_000);
  });

  test("afterPromo lowers the service lines, never below zero, and leaves the materials for the gifts", () => {
    expect(afterPromo(items, 75_000)).toEqual([
      { kind: "service", priceKobo: 675_000 },
      { kind: "material", priceKobo: 450_000 },
    ]);
    expect(afterPromo(items, 750_000)[0]!.priceKobo).toBe(0);
  });

  test("codes are letters and digits, 3 to 20, compared in upper case", () => {
    expect(normalisePromoCode(" glow10 ")).toBe("GLOW10");
    expect(normalisePromoCode("GL")).toBeNull();
    expect(normalisePromoCode("GLOW-10")).toBeNull();
    expect(normalisePromoCode("A".repeat(21))).toBeNull();
    expect(promoOffText({ percentOff: 10, amountOffKobo: null })).toBe("10% off");
    expect(promoOffText({ percentOff: null, amountOffKobo: 200_000 })).toBe("₦2,000 off");
  });
});
