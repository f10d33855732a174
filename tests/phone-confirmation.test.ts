import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { levelFacts } from "~/db/level-facts.server";
import { updateProfile } from "~/models/accounts/profile.server";
import { confirmPhoneCode, MAX_PHONE_CODE_TRIES, sendPhoneCode } from "~/models/accounts/phone-confirmation.server";
import { getOwnVendorProfile, updateVendorProfile } from "~/models/accounts/vendor-account.server";
import { action, loader } from "~/routes/user.phone/route";
import { createCustomer } from "./booking";
import { outcome } from "./loader";
import { formRequest, getRequest } from "./request";
import { cookieFor } from "./session";
import { demoVendor } from "./vendor";

// Confirming a phone by a texted code (docs/domain.md, "Accounts"): through the outbox, hashed, once, expiring,
// rate-limited; it sets users.phone_confirmed_at, which Level 1 reads, and a new number clears it.

let numbers = 0;
async function customerWithPhone() {
  const c = await createCustomer();
  const phone = `+23480312${String(100_000 + ++numbers).slice(1)}`;
  const db = await getDb();
  await db.updateTable("users").set({ phone }).where("id", "=", c.id).execute();
  return { ...c, phone, cookie: await cookieFor(c.email) };
}

const send = (cookie: string, ip = "198.51.100.7") =>
  outcome(() => action({ request: formRequest("/user/phone", { intent: "send" }, { cookie, ip }), params: {}, context: {} }));
const confirm = (cookie: string, code: string) =>
  outcome(() => action({ request: formRequest("/user/phone", { intent: "confirm", code }, { cookie }), params: {}, context: {} }));

async function lastCode(phone: string): Promise<string> {
  const db = await getDb();
  const sms = await db.selectFrom("sms_outbox").select("text").where("to_phone", "=", phone.slice(1)).orderBy("id", "desc").executeTakeFirstOrThrow();
  return /code is (\d{6})/.exec(sms.text)![1]!;
}

