import { describe, expect, test } from "vitest";
import { EMAIL_MAX, emailSchema, isEmail } from "./validation";

describe("the e-mail rule (word characters with optional dots or hyphens, @, a domain, a 2-3 letter ending)", () => {
  test.each(["ada@example.com", "ada.lovelace@example.com", "ada-l@mail.example.ng", "a_b@example.org", "A1@x.io", "tolu.adebayo-2@sub-domain.example.com"])(
    "accepts %s",
    (value) => expect(isEmail(value)).toBe(true),
  );

  test.each([
    ["a 4-letter ending", "ada@example.info"],
    ["a 1-letter ending", "ada@example.c"],
    ["digits in the ending", "ada@example.c0m"],
    ["no @", "ada.example.com"],
    ["two @", "ada@@example.com"],
    ["a leading dot", ".ada@example.com"],
    ["two dots in a row", "ada..l@example.com"],
    ["a trailing dot before @", "ada.@example.com"],
    ["a plus sign", "ada+glow@example.com"],
    ["no domain", "ada@.com"],
    ["spaces", "ada @example.com"],
    ["empty", ""],
  ])("refuses %s", (_why, value) => expect(isEmail(value)).toBe(false));

  test("refuses anything longer than 254 characters without looking further", () => {
    const long = `${"a".repeat(EMAIL_MAX - "@example.com".length + 1)}@example.com`;
    expect(long.length).toBe(EMAIL_MAX + 1);
    expect(isEmail(long)).toBe(false);
    expect(isEmail(long.slice(1))).toBe(true);
  });

  test("a long adversarial input finishes at once (no catastrophic backtracking)", () => {
    // The naive pattern ^\w+([.-]?\w+)*@... takes exponential time on this shape.
    const attacks = ["a".repeat(240) + "!", "a.".repeat(120) + "@", "a-".repeat(100) + "a@" + "b.".repeat(20) + "c", `${"a".repeat(50)}@${"b".repeat(190)}!`];
    for (const attack of attacks) {
      const started = performance.now();
      expect(isEmail(attack)).toBe(false);
      expect(performance.now() - started).toBeLessThan(20);
    }
    // Even far beyond the length bound, the pattern itself is linear.
    const huge = "a".repeat(100_000) + "!";
    const started = performance.now();
    expect(isEmail(huge)).toBe(false);
    expect(/^\w+(?:[.-]\w+)*@/.test(huge)).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });

  test("the schema trims, lower-cases and says 'Invalid email address'", () => {
    expect(emailSchema.parse("  Ada@Example.COM ")).toBe("ada@example.com");
    const result = emailSchema.safeParse("nope");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Invalid email address");
    expect(emailSchema.safeParse(undefined).error?.issues[0]?.message).toBe("Invalid email address");
  });
});
