import { describe, expect, test } from "vitest";
import { recentMail } from "~/models/messaging/mail.server";
import { AUTH_TEXT } from "~/utils/auth-schemas";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { formMessages, run } from "../../../tests/action";
import { formRequest, getRequest } from "../../../tests/request";
import { action, loader } from "./route";

const ask = (fields: Record<string, string>, init?: Parameters<typeof formRequest>[2]) =>
  run(() => action({ request: formRequest("/reset/request", fields, init), params: {}, context: {} }));

describe("POST /reset/request", () => {
  test("a known e-mail: a link is e-mailed, the page says so, and the server remembers the e-mail for the reset step", async () => {
    const outcome = await ask({ email: "Customer@Example.com" });
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/reset/request?sent=1");
    const setCookie = outcome.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/glow_reset=.+; Max-Age=1200; Path=\/reset; HttpOnly; SameSite=Lax/);
    expect((await recentMail())[0]).toMatchObject({ to: "customer@example.com", subject: "Reset your Glow password" });
    const page = await run(() => loader({ request: getRequest("/reset/request?sent=1", { cookie: outcome.cookies }), params: {}, context: {} }));
    expect(page.data).toEqual({ sent: true, email: "customer@example.com", minutes: 20 });
  });

  test("an unknown e-mail: 'Email does not exist in our record' and no e-mail", async () => {
    const before = (await recentMail()).length;
    const outcome = await ask({ email: "nobody@example.com" });
    expect(outcome.status).toBe(404);
    expect(formMessages(outcome)[""]).toEqual([AUTH_TEXT.emailUnknown]);
    expect((await recentMail()).length).toBe(before);
  });

  test("not an address: 'Invalid email address'", async () => {
    const outcome = await ask({ email: "customer@example" });
    expect(outcome.status).toBe(400);
    expect(formMessages(outcome)).toMatchObject({ email: [AUTH_TEXT.invalidEmail] });
  });

  test("the sent page without the cookie still says a link was sent, without an address", async () => {
    const page = await run(() => loader({ request: getRequest("/reset/request?sent=1"), params: {}, context: {} }));
    expect(page.data).toEqual({ sent: true, email: null, minutes: 20 });
    expect((await run(() => loader({ request: getRequest("/reset/request"), params: {}, context: {} }))).data).toEqual({
      sent: false,
      email: null,
      minutes: 20,
    });
  });

  test("honeypot, cross-site and the 6th request for one e-mail in an hour are refused", async () => {
    expect((await ask({ email: "vendor@example.com", [HONEYPOT_FIELD]: "x" })).status).toBe(400);
    expect((await ask({ email: "vendor@example.com" }, { origin: "https://evil.example" })).status).toBe(403);
    for (let i = 0; i < 5; i++) expect((await ask({ email: "vendor@example.com" })).status).toBe(303);
    const refused = await ask({ email: "vendor@example.com" });
    expect(refused.status).toBe(429);
    expect(formMessages(refused)[""]?.[0]).toMatch(/^Too many attempts/);
  });
});
