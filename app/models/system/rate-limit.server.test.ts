import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { AUTH_LIMITS, authRateRules, consumeRateLimits, rateLimitMessage } from "./rate-limit.server";

const rule = (key: string, limit = 3, windowSeconds = 60) => ({ key, limit, windowSeconds });

describe("rate limits kept in the database", () => {
  test("allows up to the limit in a window, refuses after, and says when to come back", async () => {
    const start = new Date("2026-11-21T10:00:00.000Z");
    for (let i = 0; i < 3; i++) expect((await consumeRateLimits([rule("t:a")], start)).allowed).toBe(true);
    const refused = await consumeRateLimits([rule("t:a")], new Date(start.getTime() + 20_000));
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // A new window starts once the old one is over.
    expect((await consumeRateLimits([rule("t:a")], new Date(start.getTime() + 60_000))).allowed).toBe(true);
  });

  test("keys count separately, and every rule of a call is counted", async () => {
    const now = new Date();
    for (let i = 0; i < 3; i++) await consumeRateLimits([rule("t:ip"), rule("t:mail-1")], now);
    // The address is spent even for another e-mail.
    expect((await consumeRateLimits([rule("t:ip"), rule("t:mail-2")], now)).allowed).toBe(false);
    expect((await consumeRateLimits([rule("t:other-ip"), rule("t:mail-2")], now)).allowed).toBe(true);
  });

  test("concurrent attempts are all counted (one atomic upsert each)", async () => {
    const now = new Date();
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => consumeRateLimits([rule("t:race", 4)], now)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(4);
    const db = await getDb();
    const row = await db.selectFrom("rate_limits").select("count").where("key", "=", "t:race").executeTakeFirstOrThrow();
    expect(row.count).toBe(10);
  });

  test("auth rules: per address always, per e-mail (lower-cased) when known", () => {
    expect(authRateRules("signup", "203.0.113.9", "Ada@Example.com")).toEqual([
      { key: "signup:ip:203.0.113.9", ...AUTH_LIMITS.signup.ip },
      { key: "signup:email:ada@example.com", ...AUTH_LIMITS.signup.email },
    ]);
    expect(authRateRules("forgot", "direct")).toHaveLength(1);
  });

  test("the message says how long to wait", () => {
    expect(rateLimitMessage(30)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(rateLimitMessage(14 * 60 + 1)).toBe("Too many attempts. Please wait 15 minutes and try again.");
  });
});
