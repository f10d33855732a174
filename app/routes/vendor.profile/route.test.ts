import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getOwnVendorProfile } from "~/models/accounts/vendor-account.server";
import { formRequest, getRequest } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { createVendor, demoVendor, run } from "../../../tests/vendor";
import { action, loader } from "./route";
import { PHONE_MESSAGE } from "~/utils/phone";
import { choosePayToVendor } from "~/models/appointments/transitions.server";
import { getConsents, optOut, optOutToken } from "~/models/messaging/consent.server";
import { createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";

const valid = {
  first_name: "Ronke",
  last_name: "Alabi-Johnson",
  phone: "+234 803 123 4567",
  whatsapp_phone: "234 809 555 0101",
  email: "Vendor@Example.com",
  service: "Braids",
  dob_day: "14",
  dob_month: "2",
  dob_year: "1990",
  gender: "female",
  address: "12 Admiralty Way, Lekki Phase 1, Lagos",
  business_address: "",
  home_service: "on",
  nin: "12345678901",
  social_instagram: "on",
};

const post = (fields: Record<string, string>, cookie: string) =>
  run(() => action({ request: formRequest("/vendor/profile?edit=1", fields, { cookie }), params: {}, context: {} }));

const errorsOf = (outcome: { data: { result: { error: Record<string, string[]> } } }) => outcome.data.result.error;

describe("/vendor/profile", () => {
  test("the demo vendor's profile saves exactly as seeded (home service on, with its NIN)", async () => {
    const vendor = await demoVendor();
    const p = (await getOwnVendorProfile(vendor.vendorId))!;
    expect(p.homeService).toBe(true);
    const [year, month, day] = p.dateOfBirth ? p.dateOfBirth.split("-") : ["", "", ""];
    const asSeeded: Record<string, string> = {
      first_name: p.firstName,
      last_name: p.lastName,
      phone: p.phone ?? "",
      whatsapp_phone: p.whatsapp,
      email: p.email,
      service: p.service ?? "",
      dob_day: String(Number(day) || ""),
      dob_month: String(Number(month) || ""),
      dob_year: year ?? "",
      gender: p.gender ?? "",
      address: p.address ?? "",
      business_address: p.businessAddress ?? "",
      nin: p.nin ?? "",
      ...(p.homeService ? { home_service: "on" } : {}),
      ...(p.smsNotifications ? { sms_notifications: "on" } : {}),
      ...(p.whatsappNotifications ? { whatsapp_notifications: "on" } : {}),
    };
    for (const key of Object.keys(asSeeded)) if (asSeeded[key] === "") delete asSeeded[key];
    const response = await post(asSeeded, vendor.cookie);
    expect(response.status).toBe(303);
    expect(await getOwnVendorProfile(vendor.vendorId)).toEqual(p);
  });

  test("view mode by default, edit mode with ?edit=1", async () => {
    const { cookie } = await demoVendor();
    const view = await run(() => loader({ request: getRequest("/vendor/profile", { cookie }), params: {}, context: {} }));
    expect(view.data).toMatchObject({ editing: false, profile: { firstName: "Ronke" } });
    const edit = await run(() => loader({ request: getRequest("/vendor/profile?edit=1", { cookie }), params: {}, context: {} }));
    expect(edit.data.editing).toBe(true);
  });

  test("saves every field, normalising the mobile number and the e-mail, and goes back to view mode", async () => {
    const vendor = await demoVendor();
    const response = await post(valid, vendor.cookie);
    expect(response.status).toBe(303);
    expect(response.location).toBe("/vendor/profile");
    expect(await getOwnVendorProfile(vendor.vendorId)).toEqual({
      firstName: "Ronke",
      lastName: "Alabi-Johnson",
      phone: "+2348031234567",
      email: "vendor@example.com",
      service: "Braids",
      dateOfBirth: "1990-02-14",
      gender: "female",
      address: "12 Admiralty Way, Lekki Phase 1, Lagos",
      businessAddress: "",
      homeService: true,
      nin: "12345678901",
      socialGoogle: false,
      socialFacebook: false,
      socialInstagram: true,
      smsNotifications: false,
      whatsappNotifications: false,
      whatsapp: "+2348095550101",
    });
  });

  test("refuses bad input field by field with the form's messages, and changes nothing", async () => {
    const vendor = await demoVendor();
    const before = await getOwnVendorProfile(vendor.vendorId);
    const response = await post(
      { ...valid, first_name: "R0nke", last_name: "Alabi!", phone: "0123", whatsapp_phone: "+1 23", email: "x@", nin: "123" },
      vendor.cookie,
    );
    expect(response.status).toBe(400);
    const errors = errorsOf(response);
    expect(errors.first_name).toContain("Numbers not allowed");
    expect(errors.last_name).toContain("Letters, hyphens, apostrophe allowed");
    expect(errors.phone).toEqual([PHONE_MESSAGE]);
    expect(errors.whatsapp_phone).toEqual([PHONE_MESSAGE]);
    expect(errors.email).toEqual(["Invalid email address"]);
    expect(errors.nin).toEqual(["Your NIN has 11 digits"]);
    expect(await getOwnVendorProfile(vendor.vendorId)).toEqual(before);
    // Whole-form rules are checked once every field is well-formed.
    expect(errorsOf(await post({ ...valid, dob_day: "31", dob_month: "4" }, vendor.cookie)).dob_day).toEqual(["That date does not exist"]);
    expect(errorsOf(await post({ ...valid, dob_year: String(new Date().getFullYear() - 10) }, vendor.cookie)).dob_year).toEqual([
      "You must be at least 16 years old",
    ]);
  });

  test("the NIN never goes back to the page; an empty field keeps the saved one", async () => {
    const vendor = await demoVendor();
    const saved = (await getOwnVendorProfile(vendor.vendorId)).nin;
    expect(saved).toMatch(/^\d{11}$/);
    const page = await run(() => loader({ request: getRequest("/vendor/profile?edit=1", { cookie: vendor.cookie }), params: {}, context: {} }));
    expect(JSON.stringify(page.data)).not.toContain(saved);
    expect(page.data).toMatchObject({ ninEnding: saved.slice(-4) });
    expect((await post({ ...valid, nin: "" }, vendor.cookie)).status).toBe(303);
    expect((await getOwnVendorProfile(vendor.vendorId)).nin).toBe(saved);
  });

  test("home service needs a NIN; a partial date of birth is refused", async () => {
    // A vendor with no NIN saved yet.
    const vendor = await createVendor("nonin");
    const response = await post({ ...valid, email: "nonin.vendor@example.com", nin: "", dob_year: "" }, vendor.cookie);
    expect(response.status).toBe(400);
    const errors = errorsOf(response);
    expect(errors.nin).toEqual(["Home service needs your NIN (11 digits)"]);
    expect(errors.dob_day).toEqual(["Choose the day, month and year, or none of them"]);
  });

  test("an e-mail another account uses is refused", async () => {
    const vendor = await demoVendor();
    const response = await post({ ...valid, email: "customer@example.com" }, vendor.cookie);
    expect(response.status).toBe(400);
    expect(errorsOf(response).email).toEqual(["The email has already been taken."]);
  });

  test("a second vendor edits only their own profile", async () => {
    const other = await createVendor("profile");
    const demo = await demoVendor();
    const before = await getOwnVendorProfile(demo.vendorId);
    expect((await post({ ...valid, email: "profile.vendor@example.com", first_name: "Bola" }, other.cookie)).status).toBe(303);
    expect((await getOwnVendorProfile(other.vendorId)).firstName).toBe("Bola");
    expect(await getOwnVendorProfile(demo.vendorId)).toEqual(before);
  });

  test("a customer gets 403 on the page and the action", async () => {
    const cookie = await cookieFor("customer@example.com");
    expect((await run(() => loader({ request: getRequest("/vendor/profile", { cookie }), params: {}, context: {} }))).status).toBe(403);
    expect((await post(valid, cookie)).status).toBe(403);
    const db = await getDb();
    const customer = await db.selectFrom("users").select("first_name").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    expect(customer.first_name).toBe("Tolu");
  });

  describe("notifications by WhatsApp for the vendor", () => {
    /** A customer asks the demo salon for a visit; returns the phone messages to the vendor it caused. */
    async function newRequest(userId: number, hour: number) {
      const db = await getDb();
      const before = (await db.selectFrom("sms_outbox").select("id").where("user_id", "=", userId).execute()).length;
      const customer = await createCustomer("Asker");
      const { ref } = await hold(customer.id, (await featuredService()).id, freshOpenDay((await vendorBySlug()).open_days), hour);
      await choosePayToVendor(customer.id, ref, null);
      return { ref, messages: (await db.selectFrom("sms_outbox").selectAll().where("user_id", "=", userId).orderBy("id").execute()).slice(before) };
    }

    test("needs a WhatsApp number; given, it is kept with its time and place, and a new request goes by WhatsApp with the SMS as fallback", async () => {
      const vendor = await demoVendor();
      const refused = await post({ ...valid, whatsapp_phone: "", whatsapp_notifications: "on" }, vendor.cookie);
      expect(refused.status).toBe(400);
      expect(errorsOf(refused).whatsapp_notifications).toEqual(["Add your WhatsApp number to get notifications by WhatsApp"]);
      expect((await getConsents(await getDb(), vendor.userId)).whatsapp.given).toBe(false);

      expect((await post({ ...valid, whatsapp_notifications: "on", sms_notifications: "on" }, vendor.cookie)).status).toBe(303);
      expect((await getOwnVendorProfile(vendor.vendorId)).whatsappNotifications).toBe(true);
      expect((await getConsents(await getDb(), vendor.userId)).whatsapp).toMatchObject({
        given: true,
        source: "vendor profile",
        changedAt: expect.any(String),
      });

      const { ref, messages } = await newRequest(vendor.userId, 9);
      expect(messages.map((m) => [m.channel, m.to_phone, m.template])).toEqual([["whatsapp", "2348095550101", "vendor_update"]]);
      const params = JSON.parse(messages[0]!.params!) as { body: string[]; fallback: { to: string; text: string } };
      expect(params.body[0]).toBe("Ronke");
      expect(params.body[1]).toContain(ref);
      expect(params.body[2]).toBe(`http://localhost:3000/vendor/appointment?q=${ref}`);
      expect(params.body[3]).toMatch(/^http:\/\/localhost:3000\/stop\//);
      expect(params.fallback).toMatchObject({ to: "+2348031234567", text: expect.stringContaining(`Ref ${ref}`) });
    });

    test("the opt-out link stops WhatsApp before the next send; the text-message switch alone sends SMS; neither sends nothing", async () => {
      const vendor = await demoVendor();
      expect((await post({ ...valid, whatsapp_notifications: "on", sms_notifications: "on" }, vendor.cookie)).status).toBe(303);
      expect(await optOut(optOutToken(vendor.userId, "whatsapp"))).toBe("whatsapp");
      expect((await newRequest(vendor.userId, 10)).messages.map((m) => m.channel)).toEqual(["sms"]);
      expect((await getOwnVendorProfile(vendor.vendorId)).whatsappNotifications).toBe(false);
      expect((await post(valid, vendor.cookie)).status).toBe(303);
      expect((await newRequest(vendor.userId, 11)).messages).toEqual([]);
    });
  });
});
