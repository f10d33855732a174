import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { AUTH_TEXT } from "~/utils/auth-schemas";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { formMessages, run, toastAfter } from "../../../tests/action";
import { formRequest, getRequest } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { action, loader } from "./route";

const person = { first_name: "Bisi", last_name: "Ola-Bello", email: "bisi@example.com", password: "Passw0rd", password_confirmation: "Passw0rd" };
const submit = (fields: Record<string, string>, init?: Parameters<typeof formRequest>[2]) =>
  run(() => action({ request: formRequest("/register", fields, init), params: {}, context: {} }));
const userCount = async (email: string) => (await (await getDb()).selectFrom("users").select("id").where("email", "=", email).execute()).length;

describe("POST /register", () => {
  test("the consent boxes ticked at sign-up are stored as given at sign-up; unticked ones are not consent", async () => {
    const outcome = await submit({ ...person, email: "consenting@example.com", consent_sms: "on", consent_marketing: "on" });
    expect(outcome.status).toBe(303);
    const db = await getDb();
    const user = await db.selectFrom("users").select("id").where("email", "=", "consenting@example.com").executeTakeFirstOrThrow();
    const rows = await db.selectFrom("message_consents").select(["channel", "given", "source"]).where("user_id", "=", user.id).orderBy("channel").execute();
    expect(rows).toEqual([
      { channel: "marketing", given: 1, source: "sign-up" },
      { channel: "sms", given: 1, source: "sign-up" },
    ]);
    const none = await submit({ ...person, email: "silent@example.com" });
    expect(none.status).toBe(303);
    const silent = await db.selectFrom("users").select("id").where("email", "=", "silent@example.com").executeTakeFirstOrThrow();
    expect(await db.selectFrom("message_consents").selectAll().where("user_id", "=", silent.id).execute()).toEqual([]);
  });

  test("creates the account, then goes to /login (303) with the toast 'Registration Successfull'", async () => {
    const outcome = await submit(person);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/login");
    expect(await toastAfter(outcome.cookies)).toMatchObject({ type: "success", message: "Registration Successfull" });
    expect(await userCount("bisi@example.com")).toBe(1);
  });

  test("the same e-mail again: 'The email has already been taken.', the form stays, passwords are not sent back", async () => {
    const outcome = await submit({ ...person, email: "CUSTOMER@example.com" });
    expect(outcome.status).toBe(422);
    expect(formMessages(outcome)[""]).toEqual([AUTH_TEXT.emailTaken]);
    expect(outcome.data?.result.initialValue).toMatchObject({ first_name: "Bisi", email: "CUSTOMER@example.com" });
    expect(outcome.data?.result.initialValue).not.toHaveProperty("password");
  });

  test("a name or e-mail that fails the spec's check: 'Invalid Entry' and each field's message; nothing is created", async () => {
    const outcome = await submit({ ...person, first_name: "B1si", last_name: "Ola_Bello", email: "bisi@example" });
    expect(outcome.status).toBe(400);
    expect(formMessages(outcome)).toMatchObject({
      "": [AUTH_TEXT.invalidEntry],
      first_name: [AUTH_TEXT.numbersNotAllowed],
      last_name: [AUTH_TEXT.nameCharacters],
      email: [AUTH_TEXT.invalidEmail],
    });
    expect(await userCount("bisi@example")).toBe(0);
  });

  test("the server also enforces the password rule and the confirmation (the spec's client did not)", async () => {
    const weak = await submit({ ...person, email: "weak@example.com", password: "password", password_confirmation: "password" });
    expect(weak.status).toBe(400);
    expect(formMessages(weak)).toMatchObject({ password: [AUTH_TEXT.passwordMix] });
    expect(formMessages(weak)[""]).toBeUndefined();
    const mismatch = await submit({ ...person, email: "weak@example.com", password_confirmation: "Passw0rd1" });
    expect(formMessages(mismatch)).toMatchObject({ password_confirmation: [AUTH_TEXT.passwordMatch] });
    const long = await submit({ ...person, email: "weak@example.com", password: "Passw0rd".repeat(4), password_confirmation: "Passw0rd".repeat(4) });
    expect(formMessages(long)).toMatchObject({ password: [AUTH_TEXT.passwordLength] });
    expect(await userCount("weak@example.com")).toBe(0);
  });

  test("choosing a vendor account creates the vendor profile", async () => {
    const outcome = await submit({ ...person, email: "salon@example.com", account_type: "vendor", business_name: "Bisi's Braids" });
    expect(outcome.status).toBe(303);
    const db = await getDb();
    const row = await db
      .selectFrom("users")
      .innerJoin("vendors", "vendors.user_id", "users.id")
      .select(["users.role", "vendors.business_name", "vendors.slug"])
      .where("users.email", "=", "salon@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "vendor", business_name: "Bisi's Braids", slug: "bisi-s-braids" });
  });

  test("a filled honeypot is refused and creates nothing", async () => {
    const outcome = await submit({ ...person, email: "bot@example.com", [HONEYPOT_FIELD]: "http://spam.example" });
    expect(outcome.status).toBe(400);
    expect(await userCount("bot@example.com")).toBe(0);
  });

  test("a cross-site POST is refused with 403 and creates nothing", async () => {
    const outcome = await submit({ ...person, email: "csrf@example.com" }, { origin: "https://evil.example" });
    expect(outcome.status).toBe(403);
    expect(await userCount("csrf@example.com")).toBe(0);
  });

  test("the 6th sign-up for one e-mail within the hour is refused with 429 and a clear message", async () => {
    for (let i = 0; i < 5; i++) await submit({ ...person, email: "again@example.com" });
    const outcome = await submit({ ...person, email: "again@example.com" });
    expect(outcome.status).toBe(429);
    expect(formMessages(outcome)[""]?.[0]).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe("sign-up from Book Now", () => {
  const back = "/booking?service=1&date=2026-12-02&time=10";

  test("the page keeps where the customer was going and says the booking continues", async () => {
    const outcome = await run(() => loader({ request: getRequest(`/register?${new URLSearchParams({ redirectTo: back })}`), params: {}, context: {} }));
    expect(outcome.data).toEqual({ redirectTo: back, continuesBooking: true });
  });

  test("after signing up, sign-in is asked with the booking still to come; an off-site address is dropped", async () => {
    // An address of its own: the sign-ups of the tests above count against the shared one.
    const ip = { ip: "203.0.113.61" };
    const kept = await submit({ ...person, email: "booker@example.com", redirectTo: back }, ip);
    expect(kept.status).toBe(303);
    expect(kept.location).toBe(`/login?${new URLSearchParams({ redirectTo: back })}`);
    const offSite = await submit({ ...person, email: "booker2@example.com", redirectTo: "//evil.example/" }, ip);
    expect(offSite.location).toBe("/login");
  });
});

describe("GET /register", () => {
  test("a signed-in person is sent to their home", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const outcome = await run(() => loader({ request: getRequest("/register", { cookie }), params: {}, context: {} }));
    expect(outcome.location).toBe("/vendor/appointment");
  });
});
