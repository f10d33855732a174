import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { AUTH_TEXT } from "~/utils/auth-schemas";
import { call, TEST_ORIGIN } from "../../tests/request";
import { lastResetToken } from "../../tests/mail";
import { action, loader } from "./auth.$call";

// The auth JSON API with every status of the catalogue, and 4xx for every malformed request.

function post(path: string, body: unknown, init: { contentType?: string; origin?: string; raw?: string; ip?: string } = {}) {
  const headers = new Headers({ "Content-Type": init.contentType ?? "application/json" });
  if (init.origin) headers.set("Origin", init.origin);
  if (init.ip) headers.set("X-Glow-Client-Address", init.ip);
  return new Request(`${TEST_ORIGIN}/auth/${path}`, { method: "POST", headers, body: init.raw ?? JSON.stringify(body) });
}

async function send(path: string, body: unknown, init?: Parameters<typeof post>[2]) {
  const response = await call(() => action({ request: post(path, body, init), params: { call: path }, context: {} }));
  return { status: response.status, body: (await response.json()) as { message: string; errors?: Record<string, string[]> }, headers: response.headers };
}

const newPerson = { first_name: "Amaka", last_name: "Obi", email: "amaka@example.com", password: "Passw0rd", password_confirmation: "Passw0rd" };

describe("POST /auth/register", () => {
  test("201 for a new account, 422 'The email has already been taken.' for the same e-mail", async () => {
    expect(await send("register", newPerson)).toMatchObject({ status: 201 });
    expect(await send("register", { ...newPerson, email: "AMAKA@example.com" })).toMatchObject({ status: 422, body: { message: AUTH_TEXT.emailTaken } });
  });

  test("400 with each field's message for invalid fields, and nothing is created", async () => {
    const { status, body } = await send("register", { first_name: "Am4ka", last_name: "", email: "amaka@", password: "short", password_confirmation: "other" });
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      first_name: [AUTH_TEXT.numbersNotAllowed],
      last_name: ["Enter your last name"],
      email: [AUTH_TEXT.invalidEmail],
      password: [AUTH_TEXT.passwordLength],
      password_confirmation: [AUTH_TEXT.passwordMatch],
    });
    expect(await (await getDb()).selectFrom("users").select("id").where("email", "=", "amaka@").executeTakeFirst()).toBeUndefined();
  });

  test("a vendor account can be opened through the API too", async () => {
    expect(await send("register", { ...newPerson, email: "shop@example.com", account_type: "vendor", business_name: "Amaka Nails" })).toMatchObject({
      status: 201,
    });
    const vendor = await (await getDb()).selectFrom("vendors").select("business_name").where("slug", "=", "amaka-nails").executeTakeFirst();
    expect(vendor).toEqual({ business_name: "Amaka Nails" });
  });
});

describe("POST /auth/forgot_password", () => {
  test("422 'The email field is required' without an e-mail, 404 for an unknown one, 200 for a known one", async () => {
    expect(await send("forgot_password", {})).toMatchObject({ status: 422, body: { message: AUTH_TEXT.emailRequired } });
    expect(await send("forgot_password", { email: "  " })).toMatchObject({ status: 422, body: { message: AUTH_TEXT.emailRequired } });
    expect(await send("forgot_password", { email: "not-an-address" })).toMatchObject({ status: 422 });
    expect(await send("forgot_password", { email: "nobody@example.com" })).toMatchObject({ status: 404, body: { message: AUTH_TEXT.emailUnknown } });
    expect(await send("forgot_password", { email: "customer@example.com" })).toMatchObject({ status: 200 });
  });
});

