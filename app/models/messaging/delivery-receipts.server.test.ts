import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { startFakeTermii } from "../../../tests/fake-termii";
import { startFakeWhatsApp } from "../../../tests/fake-whatsapp";
import { serveRoute } from "../../../tests/route-server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";

// Delivery receipts: Termii's delivery reports and the WhatsApp Cloud API's status callbacks, sent by the fakes over
// HTTP to our webhooks, move each message's status forward once (sent -> delivered -> read, or failed, a WhatsApp
// failure falling back to SMS); bad, unsigned or forged callbacks get a 4xx and change nothing; /admin/messages counts them.

const TERMII_KEY = "TLtermii-receipts-key";
const TERMII_SECRET = "termii-receipts-secret";
const WA_TOKEN = "EAAG-receipts-token";
const WA_PHONE_ID = "1098765433";
const WA_SECRET = "meta-app-secret-receipts";
let termii: Awaited<ReturnType<typeof startFakeTermii>>;
let whatsapp: Awaited<ReturnType<typeof startFakeWhatsApp>>;
let termiiHook: Awaited<ReturnType<typeof serveRoute>>;
let whatsappHook: Awaited<ReturnType<typeof serveRoute>>;
let app: Awaited<ReturnType<typeof load>>;

async function load() {
  const [transitions, consent, queue, work, report, termiiRoute, whatsappRoute, admin] = await Promise.all([
    import("~/models/appointments/transitions.server"),
    import("./consent.server"),
    import("~/models/jobs/queue.server"),
    import("~/models/background/work-list.server"),
    import("./delivery-report.server"),
    import("~/routes/webhooks.termii"),
    import("~/routes/webhooks.whatsapp"),
    import("~/routes/admin.messages"),
  ]);
  const runAll = async () => {
    for (let i = 0; i < 4; i++) await queue.runDueWork(work.dueWork, { now: new Date(Date.now() + 1000) });
  };
  return { ...transitions, ...consent, ...report, runAll, termiiRoute, whatsappRoute, admin };
}

beforeAll(async () => {
  termii = await startFakeTermii(TERMII_KEY, TERMII_SECRET);
  whatsapp = await startFakeWhatsApp(WA_TOKEN, WA_PHONE_ID, WA_SECRET);
  for (const [name, value] of Object.entries({
    TERMII_API_KEY: TERMII_KEY,
    TERMII_API_URL: termii.url,
    TERMII_SECRET_KEY: TERMII_SECRET,
    WHATSAPP_TOKEN: WA_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: WA_PHONE_ID,
    WHATSAPP_API_URL: whatsapp.url,
    WHATSAPP_APP_SECRET: WA_SECRET,
    WHATSAPP_VERIFY_TOKEN: "glow-verify-token",
  }))
    vi.stubEnv(name, value);
  vi.resetModules();
  app = await load();
  termiiHook = await serveRoute(app.termiiRoute);
  whatsappHook = await serveRoute(app.whatsappRoute);
});
afterAll(async () => {
  await Promise.all([termii.close(), whatsapp.close(), termiiHook.close(), whatsappHook.close()]);
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** A customer with the given consents books and is accepted; their phone messages are sent through the fakes. */
async function sentTo(choices: { whatsapp?: boolean; sms?: boolean }, hour: number) {
  const db = await getDb();
  const customer = await createCustomer("Receipt");
  await db.updateTable("users").set({ phone: "+2348031113333" }).where("id", "=", customer.id).execute();
  await app.setConsents(db, customer.id, choices, "profile");
  const vendor = await vendorBySlug();
  const { ref } = await hold(customer.id, (await featuredService()).id, freshOpenDay(vendor.open_days), hour);
  await app.choosePayToVendor(customer.id, ref, null);
  await app.acceptRequest(vendor.id, (await appointmentByRef(ref)).id);
  await app.runAll();
  return (await db.selectFrom("sms_outbox").selectAll().where("user_id", "=", customer.id).orderBy("id").execute()).map((m) => ({ ...m }));
}
const statusOf = async (id: number) => (await (await getDb()).selectFrom("sms_outbox").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("Termii delivery reports", () => {
  test("a signed report moves a sent text to delivered, once; forged, unsigned or broken reports are 4xx and change nothing", async () => {
    const [first, second] = await sentTo({ sms: true }, 9);
    expect([first!.status, second!.status]).toEqual(["sent", "sent"]);
    const delivered = termii.receipt(first!.provider_id!, "DELIVERED | Message delivered to handset");
    expect(await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, { ...delivered, signature: null })).toBe(401);
    expect(await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, termii.receipt(first!.provider_id!, "Message Failed", "someone-else"))).toBe(401);
    expect(await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, { ...delivered, signature: "zz" })).toBe(401);
    expect(await statusOf(first!.id)).toBe("sent");
    expect(await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, delivered)).toBe(200);
    expect(await statusOf(first!.id)).toBe("delivered");
    // Repeated, and a late "sent" or "failed" after delivery: nothing moves.
    expect(await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, delivered)).toBe(200);
    expect(await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, termii.receipt(first!.provider_id!, "Message Failed"))).toBe(200);
    expect(await statusOf(first!.id)).toBe("delivered");
    // DND on the number: failed (e-mail, which always goes, is what remains).
    expect(await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, termii.receipt(second!.provider_id!, "DND Active on Phone Number"))).toBe(200);
    expect(await statusOf(second!.id)).toBe("failed");
    // A report for a message that is not ours is taken and ignored; a signed body that is not JSON is refused.
    expect(await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, termii.receipt("999", "DELIVERED"))).toBe(200);
    const junk = "not json";
    const crypto = await import("node:crypto");
    expect(
      await termii.sendReceipt(`${termiiHook.url}/webhooks/termii`, {
        body: junk,
        signature: crypto.createHmac("sha512", TERMII_SECRET).update(junk).digest("hex"),
      }),
    ).toBe(400);
    const get = await fetch(`${termiiHook.url}/webhooks/termii`);
    expect(get.status).toBe(405);
  });
});

