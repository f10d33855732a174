import { describe, expect, test } from "vitest";
import { formatDate, formatTime } from "~/utils/time";
import { addMonthsToDay, giftAmountProblem, giftExpiry, isExpired, withinRefundWindow } from "./gift-rules";
import { GIFT_CODE_ALPHABET, newGiftCode, normaliseGiftCode, printGiftCode } from "~/utils/gift-code.server";

describe("a gift's validity", () => {
  test("3 months from the Lagos day it was paid, to the end of that day in Lagos", () => {
    // 23:30 UTC on Nov 27 is already Nov 28 in Lagos.
    const expiry = giftExpiry("2026-11-27T23:30:00.000Z", 3);
    expect(formatDate(expiry)).toBe("Feb 28, 2027");
    expect(formatTime(expiry)).toBe("11:59 pm");
    expect(expiry).toBe("2027-02-28T22:59:59.999Z");
    expect(isExpired(expiry, "2027-02-28T22:59:59.999Z")).toBe(false);
    expect(isExpired(expiry, "2027-02-28T23:00:00.000Z")).toBe(true);
  });

  test("months end on the month's last day when the day does not exist", () => {
    expect(addMonthsToDay("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonthsToDay("2027-11-30", 3)).toBe("2028-02-29");
    expect(addMonthsToDay("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsToDay("2026-10-15", 24)).toBe("2028-10-15");
  });

  test("refundable for 14 days after the purchase", () => {
    expect(withinRefundWindow("2026-11-01T10:00:00.000Z", "2026-11-15T10:00:00.000Z")).toBe(true);
    expect(withinRefundWindow("2026-11-01T10:00:00.000Z", "2026-11-15T10:00:00.001Z")).toBe(false);
  });

  test("amounts are whole naira from ₦1,000 to ₦500,000", () => {
    expect(giftAmountProblem(100_000)).toBeNull();
    expect(giftAmountProblem(50_000_000)).toBeNull();
    for (const bad of [99_900, 50_000_100, 100_050, Number.NaN, 1.5e6 + 0.5, -100_000])
      expect(giftAmountProblem(bad)).toBe("A gift card is between ₦1,000 and ₦500,000, in whole naira.");
  });
});

describe("gift codes", () => {
  test("16 characters without look-alikes, printed in fours, read in any case with or without dashes", () => {
    expect(GIFT_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    const codes = new Set(Array.from({ length: 200 }, newGiftCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{16}$/);
    const code = [...codes][0]!;
    expect(printGiftCode(code)).toMatch(/^(.{4}-){3}.{4}$/);
    expect(normaliseGiftCode(printGiftCode(code).toLowerCase())).toBe(code);
    expect(normaliseGiftCode(` ${code.slice(0, 8)} ${code.slice(8)} `)).toBe(code);
  });

  test("anything else is no code", () => {
    for (const bad of ["", "ABCD", "ABCD-EFGH-JKMN-PQR0", "ABCDEFGHJKMNPQRSTU", "ABCD EFGH JKMN PQRI", "x".repeat(5000), "ABCD-EFGH-JKMN-PQR;"])
      expect(normaliseGiftCode(bad)).toBeNull();
  });
});
