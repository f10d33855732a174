import { describe, expect, test } from "vitest";
import { coverBooking } from "./redeem-rules";

// What gifts cover of a booking (docs/domain.md, "Gifts and offers"): the rule the booking page and Book Now share.

const braids = [
  { kind: "service" as const, priceKobo: 750_000 },
  { kind: "material" as const, priceKobo: 450_000 },
];
const card = (id: number, balanceKobo: number, expiresAt = "2027-02-27T22:59:59.999Z") => ({ id, kind: "card" as const, balanceKobo, expiresAt });
const voucher = (id: number, balanceKobo: number, expiresAt = "2027-02-27T22:59:59.999Z") => ({ id, kind: "voucher" as const, balanceKobo, expiresAt });

describe("coverBooking", () => {
  test("no gift: everything is left to pay", () => {
    expect(coverBooking(braids, [])).toEqual({ covers: [], giftKobo: 0, leftKobo: 1_200_000 });
  });

  test("a gift card covers what it can, never more than the booking nor its balance", () => {
    expect(coverBooking(braids, [card(1, 500_000)])).toEqual({ covers: [{ id: 1, amountKobo: 500_000 }], giftKobo: 500_000, leftKobo: 700_000 });
    expect(coverBooking(braids, [card(1, 2_000_000)])).toEqual({ covers: [{ id: 1, amountKobo: 1_200_000 }], giftKobo: 1_200_000, leftKobo: 0 });
  });

  test("a voucher covers its service's line only", () => {
    expect(coverBooking(braids, [voucher(1, 2_000_000)])).toEqual({ covers: [{ id: 1, amountKobo: 750_000 }], giftKobo: 750_000, leftKobo: 450_000 });
  });

  test("the gift expiring soonest is spent first, whatever the order they were typed in", () => {
    const later = card(1, 1_000_000, "2027-03-01T22:59:59.999Z");
    const sooner = card(2, 1_000_000, "2027-01-01T22:59:59.999Z");
    expect(coverBooking(braids, [later, sooner]).covers).toEqual([
      { id: 2, amountKobo: 1_000_000 },
      { id: 1, amountKobo: 200_000 },
    ]);
  });

  test("a gift card beside a voucher pays the materials first, so the voucher still finds its service", () => {
    const sooner = card(1, 450_000, "2027-01-01T22:59:59.999Z");
    expect(coverBooking(braids, [sooner, voucher(2, 750_000)])).toEqual({
      covers: [
        { id: 1, amountKobo: 450_000 },
        { id: 2, amountKobo: 750_000 },
      ],
      giftKobo: 1_200_000,
      leftKobo: 0,
    });
  });

  test("a gift that finds nothing left to cover is left out; a negative or broken balance covers nothing", () => {
    expect(coverBooking(braids, [card(1, 2_000_000, "2027-01-01T00:00:00.000Z"), card(2, 500_000)]).covers).toEqual([{ id: 1, amountKobo: 1_200_000 }]);
    expect(coverBooking(braids, [card(1, -5)]).covers).toEqual([]);
  });
});
