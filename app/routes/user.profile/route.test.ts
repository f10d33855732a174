import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { OWN_PASSWORD, ownCustomer } from "../../../tests/accounts";
import { createCustomer } from "../../../tests/booking";
import { cookieFor, get, post, run } from "../../../tests/booking-routes";
import { action, loader } from "./route";
import { PHONE_MESSAGE } from "~/utils/phone";

const valid = {
  firstName: "Ada-Obi",
  lastName: "O'Neil",
  email: "ada.new@example.com",
  phone: "+234 803 123 4567",
  address: "4 Bode Thomas Street",
  city: "Surulere",
  state: "Lagos",
};

const errorsOf = (body: unknown) => (body as { result: { error: Record<string, string[]> } }).result.error;

describe("/user/profile", () => {
  test("shows the person's own details (needs a signed-in person)", async () => {
    const { body } = await run<{ profile: Record<string, string> }>(loader, get("/user/profile", await cookieFor("customer@example.com")));
    expect(body.profile).toEqual({
      firstName: "Tolu",
      lastName: "Adebayo",
      email: "customer@example.com",
      phone: "+2348031234567",
      address: "12 Admiralty Way",
      city: "Lekki",
      state: "Lagos",
    });
    expect((await run(loader, get("/user/profile"))).status).toBe(302);
  });

  test("Save really saves the details (the phone number stored in E.164, +234...); the same e-mail in other letter cases is no change", async () => {
    const c = await ownCustomer();
    const response = await run(action, post("/user/profile", { ...valid, email: c.email.toUpperCase() }, c.cookie));
    expect(response.status).toBe(303);
    const row = await (
      await getDb()
    )
      .selectFrom("users")
      .select(["first_name", "last_name", "email", "phone", "address", "city", "state"])
      .where("id", "=", c.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      first_name: "Ada-Obi",
      last_name: "O'Neil",
      email: c.email,
      phone: "+2348031234567",
      address: "4 Bode Thomas Street",
      city: "Surulere",
      state: "Lagos",
    });
  });

  test("names follow the sign-up rules, the phone must be Nigerian, the e-mail unique; nothing is saved on error", async () => {
    const c = await createCustomer("Keep");
    const cookie = await cookieFor(c.email);
    const attempt = async (fields: Partial<typeof valid>) => {
      const r = await run(action, post("/user/profile", { ...valid, email: `${c.id}.x@example.com`, ...fields }, cookie));
      expect(r.status).toBe(400);
      return errorsOf(r.body);
    };
    expect((await attempt({ firstName: "Tolu2" })).firstName).toEqual(["Numbers not allowed"]);
    expect((await attempt({ lastName: "Ade<b>" })).lastName).toEqual(["Letters, hyphens, apostrophe allowed"]);
    expect((await attempt({ phone: "12345" })).phone).toEqual([PHONE_MESSAGE]);
    expect((await attempt({ email: "vendor@example.com" })).email).toEqual(["The email has already been taken."]);
    expect((await attempt({ email: "a@".padEnd(300, "a") })).email).toContain("Invalid email address");
    expect((await attempt({ state: "Atlantis" })).state).toEqual(["Please choose a state from the list."]);
    const row = await (await getDb()).selectFrom("users").select(["first_name", "email"]).where("id", "=", c.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: "Keep", email: c.email });
  });

  // Found by tests/e2e/hostile.spec.ts on PostgreSQL: a NUL character in a field could not be stored (a 500).
  test("a NUL character in a field is refused (400) and nothing is saved", async () => {
    const c = await ownCustomer();
    const response = await run(action, post("/user/profile", { ...valid, email: c.email, city: "Ike\u0000ja" }, c.cookie));
    expect(response.status).toBe(400);
    const row = await (await getDb()).selectFrom("users").select(["city"]).where("id", "=", c.id).executeTakeFirstOrThrow();
    expect(row.city).not.toContain("\u0000");
  });

  test("e-mail changes are limited: the 11th in an hour is 429 and changes nothing, right password or wrong", async () => {
    const c = await ownCustomer();
    const db = await getDb();
    const cookie = c.cookie;
    for (let i = 0; i < 10; i++) {
      // Taken or not, each try counts (the answer would tell which addresses have accounts), and so does each
      // wrong password (the form must not be a way to guess it).
      const email = i % 2 ? "vendor@example.com" : `probe${i}.${c.id}@example.com`;
      const tried = await run(action, post("/user/profile", { ...valid, email, current_password: `guess-${i}` }, cookie));
      expect(tried.status).toBe(400);
    }
    const refused = await run(
      action,
      post("/user/profile", { ...valid, email: `late.${c.id}@example.com`, current_password: OWN_PASSWORD, firstName: "Changed" }, cookie),
    );
    expect(refused.status).toBe(429);
    expect(JSON.stringify(errorsOf(refused.body))).toMatch(/Too many attempts/);
    const row = await db.selectFrom("users").select(["first_name", "email"]).where("id", "=", c.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: "Ada", email: c.email });
    expect(await db.selectFrom("email_changes").select("id").where("user_id", "=", c.id).execute()).toEqual([]);
    // Saving other details with the same e-mail is not a lookup and is not limited.
    const saved = await run(action, post("/user/profile", { ...valid, email: c.email }, cookie));
    expect(saved.status, JSON.stringify(saved.body)).toBe(303);
  });

  test("consent per channel: separate unticked choices, stored with time and place; WhatsApp or SMS needs a number", async () => {
    const c = await ownCustomer();
    const shown = await run<{ consents: Record<string, { given: boolean }> }>(loader, get("/user/profile", c.cookie));
    expect(Object.values(shown.body.consents).map((x) => x.given)).toEqual([false, false, false]);

    const noPhone = await run(action, post("/user/profile", { ...valid, email: c.email, phone: "", consent_sms: "on" }, c.cookie));
    expect(noPhone.status).toBe(400);
    expect(errorsOf(noPhone.body).phone).toEqual(["Add your contact number to get appointment messages by WhatsApp or SMS."]);
    const db = await getDb();
    expect(await db.selectFrom("message_consents").selectAll().where("user_id", "=", c.id).execute()).toEqual([]);

    const saved = await run(action, post("/user/profile", { ...valid, email: c.email, consent_whatsapp: "on", consent_marketing: "on" }, c.cookie));
    expect(saved.status).toBe(303);
    const rows = await db
      .selectFrom("message_consents")
      .select(["channel", "given", "source", "changed_at"])
      .where("user_id", "=", c.id)
      .orderBy("channel")
      .execute();
    expect(rows.map((r) => [r.channel, r.given, r.source])).toEqual([
      ["marketing", 1, "profile"],
      ["whatsapp", 1, "profile"],
    ]);
    expect(Date.now() - Date.parse(rows[0]!.changed_at)).toBeLessThan(60_000);

    // Unticking withdraws; an unchanged choice keeps its first time.
    const again = await run(action, post("/user/profile", { ...valid, email: c.email, consent_whatsapp: "on" }, c.cookie));
    expect(again.status).toBe(303);
    const after = await db.selectFrom("message_consents").select(["channel", "given", "changed_at"]).where("user_id", "=", c.id).orderBy("channel").execute();
    expect(after.map((r) => [r.channel, r.given])).toEqual([
      ["marketing", 0],
      ["whatsapp", 1],
    ]);
    expect(after[1]!.changed_at).toBe(rows[1]!.changed_at);
  });
});
