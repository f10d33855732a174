import { describe, expect, test } from "vitest";
import { DomainError, REFUSAL_CODES, type RefusalCode } from "~/models/refusal";
import { refusalOf, statusOf } from "./refusal.server";

describe("refusals at the route boundary", () => {
  test("every code answers its one status", () => {
    const expected: Record<RefusalCode, number> = { invalid: 400, "not-found": 404, conflict: 409, "too-many": 429, forbidden: 403, unavailable: 503 };
    expect(Object.fromEntries(REFUSAL_CODES.map((code) => [code, statusOf(code)]))).toEqual(expected);
  });

  test("a DomainError becomes its sentence, status and field", () => {
    for (const code of REFUSAL_CODES) {
      expect(refusalOf(new DomainError(code, "That time was just taken.", { field: "time" }))).toEqual({
        code,
        message: "That time was just taken.",
        status: statusOf(code),
        field: "time",
        headers: {},
      });
    }
    expect(refusalOf(new DomainError("invalid", "Please give a reason.")).field).toBeNull();
    expect(refusalOf(new DomainError("too-many", "Please wait.", { retryAfterSeconds: 42 })).headers).toEqual({ "Retry-After": "42" });
  });

  test("anything else is rethrown as it is", () => {
    const bug = new TypeError("x is undefined");
    expect(() => refusalOf(bug)).toThrow(bug);
    const response = new Response("Not found", { status: 404 });
    let thrown: unknown;
    try {
      refusalOf(response);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(response);
    // An error that only looks like a refusal is not one.
    const lookalike = Object.assign(new Error("We couldn't find that order."), { code: "not-found" });
    expect(() => refusalOf(lookalike)).toThrow(lookalike);
  });
});
