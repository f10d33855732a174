import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { queueMails } from "~/models/messaging/mail.server";
import { queueSms } from "~/models/messaging/sms.server";
import { queueWhatsApp } from "~/models/messaging/whatsapp.server";
import { vendorBySlug } from "../../tests/booking";
import { cookieFor, get, run } from "../../tests/booking-routes";
import { loader } from "./admin.messages";

// /admin/messages: counts per channel and per vendor, failures included; admins only.

type Counts = {
  channels: { channel: string; total: number; failed: number; sent: number }[];
  vendors: { businessName: string; channel: string; total: number; failed: number }[];
};

describe("/admin/messages", () => {
  test("counts messages per channel and per vendor, with failures", async () => {
    const db = await getDb();
    const vendor = await vendorBySlug();
    await queueMails(db, [{ to: "someone@example.com", subject: "Hello", text: "An e-mail" }]);
    await queueSms(db, { to: "0803 111 2222", text: "One", vendorId: vendor.id });
    await queueWhatsApp(db, { to: "+2348031112222", template: "appointment_update", params: ["a"], text: "Two", fallback: null, vendorId: vendor.id });
    await db.updateTable("sms_outbox").set({ status: "refused" }).where("text", "=", "Two").execute();
    const page = await run<Counts>(loader, get("/admin/messages", await cookieFor("admin@example.com")));
    expect(page.status).toBe(200);
    const channels = Object.fromEntries(page.body.channels.map((c) => [c.channel, c]));
    expect(channels.email!.total).toBeGreaterThan(0);
    expect(channels.sms!.total).toBeGreaterThanOrEqual(1);
    expect(channels.whatsapp).toMatchObject({ total: 1, failed: 1 });
    expect(page.body.vendors).toEqual(
      expect.arrayContaining([
        { vendorId: vendor.id, businessName: "Ronke's Beauty Lounge", channel: "whatsapp", total: 1, failed: 1 },
        expect.objectContaining({ vendorId: vendor.id, channel: "sms" }),
      ]),
    );
  });

  test("is the admin's only", async () => {
    expect((await run(loader, get("/admin/messages"))).status).toBe(302);
    expect((await run(loader, get("/admin/messages", await cookieFor("customer@example.com")))).status).toBe(403);
    expect((await run(loader, get("/admin/messages", await cookieFor("vendor@example.com")))).status).toBe(403);
  });
});
