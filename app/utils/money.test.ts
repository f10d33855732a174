import { expect, test } from "vitest";
import { formatNaira, parseNairaInput } from "./money";

test("kobo is shown as naira with a thousands separator", () => {
  expect(formatNaira(750000)).toBe("₦7,500");
  expect(formatNaira(750050)).toBe("₦7,500.50");
  expect(formatNaira(0)).toBe("₦0");
  expect(formatNaira(-250000)).toBe("-₦2,500");
  expect(formatNaira(15_000_000_00)).toBe("₦15,000,000");
});

test("typed naira amounts become kobo; anything else is refused", () => {
  expect(parseNairaInput("7500")).toBe(750000);
  expect(parseNairaInput("₦7,500.5")).toBe(750050);
  expect(parseNairaInput("N7500")).toBe(750000);
  expect(parseNairaInput("-5")).toBeNull();
  expect(parseNairaInput("1e9")).toBeNull();
  expect(parseNairaInput("")).toBeNull();
});
