import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { startFakeTermii } from "../../../tests/fake-termii";
import { startFakeWhatsApp } from "../../../tests/fake-whatsapp";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";

// Customers are told by WhatsApp or SMS as they agreed, beside the e-mail: through one outbox, each message with its
// opt-out link and, for a visit still to come, the manage link. Adapters against local fakes of Termii and WhatsApp.
// The environment is read once per module graph, so each test that switches a provider on imports the app afresh.

const TERMII_KEY = "TLtermii-test-key";
const WA_TOKEN = "EAAG-test-token";
const WA_PHONE_ID = "1098765432";
let termii: Awaited<ReturnType<typeof startFakeTermii>>;
let whatsapp: Awaited<ReturnType<typeof startFakeWhatsApp>>;

beforeAll(async () => {
  termii = await startFakeTermii(TERMII_KEY);
  whatsapp = await startFakeWhatsApp(WA_TOKEN, WA_PHONE_ID);
});
afterAll(async () => {
  await termii.close();
  await whatsapp.close();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  termii.sent.length = 0;
  whatsapp.sent.length = 0;
  await (await getDb()).deleteFrom("jobs").execute();
});

function providersOn() {
  vi.stubEnv("TERMII_API_KEY", TERMII_KEY);
  vi.stubEnv("TERMII_API_URL", termii.url);
  vi.stubEnv("WHATSAPP_TOKEN", WA_TOKEN);
  vi.stubEnv("WHATSAPP_PHONE_NUMBER_ID", WA_PHONE_ID);
  vi.stubEnv("WHATSAPP_API_URL", whatsapp.url);
  vi.resetModules();
}

/** The app's modules, imported afresh (after the environment is set). */
async function app() {
  const [transitions, consent, queue, work, report] = await Promise.all([
    import("~/models/appointments/transitions.server"),
    import("./consent.server"),
    import("~/models/jobs/queue.server"),
    import("~/models/background/work-list.server"),
    import("./delivery-report.server"),
  ]);
  const runAll = async (now = new Date(Date.now() + 1000)) => {
    for (let i = 0; i < 4; i++) await queue.runDueWork(work.dueWork, { now });
  };
  return { ...transitions, ...consent, ...report, runAll, queue, work };
}

/** A customer with a phone number and the given consents, and a booking of theirs the vendor has accepted. */
async function bookedBy(choices: { whatsapp?: boolean; sms?: boolean }, phone: string | null = "+2348031112222") {
  const a = await app();
  const db = await getDb();
  const customer = await createCustomer("Chioma");
  await db.updateTable("users").set({ phone }).where("id", "=", customer.id).execute();
  await a.setConsents(db, customer.id, choices, "profile");
  const vendor = await vendorBySlug();
  const day = freshOpenDay(vendor.open_days);
  const { ref } = await hold(customer.id, (await featuredService()).id, day, 11);
  await a.choosePayToVendor(customer.id, ref, null);
  const id = (await appointmentByRef(ref)).id;
  await a.acceptRequest(vendor.id, id);
  return { a, customer, ref, id, vendor, day };
}