describe("WhatsApp status callbacks", () => {
  test("read before delivered ends read; a failure falls back to SMS once; bad callbacks are 4xx and change nothing", async () => {
    const [first, second] = await sentTo({ whatsapp: true, sms: true }, 10);
    expect([first!.channel, first!.status, second!.status]).toEqual(["whatsapp", "sent", "sent"]);
    const url = `${whatsappHook.url}/webhooks/whatsapp`;
    const forged = whatsapp.status([{ id: first!.provider_id!, status: "failed" }], "not-the-app-secret");
    expect(await whatsapp.sendStatus(url, forged)).toBe(401);
    expect(await whatsapp.sendStatus(url, { ...forged, signature: null })).toBe(401);
    expect(await whatsapp.sendStatus(url, { ...forged, signature: forged.signature.replace("sha256=", "sha1=") })).toBe(401);
    expect(await statusOf(first!.id)).toBe("sent");

    // Out of order: read comes first, the delivered after it changes nothing.
    expect(await whatsapp.sendStatus(url, whatsapp.status([{ id: first!.provider_id!, status: "read" }]))).toBe(200);
    expect(await whatsapp.sendStatus(url, whatsapp.status([{ id: first!.provider_id!, status: "delivered" }]))).toBe(200);
    expect(await statusOf(first!.id)).toBe("read");

    // The network could not deliver the second: failed, and its text message goes instead, once however often told.
    const failed = whatsapp.status([{ id: second!.provider_id!, status: "failed", code: 131026 }]);
    expect(await Promise.all([whatsapp.sendStatus(url, failed), whatsapp.sendStatus(url, failed)])).toEqual([200, 200]);
    await app.runAll();
    const db = await getDb();
    const after = await db.selectFrom("sms_outbox").selectAll().where("user_id", "=", second!.user_id).orderBy("id").execute();
    expect(after.map((m) => [m.channel, m.status])).toEqual([
      ["whatsapp", "read"],
      ["whatsapp", "failed"],
      ["sms", "sent"],
    ]);
    expect(after[1]!.last_error).toBe("WhatsApp: 131026 Message undeliverable");
    expect(after[2]!.text).toMatch(/^Confirmed: /);

    const { data: page } = (await app.admin.loader({ request: await adminRequest(), params: {}, context: {} })) as unknown as {
      data: { channels: { channel: string; delivered: number | null; read: number | null }[] };
    };
    expect(page.channels.find((c) => c.channel === "whatsapp")).toMatchObject({ delivered: 1, read: 1 });
    expect(page.channels.find((c) => c.channel === "email")).toMatchObject({ delivered: null, read: null });
  });

  test("Meta's URL check answers the challenge only to our verify token", async () => {
    const ok = await fetch(`${whatsappHook.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=glow-verify-token&hub.challenge=1158201444`);
    expect([ok.status, await ok.text()]).toEqual([200, "1158201444"]);
    expect((await fetch(`${whatsappHook.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).toBe(403);
    expect((await fetch(`${whatsappHook.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=%C3%A9%C3%A9%C3%A9&hub.challenge=1`)).status).toBe(403);
    const crypto = await import("node:crypto");
    const junk = JSON.stringify({ entry: "nope" });
    const signed = `sha256=${crypto.createHmac("sha256", WA_SECRET).update(junk).digest("hex")}`;
    expect(await whatsapp.sendStatus(`${whatsappHook.url}/webhooks/whatsapp`, { body: junk, signature: signed })).toBe(400);
  });
});

async function adminRequest() {
  const { cookieFor } = await import("../../../tests/session");
  return new Request("http://localhost:3000/admin/messages", { headers: { cookie: await cookieFor("admin@example.com") } });
}