describe("POST /auth/reset_password", () => {
  test("200 with the e-mailed token, then 422 'Either you Email or Token is wrong' for the used token", async () => {
    await send("forgot_password", { email: "vendor@example.com" });
    const token = await lastResetToken("vendor@example.com");
    const payload = { email: "vendor@example.com", token, password: "Fresh1234", password_confirmation: "Fresh1234" };
    expect(await send("reset_password", { ...payload, email: "customer@example.com" })).toMatchObject({ status: 422, body: { message: AUTH_TEXT.resetWrong } });
    expect(await send("reset_password", payload)).toMatchObject({ status: 200, body: { message: AUTH_TEXT.passwordChanged } });
    expect(await send("reset_password", payload)).toMatchObject({ status: 422, body: { message: AUTH_TEXT.resetWrong } });
  });

  test("422 without e-mail or token, 400 for a password that breaks the rule", async () => {
    expect(await send("reset_password", { password: "Fresh1234", password_confirmation: "Fresh1234" })).toMatchObject({ status: 422 });
    const weak = await send("reset_password", { email: "vendor@example.com", token: "abc", password: "fresh", password_confirmation: "fresh" });
    expect(weak).toMatchObject({ status: 400, body: { errors: { password: [AUTH_TEXT.passwordLength] } } });
  });
});

describe("malformed requests get a 4xx JSON answer, never a 5xx", () => {
  test.each([
    ["not JSON", { raw: "{first_name:" }, 400],
    ["a JSON array", { raw: "[1,2]" }, 400],
    ["JSON null", { raw: "null" }, 400],
    ["a JSON string", { raw: '"hello"' }, 400],
    ["numbers for names", { raw: JSON.stringify({ ...newPerson, first_name: 5, email: ["x"] }) }, 400],
    ["a form body", { contentType: "application/x-www-form-urlencoded", raw: "email=a@b.com" }, 415],
    ["a huge body", { raw: JSON.stringify({ ...newPerson, first_name: "a".repeat(20_000) }) }, 413],
  ])("%s", async (_what, init, status) => {
    const result = await send("register", null, init);
    expect(result.status).toBe(status);
    expect(typeof result.body.message).toBe("string");
  });

  // Found by tests/e2e/hostile.spec.ts on PostgreSQL: a NUL reached the rate limit's key (and a vendor's business
  // name), which PostgreSQL cannot store: a 500.
  test("a NUL character anywhere in the body is refused with 400", async () => {
    expect((await send("forgot_password", { email: "a\u0000b@example.com" })).status).toBe(400);
    expect((await send("register", { ...newPerson, email: "nul@example.com", account_type: "vendor", business_name: "Nul\u0000 Nails" })).status).toBe(400);
    expect(
      (await send("reset_password", { email: "amaka@example.com", token: "t", password: "x", password_confirmation: "x", extra: [{ "k\u0000": 1 }] })).status,
    ).toBe(400);
    expect(await (await getDb()).selectFrom("users").select("id").where("email", "=", "nul@example.com").executeTakeFirst()).toBeUndefined();
    // Nesting as deep as the size limit allows is looked through without running out of stack.
    expect((await send("forgot_password", null, { raw: "[".repeat(8000) + "]".repeat(8000) })).status).toBe(400);
  });

  test("an unknown call is 404; GET is 405", async () => {
    expect((await send("login", {})).status).toBe(404);
    const get = await call(() => loader({ request: new Request(`${TEST_ORIGIN}/auth/register`), params: { call: "register" }, context: {} }));
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });

  test("a cross-site call is refused with 403", async () => {
    expect((await send("register", { ...newPerson, email: "csrf@example.com" }, { origin: "https://evil.example" })).status).toBe(403);
    expect(await (await getDb()).selectFrom("users").select("id").where("email", "=", "csrf@example.com").executeTakeFirst()).toBeUndefined();
  });
});

describe("rate limits", () => {
  test("per address: the 11th sign-up from one address within the hour is 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send("register", { ...newPerson, email: `bulk${i}@example.com` }, { ip: "198.51.100.7" })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    const refused = await send("register", { ...newPerson, email: "bulk-last@example.com" }, { ip: "198.51.100.7" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await send("register", { ...newPerson, email: "elsewhere@example.com" }, { ip: "198.51.100.8" })).status).toBe(201);
  });

  test("per e-mail: the 6th forgot request for one e-mail within the hour is 429, from any address", async () => {
    for (let i = 0; i < 5; i++) expect((await send("forgot_password", { email: "admin@example.com" }, { ip: `192.0.2.${i}` })).status).toBe(200);
    expect((await send("forgot_password", { email: "ADMIN@example.com" }, { ip: "192.0.2.99" })).status).toBe(429);
  });
});
