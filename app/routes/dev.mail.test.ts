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

  test("otherwise both are 404", async () => {
    const { page, json } = await routes("false");
    expect((await json.loader()).status).toBe(404);
    expect((await run(() => page.loader())).status).toBe(404);
  });
});