async function confirmedAt(userId: number) {
  const db = await getDb();
  return (await db.selectFrom("users").select("phone_confirmed_at").where("id", "=", userId).executeTakeFirstOrThrow()).phone_confirmed_at;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe(`confirming a phone by a texted code (${getDialect()})`, () => {
  test("the code goes out by SMS, is stored only hashed, confirms the phone once, and a wrong one changes nothing", async () => {
    const c = await customerWithPhone();
    expect((await outcome(() => loader({ request: getRequest("/user/phone", { cookie: c.cookie }), params: {}, context: {} }))).data).toMatchObject({
      confirmed: false,
      textable: true,
      codePending: false,
    });
    const sent = await send(c.cookie);
    expect(sent.status).toBe(303);
    const code = await lastCode(c.phone);
    const db = await getDb();
    const row = await db.selectFrom("phone_codes").selectAll().where("user_id", "=", c.id).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
    expect(row.phone).toBe(c.phone);

    const bad = await confirm(c.cookie, wrong(code));
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe("That code is not right. Please check the text message and try again.");
    expect(await confirmedAt(c.id)).toBeNull();

    expect((await confirm(c.cookie, ` ${code.slice(0, 3)} ${code.slice(3)} `)).status).toBe(303);
    expect(await confirmedAt(c.id)).not.toBeNull();
    const again = await confirm(c.cookie, code);
    expect(again.status).toBe(400);
    expect(again.data.error).toBe("That code has expired or was already used. Please send a new one.");
    expect((await send(c.cookie)).data.error).toBe("Your phone number is already confirmed.");
  });

  test("a code expires, a newer one replaces it, and a few wrong tries spend it", async () => {
    const c = await customerWithPhone();
    const past = new Date(Date.now() - 11 * 60_000);
    await sendPhoneCode(c.id, "198.51.100.8", past);
    const old = await lastCode(c.phone);
    await expect(confirmPhoneCode(c.id, old)).rejects.toThrow("That code has expired or was already used. Please send a new one.");

    await sendPhoneCode(c.id, "198.51.100.8");
    await sendPhoneCode(c.id, "198.51.100.8");
    const second = await lastCode(c.phone);
    // The newer code replaced the older ones: only it is still waiting to be entered.
    const db = await getDb();
    const waiting = await db.selectFrom("phone_codes").select("id").where("user_id", "=", c.id).where("used_at", "is", null).execute();
    expect(waiting).toHaveLength(1);
    for (let i = 0; i < MAX_PHONE_CODE_TRIES; i++) {
      await expect(confirmPhoneCode(c.id, wrong(second))).rejects.toThrow("That code is not right.");
    }
    await expect(confirmPhoneCode(c.id, second)).rejects.toThrow("That code has expired or was already used. Please send a new one.");
    expect(await confirmedAt(c.id)).toBeNull();
  });

  test("sending and trying are rate-limited with a clear message and Retry-After", async () => {
    const c = await customerWithPhone();
    for (let i = 0; i < 3; i++) expect((await send(c.cookie)).status).toBe(303);
    const refused = await send(c.cookie);
    expect(refused.status).toBe(429);
    expect(refused.data.error).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);

    const d = await customerWithPhone();
    await send(d.cookie);
    const code = await lastCode(d.phone);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await confirm(d.cookie, wrong(code))).status);
    expect(statuses.slice(-1)).toEqual([429]);
    expect(await confirmedAt(d.id)).toBeNull();
  });

  test("bad input is refused on the page and changes nothing; a cross-site POST is refused", async () => {
    const c = await customerWithPhone();
    for (const code of ["", "12345", "<script>", "1234567", "١٢٣٤٥٦"]) {
      const r = await confirm(c.cookie, code);
      expect(r.status).toBe(400);
      expect(r.data.error).toBe("Please enter the 6 digits of the code we texted you.");
    }
    expect((await outcome(() => action({ request: formRequest("/user/phone", { intent: "x" }, { cookie: c.cookie }), params: {}, context: {} }))).status).toBe(
      400,
    );
    const forged = formRequest("/user/phone", { intent: "send" }, { cookie: c.cookie, origin: "https://evil.example" });
    expect((await outcome(() => action({ request: forged, params: {}, context: {} }))).status).toBe(403);
    const none = await createCustomer();
    const noPhone = await send(await cookieFor(none.email));
    expect(noPhone.status).toBe(400);
    expect(noPhone.data.error).toBe("Please add your phone number to your profile first.");
    const db = await getDb();
    expect(await db.selectFrom("phone_codes").select("id").where("user_id", "in", [c.id, none.id]).execute()).toEqual([]);
  });

  test("changing the number clears its confirmation; saving the same number keeps it", async () => {
    const c = await customerWithPhone();
    await send(c.cookie);
    await confirm(c.cookie, await lastCode(c.phone));
    const profile = { firstName: "Ada", lastName: "Test", address: null, city: null, state: null };
    await updateProfile(c.id, { ...profile, phone: c.phone });
    expect(await confirmedAt(c.id)).not.toBeNull();
    await updateProfile(c.id, { ...profile, phone: "+2348099999999" });
    expect(await confirmedAt(c.id)).toBeNull();
  });

  test("Level 1 reads the confirmation: a vendor's new number is unconfirmed until its code is entered", async () => {
    const vendor = await demoVendor();
    const facts = async () => (await levelFacts(await getDb(), [vendor.vendorId], new Date())).get(vendor.vendorId)!;
    expect((await facts()).phoneConfirmed).toBe(true);
    const own = await getOwnVendorProfile(vendor.vendorId);
    await updateVendorProfile({ vendorId: vendor.vendorId, userId: vendor.userId }, { ...own, phone: "+2348091112222" });
    expect((await facts()).phoneConfirmed).toBe(false);
    expect((await send(vendor.cookie)).status).toBe(303);
    expect((await confirm(vendor.cookie, await lastCode("+2348091112222"))).status).toBe(303);
    expect((await facts()).phoneConfirmed).toBe(true);
  });
});