async function phoneMessages(userId: number) {
  return (await getDb()).selectFrom("sms_outbox").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

describe("customer messages by consent", () => {
  test("without consent nothing goes by phone (e-mail only), even with a number", async () => {
    const { customer } = await bookedBy({});
    expect(await phoneMessages(customer.id)).toEqual([]);
  });

  test("with SMS consent: one GSM-7 page per notice, NGN never ₦, the reference, the manage link and the opt-out link", async () => {
    const { a, customer, ref, id } = await bookedBy({ sms: true });
    const texts = await phoneMessages(customer.id);
    expect(texts.map((t) => [t.channel, t.to_phone, t.appointment_id])).toEqual([
      ["sms", "2348031112222", id],
      ["sms", "2348031112222", id],
    ]);
    expect(texts[0]!.text).toMatch(/^Booking received: [A-Z][a-z]{2} \d{1,2} 11:00 am, Knotless/);
    expect(texts[1]!.text).toMatch(/^Confirmed: [A-Z][a-z]{2} \d{1,2} 11:00 am, Knotless/);
    for (const t of texts) {
      expect(t.text.length).toBeLessThanOrEqual(160);
      expect(t.text).not.toContain("₦");
      expect(t.text).toContain(`Ref ${ref}`);
      expect(t.text).toMatch(
        new RegExp(`Manage: http://localhost:3000/manage/${id}\\.[A-Za-z0-9_-]{12} Stop: http://localhost:3000/stop/${customer.id}s\\.[A-Za-z0-9_-]{8}$`),
      );
    }
    await a.runAll();
    expect((await phoneMessages(customer.id)).map((t) => t.status)).toEqual(["test", "test"]);
    expect(termii.sent).toEqual([]);
    expect((await a.reachedBy([id])).get(id)).toEqual({ channel: "sms", test: true });
  });

  test("a number that is not Nigerian gets WhatsApp but no SMS", async () => {
    const { customer } = await bookedBy({ sms: true, whatsapp: true }, "+447700900123");
    const messages = await phoneMessages(customer.id);
    expect(messages.map((m) => [m.channel, m.to_phone])).toEqual([
      ["whatsapp", "447700900123"],
      ["whatsapp", "447700900123"],
    ]);
    expect(JSON.parse(messages[0]!.params!).fallback).toBeNull();
  });

  test("opting out through the link takes effect before the next send; a cancelled visit's message has no manage link", async () => {
    const { a, customer, ref } = await bookedBy({ sms: true, whatsapp: true });
    expect((await phoneMessages(customer.id)).map((m) => m.channel)).toEqual(["whatsapp", "whatsapp"]);
    expect(await a.optOut(a.optOutToken(customer.id, "whatsapp"))).toBe("whatsapp");
    await a.cancelByCustomer(customer.id, ref);
    const after = await phoneMessages(customer.id);
    expect(after.map((m) => m.channel)).toEqual(["whatsapp", "whatsapp", "sms"]);
    expect(after[2]!.text).toMatch(/^Cancelled: [A-Z][a-z]{2} \d{1,2} 11:00 am, Knotless/);
    expect(after[2]!.text).not.toContain("/manage/");
    const consents = await a.getConsents(await getDb(), customer.id);
    expect(consents.whatsapp).toMatchObject({ given: false, source: "opt-out link" });
    expect(consents.sms.given).toBe(true);
  });
});

describe("WhatsApp delivery", () => {
  test("in test mode (no keys) a WhatsApp message is kept, with its template and parameters, and nothing is sent", async () => {
    const { a, customer, ref, id } = await bookedBy({ whatsapp: true });
    const [first] = await phoneMessages(customer.id);
    expect(first).toMatchObject({ channel: "whatsapp", template: "appointment_update", status: "queued" });
    const params = JSON.parse(first!.params!) as { body: string[] };
    expect(params.body[0]).toBe("Chioma");
    expect(params.body[2]).toBe(ref);
    expect(params.body[3]).toMatch(new RegExp(`/manage/${id}\\.`));
    expect(params.body[4]).toMatch(new RegExp(`/stop/${customer.id}w\\.`));
    await a.runAll();
    expect((await phoneMessages(customer.id)).map((m) => m.status)).toEqual(["test", "test"]);
    expect(whatsapp.sent).toEqual([]);
  });

  test("with keys: sent as a utility template through the Cloud API", async () => {
    providersOn();
    const { a, customer, id } = await bookedBy({ whatsapp: true });
    await a.runAll();
    expect((await phoneMessages(customer.id)).map((m) => [m.status, m.provider_id !== null])).toEqual([
      ["sent", true],
      ["sent", true],
    ]);
    expect(whatsapp.sent).toHaveLength(2);
    expect(whatsapp.sent[0]).toMatchObject({
      messaging_product: "whatsapp",
      to: "2348031112222",
      type: "template",
      template: { name: "appointment_update", language: { code: "en" } },
    });
    expect((await a.reachedBy([id])).get(id)).toEqual({ channel: "whatsapp", test: false });
  });

  test("a refused (paused) template falls back to SMS when the customer agreed to SMS; the vendor sees SMS reached them", async () => {
    providersOn();
    whatsapp.refuse("appointment_update");
    const { a, customer, id } = await bookedBy({ whatsapp: true, sms: true });
    await a.runAll();
    const messages = await phoneMessages(customer.id);
    expect(messages.map((m) => [m.channel, m.status])).toEqual([
      ["whatsapp", "refused"],
      ["whatsapp", "refused"],
      ["sms", "sent"],
      ["sms", "sent"],
    ]);
    expect(messages[0]!.last_error).toContain("132015");
    const toCustomer = termii.sent.filter((s) => s.to === "2348031112222");
    expect(toCustomer.map((s) => s.channel)).toEqual(["dnd", "dnd"]);
    expect(toCustomer[0]!.sms).toContain(`/stop/${customer.id}s.`);
    expect((await a.reachedBy([id])).get(id)).toEqual({ channel: "sms", test: false });
  });

  test("at most 3 tries, then failed; without SMS consent the e-mail is what reached the customer", async () => {
    providersOn();
    const { a, customer, id } = await bookedBy({ whatsapp: true });
    whatsapp.failNext(100);
    const { JOB_RETRY_MAX } = await import("~/models/jobs/durations");
    let now = Date.now() + 1000;
    for (let i = 0; i < 5; i++, now += JOB_RETRY_MAX + 1000) await a.runAll(new Date(now));
    whatsapp.failNext(0);
    const messages = await phoneMessages(customer.id);
    expect(messages.map((m) => [m.channel, m.status, m.attempts])).toEqual([
      ["whatsapp", "failed", 3],
      ["whatsapp", "failed", 3],
    ]);
    expect(whatsapp.sent).toEqual([]);
    // The third failure ends the job (done, nothing more to try): the message says failed, and it is not retried.
    const jobs = await (await getDb()).selectFrom("jobs").select(["done_at", "attempts"]).where("kind", "=", "whatsapp.deliver").execute();
    expect(jobs.map((j) => [j.done_at !== null, j.attempts])).toEqual([
      [true, 3],
      [true, 3],
    ]);
    expect((await a.reachedBy([id])).get(id)).toEqual({ channel: "email", test: false });
  });
});
