import { describe, expect, test } from "vitest";
import { getSessionUser } from "~/http/session.server";
import { AUTH_TEXT } from "~/utils/auth-schemas";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { formMessages, run, toastAfter } from "../../../tests/action";
import { formRequest, getRequest } from "../../../tests/request";
import { action, loader } from "./route";

const signIn = (fields: Record<string, string>, init?: Parameters<typeof formRequest>[2]) =>
  run(() => action({ request: formRequest("/login", fields, init), params: {}, context: {} }));

describe("POST /login", () => {
  test("the demo customer signs in, lands on Home and is greeted; the cookie is a working session", async () => {
    const outcome = await signIn({ email: "customer@example.com", password: "Customer123" });
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/");
    const setCookie = outcome.headers.getSetCookie().find((c) => c.startsWith("glow_session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await getSessionUser(getRequest("/", { cookie: outcome.cookies }))).toMatchObject({ email: "customer@example.com" });
    expect(await toastAfter(outcome.cookies)).toMatchObject({ type: "success", message: "Welcome back, Tolu!" });
  });

  test("the demo vendor lands on /vendor/appointment and the admin on /admin/services", async () => {
    expect((await signIn({ email: "Vendor@Example.com", password: "Vendor123" })).location).toBe("/vendor/appointment");
    expect((await signIn({ email: "admin@example.com", password: "Admin1234" })).location).toBe("/admin/services");
  });

  test("a customer goes back to where they were going; an off-site redirectTo is ignored", async () => {
    expect((await signIn({ email: "customer@example.com", password: "Customer123", redirectTo: "/user/profile?tab=x" })).location).toBe("/user/profile?tab=x");
    expect((await signIn({ email: "customer@example.com", password: "Customer123", redirectTo: "//evil.example/x" })).location).toBe("/");
    expect((await signIn({ email: "customer@example.com", password: "Customer123", redirectTo: "https://evil.example" })).location).toBe("/");
  });

  test("a wrong password or an unknown e-mail: 'Email & Password does not match with our record', no session", async () => {
    for (const fields of [
      { email: "customer@example.com", password: "customer123" },
      { email: "nobody@example.com", password: "Customer123" },
    ]) {
      const outcome = await signIn(fields);
      expect(outcome.status).toBe(400);
      expect(formMessages(outcome)[""]).toEqual([AUTH_TEXT.credentialsWrong]);
      expect(outcome.headers.get("Set-Cookie")).toBeNull();
    }
  });

  test("missing fields get their messages", async () => {
    const outcome = await signIn({ email: "", password: "" });
    expect(formMessages(outcome)).toMatchObject({ email: [AUTH_TEXT.invalidEmail], password: ["Enter your password"] });
  });

  test("one address: the 31st attempt in 15 minutes is 429 with Retry-After, whatever the accounts", async () => {
    for (let i = 0; i < 30; i++) await signIn({ email: `someone${i}@example.com`, password: "Wrong1aaa" }, { ip: "198.51.100.1" });
    const outcome = await signIn({ email: "customer@example.com", password: "Customer123" }, { ip: "198.51.100.1" });
    expect(outcome.status).toBe(429);
    expect(formMessages(outcome)[""]?.[0]).toMatch(/^Too many attempts/);
    expect(Number(outcome.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(outcome.headers.get("Set-Cookie")).toBeNull();
  });

  test("one address and one account: after 5 wrong passwords that address is refused, even with the right one", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn({ email: "admin@example.com", password: `Wrong${i}aaa` }, { ip: "198.51.100.2" })).status).toBe(400);
    const outcome = await signIn({ email: "admin@example.com", password: "Admin1234" }, { ip: "198.51.100.2" });
    expect(outcome.status).toBe(429);
    expect(Number(outcome.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The account's owner, elsewhere, is not locked out.
    expect((await signIn({ email: "admin@example.com", password: "Admin1234" }, { ip: "198.51.100.3" })).status).toBe(303);
  });

  test("nobody can lock a victim out: 40 wrong passwords from one address leave the right one from another working", async () => {
    for (let i = 0; i < 40; i++) await signIn({ email: "customer@example.com", password: `Wrong${i}aaa` }, { ip: "203.0.113.66" });
    expect((await signIn({ email: "customer@example.com", password: "Customer123" }, { ip: "203.0.113.66" })).status).toBe(429);
    expect((await signIn({ email: "customer@example.com", password: "Customer123" }, { ip: "192.0.2.10" })).status).toBe(303);
  });

  test("many addresses at one account (20 failures in an hour): wrong guesses get 429, the right password from a new address still signs in", async () => {
    for (let i = 0; i < 20; i++) await signIn({ email: "vendor@example.com", password: `Wrong${i}aaa` }, { ip: `203.0.113.${100 + i}` });
    const guess = await signIn({ email: "vendor@example.com", password: "Guess123" }, { ip: "203.0.113.200" });
    expect(guess.status).toBe(429);
    expect(Number(guess.headers.get("Retry-After"))).toBeGreaterThan(0);
    // An address that already failed at the account cannot try again while it is under attack, even rightly.
    expect((await signIn({ email: "vendor@example.com", password: "Vendor123" }, { ip: "203.0.113.100" })).status).toBe(429);
    const owner = await signIn({ email: "vendor@example.com", password: "Vendor123" }, { ip: "192.0.2.20" });
    expect(owner.status).toBe(303);
    expect(owner.headers.getSetCookie().some((c) => c.startsWith("glow_session="))).toBe(true);
  });

  test("a filled honeypot or a cross-site POST signs nobody in", async () => {
    expect((await signIn({ email: "customer@example.com", password: "Customer123", [HONEYPOT_FIELD]: "x" })).status).toBe(400);
    expect((await signIn({ email: "customer@example.com", password: "Customer123" }, { origin: "https://evil.example" })).status).toBe(403);
  });

  // Found by tests/e2e/hostile.spec.ts: one field named `x[4294967294]` made the refused form's reply an array of
  // four billion entries, and the server ran out of memory serialising it. Every form is read by readForm.
  test("a field name with an absurd array index is refused before the form is parsed or sent back", async () => {
    const outcome = await signIn({ email: "customer@example.com", password: "wrong", "x[1000000]": "1", "m[4294967294]": "1" });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toBeUndefined();
    // The rows a real form has (a service's materials) still read.
    expect(formMessages(await signIn({ email: "customer@example.com", password: "wrong", "materials[11].name": "x" }))[""]).toEqual([
      AUTH_TEXT.credentialsWrong,
    ]);
  });
});

describe("GET /login", () => {
  test("passes a safe redirectTo to the form", async () => {
    expect((await run(() => loader({ request: getRequest("/login?redirectTo=%2Fuser%2Fprofile"), params: {}, context: {} }))).data).toEqual({
      redirectTo: "/user/profile",
      continuesBooking: false,
    });
    expect((await run(() => loader({ request: getRequest("/login?redirectTo=%2F%2Fevil.example"), params: {}, context: {} }))).data).toEqual({
      redirectTo: "",
      continuesBooking: false,
    });
  });

  test("coming from Book Now, the page says the booking continues", async () => {
    const back = "/booking?service=1&date=2026-12-02&time=10";
    const outcome = await run(() => loader({ request: getRequest(`/login?${new URLSearchParams({ redirectTo: back })}`), params: {}, context: {} }));
    expect(outcome.data).toEqual({ redirectTo: back, continuesBooking: true });
  });
});
