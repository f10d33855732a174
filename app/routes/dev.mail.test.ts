import { afterEach, describe, expect, test, vi } from "vitest";
import { sendMail } from "~/models/messaging/mail.server";
import { run } from "../../tests/action";

// /dev/mail and /dev/mail.json exist only with MAIL_PREVIEW=true. Settings are read once per process,
// so each case loads the routes afresh under its own environment.

async function routes(preview: "true" | "false") {
  vi.resetModules();
  vi.stubEnv("MAIL_PREVIEW", preview);
  const [page, json] = await Promise.all([import("./dev.mail"), import("./dev.mail[.json]")]);
  return { page, json };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("/dev/mail", () => {
  test("with MAIL_PREVIEW=true: the JSON array of { channel, to, subject, text, createdAt }, newest first, and the page", async () => {
    await sendMail({ to: "first@example.com", subject: "First", text: "One" });
    await sendMail({ to: "second@example.com", subject: "Second", text: "Two http://localhost:3000/reset/abc" });
    const { page, json } = await routes("true");
    const response = await json.loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const mails = (await response.json()) as { channel: string; to: string; subject: string; text: string; createdAt: string }[];
    expect(mails.slice(0, 2)).toEqual([
      {
        channel: "email",
        to: "second@example.com",
        subject: "Second",
        text: "Two http://localhost:3000/reset/abc",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      { channel: "email", to: "first@example.com", subject: "First", text: "One", createdAt: expect.any(String) },
    ]);
    const html = await run<{ mails: unknown[] }>(() => page.loader());
    expect(html.status).toBe(200);
    expect(html.data?.mails).toHaveLength(mails.length);
  });

  test("text and WhatsApp messages are listed too, `to` the phone number, with their channel", async () => {
    const { getDb } = await import("~/db/db.server");
    const { queueSms } = await import("~/models/messaging/sms.server");
    const { queueWhatsApp } = await import("~/models/messaging/whatsapp.server");
    const db = await getDb();
    await queueSms(db, { to: "0803 123 4567", text: "Confirmed: Dec 17 10:00 am, NGN 7,500", tail: "Ref GLW-ABC123" });
    await queueWhatsApp(db, { to: "+2348031234567", template: "appointment_update", params: ["Ada"], text: "Hi Ada, confirmed.", fallback: null });
    const { json } = await routes("true");
    const messages = (await (await json.loader()).json()) as { channel: string; to: string; subject: string; text: string }[];
    expect(messages.slice(0, 2)).toEqual([
      { channel: "whatsapp", to: "+2348031234567", subject: 'Template "appointment_update"', text: "Hi Ada, confirmed.", createdAt: expect.any(String) },
      {
        channel: "sms",
        to: "+2348031234567",
        subject: "Text message",
        text: "Confirmed: Dec 17 10:00 am, NGN 7,500 Ref GLW-ABC123",
        createdAt: expect.any(String),
      },
    ]);
  });

  test("otherwise both are 404", async () => {
    const { page, json } = await routes("false");
    expect((await json.loader()).status).toBe(404);
    expect((await run(() => page.loader())).status).toBe(404);
  });
});
