import { describe, expect, test } from "vitest";
import { getSessionUser } from "~/models/session.server";
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

  test("after 10 attempts for one e-mail in 15 minutes the next is refused with 429, even with the right password", async () => {
    for (let i = 0; i < 10; i++) await signIn({ email: "admin@example.com", password: `Wrong${i}aaa` });
    const outcome = await signIn({ email: "admin@example.com", password: "Admin1234" });
    expect(outcome.status).toBe(429);
    expect(formMessages(outcome)[""]?.[0]).toMatch(/^Too many attempts/);
    expect(Number(outcome.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(outcome.headers.get("Set-Cookie")).toBeNull();
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
    expect(formMessages(await signIn({ email: "customer@example.com", password: "wrong", "materials[11].name": "x" }))[""]).toEqual([AUTH_TEXT.credentialsWrong]);
  });
});

describe("GET /login", () => {
  test("passes a safe redirectTo to the form", async () => {
    expect((await run(() => loader({ request: getRequest("/login?redirectTo=%2Fuser%2Fprofile"), params: {}, context: {} }))).data).toEqual({ redirectTo: "/user/profile" });
    expect((await run(() => loader({ request: getRequest("/login?redirectTo=%2F%2Fevil.example"), params: {}, context: {} }))).data).toEqual({ redirectTo: "" });
  });
});
