import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { startFakeTermii } from "../../../tests/fake-termii";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";
import { cancelByCustomer, choosePayToVendor, acceptRequest, rescheduleAppointment } from "~/models/appointments/transitions.server";
import { nigerianMsisdn } from "./sms.server";

// Text messages go through one seam: test mode (kept in sms_outbox) by default, Termii's API with a key.

const KEY = "TLtermii-test-key";
let termii: Awaited<ReturnType<typeof startFakeTermii>>;
beforeAll(async () => {
  termii = await startFakeTermii(KEY);
});
afterAll(async () => {
  await termii.close();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await (await getDb()).deleteFrom("jobs").execute();
});

async function demoVendorTexts(on: boolean, phone: string | null = "0803 123 4567") {
  const vendor = await vendorBySlug();
  const db = await getDb();
  await db
    .updateTable("vendors")
    .set({ sms_notifications: on ? 1 : 0 })
    .where("id", "=", vendor.id)
    .execute();
  await db.updateTable("users").set({ phone }).where("id", "=", vendor.user_id).execute();
  return vendor;
}

async function book() {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const customer = await createCustomer("Chidi");
  const day = freshOpenDay(vendor.open_days);
  const { ref } = await hold(customer.id, service.id, day, 11);
  await choosePayToVendor(customer.id, ref, null);
  return { customer, ref, day, vendor };
}

async function textsAbout(ref: string) {
  const db = await getDb();
  return db.selectFrom("sms_outbox").selectAll().where("text", "like", `%${ref}%`).orderBy("id").execute();
}

describe("phone numbers", () => {
  test("Nigerian mobile numbers in their usual spellings become 234XXXXXXXXXX; anything else is refused", () => {
    for (const phone of ["08031234567", "0803 123 4567", "+234 803 123 4567", "234-803-123-4567", "(0803) 123-4567", "2348031234567"]) {
      expect(nigerianMsisdn(phone)).toBe("2348031234567");
    }
    expect(nigerianMsisdn("09061234567")).toBe("2349061234567");
    expect(nigerianMsisdn("07011234567")).toBe("2347011234567");
    for (const phone of ["", "0803123456", "080312345678", "01 234 5678", "+44 7700 900123", "0803-CALL-ME", "1".repeat(5000)]) {
      expect(nigerianMsisdn(phone)).toBeNull();
    }
  });
});

describe("vendor text messages", () => {
  test("with the switch off, a new request sends the vendor no text", async () => {
    await demoVendorTexts(false);
    const { ref } = await book();
    expect(await textsAbout(ref)).toEqual([]);
  });

  test("with the switch on, the vendor is texted about a new request, a reschedule and a cancellation", async () => {
    await demoVendorTexts(true);
    const { customer, ref, day, vendor } = await book();
    const id = (await appointmentByRef(ref)).id;
    await acceptRequest(vendor.id, id);
    await rescheduleAppointment(customer.id, ref, day, 14);
    await cancelByCustomer(customer.id, ref);
    const texts = await textsAbout(ref);
    expect(texts.map((t) => t.to_phone)).toEqual(["2348031234567", "2348031234567", "2348031234567"]);
    expect(texts[0]!.text).toMatch(
      new RegExp(`^Glow: New booking request: Knotless Box Braids on [A-Z][a-z]{2} \\d{1,2}, \\d{4} at 11:00 am\\. Ref ${ref}\\.$`),
    );
    expect(texts[1]!.text).toMatch(/^Glow: Chidi asks to move Knotless Box Braids from .+ at 11:00 am to .+ at 2:00 pm\. Ref /);
    expect(texts[2]!.text).toMatch(/^Glow: Cancelled by the customer: Knotless Box Braids on .+ at 2:00 pm\. Ref /);
    for (const t of texts) expect(t.text.length).toBeLessThanOrEqual(160);
  });

  test("a vendor without a usable mobile number gets no text, and the booking still goes through", async () => {
    await demoVendorTexts(true, "not a phone");
    const { ref } = await book();
    expect(await textsAbout(ref)).toEqual([]);
    expect((await appointmentByRef(ref)).status).toBe("requested");
  });
});

describe("delivery", () => {
  test("in test mode the text stays in the outbox and nothing is sent", async () => {
    await demoVendorTexts(true);
    const { ref } = await book();
    const { runDueWork } = await import("~/models/jobs/queue.server");
    const { dueWork } = await import("~/models/background/work-list.server");
    await runDueWork(dueWork, { now: new Date(Date.now() + 1000) });
    const [text] = await textsAbout(ref);
    expect(text).toMatchObject({ sent_at: null, provider_id: null });
    expect(termii.sent).toEqual([]);
  });

  test("with a Termii key it is sent through Termii's API, retried after a failure, and sent once", async () => {
    vi.stubEnv("TERMII_API_KEY", KEY);
    vi.stubEnv("TERMII_API_URL", termii.url);
    vi.stubEnv("TERMII_SENDER_ID", "GlowNG");
    vi.resetModules();
    await demoVendorTexts(true);
    const { ref } = await book();
    const { runDueWork } = await import("~/models/jobs/queue.server");
    const { dueWork } = await import("~/models/background/work-list.server");
    const { JOB_RETRY_BASE } = await import("~/models/jobs/durations");
    const start = Date.now() + 1000;
    termii.failNext(1);
    await runDueWork(dueWork, { now: new Date(start) });
    let [text] = await textsAbout(ref);
    expect(text).toMatchObject({ sent_at: null, attempts: 1, last_error: "Termii answered 500: Internal error" });
    expect(termii.sent).toEqual([]);

    await runDueWork(dueWork, { now: new Date(start + JOB_RETRY_BASE) });
    await runDueWork(dueWork, { now: new Date(start + 10 * JOB_RETRY_BASE) });
    [text] = await textsAbout(ref);
    expect(text).toMatchObject({ attempts: 2, last_error: null, provider_id: "3017000000" });
    expect(text!.sent_at).not.toBeNull();
    expect(termii.sent).toEqual([
      { api_key: KEY, to: "2348031234567", from: "GlowNG", sms: text!.text, type: "plain", channel: "dnd", messageId: text!.provider_id },
    ]);
  });
});
