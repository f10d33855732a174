import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getConsents, optOutToken, setConsents } from "~/models/messaging/consent.server";
import { createCustomer } from "../../../tests/booking";
import { get, post, run } from "../../../tests/booking-routes";
import { action, loader } from "./route";

// /stop/{token}: the opt-out link of every WhatsApp and SMS message, without signing in or JavaScript.

async function consenting() {
  const c = await createCustomer("Emeka");
  await setConsents(await getDb(), c.id, { whatsapp: true, sms: true, marketing: true }, "profile");
  return c;
}

describe("/stop/{token}", () => {
  test("opening it asks and changes nothing; the button withdraws exactly the consent the link names", async () => {
    const c = await consenting();
    const token = optOutToken(c.id, "sms");
    const page = await run<{ what: string }>(loader, get(`/stop/${token}`), { token });
    expect(page.status).toBe(200);
    expect(page.body.what).toBe("text messages (SMS) about your appointments");
    expect((await getConsents(await getDb(), c.id)).sms.given).toBe(true);

    const done = await run<{ stopped: string }>(action, post(`/stop/${token}`, {}), { token });
    expect(done.status).toBe(200);
    expect(done.body.stopped).toBe("text messages (SMS) about your appointments");
    const consents = await getConsents(await getDb(), c.id);
    expect(consents.sms).toMatchObject({ given: false, source: "opt-out link" });
    expect(consents.whatsapp.given).toBe(true);
    expect(consents.marketing.given).toBe(true);
  });

  test("a link for news and offers also takes the person off the newsletter list", async () => {
    const c = await consenting();
    const db = await getDb();
    await db.insertInto("newsletter").values({ email: c.email, created_at: new Date().toISOString() }).execute();
    const token = optOutToken(c.id, "marketing");
    expect((await run(action, post(`/stop/${token}`, {}), { token })).status).toBe(200);
    expect(await db.selectFrom("newsletter").selectAll().where("email", "=", c.email).execute()).toEqual([]);
  });

  test("a forged or altered token is a 404 and changes nothing: one person's link cannot reach another's choices", async () => {
    const c = await consenting();
    const other = await consenting();
    const token = optOutToken(c.id, "whatsapp");
    const [body, signature] = token.split(".");
    for (const bad of [`${other.id}w.${signature}`, `${c.id}s.${signature}`, `${body}.AAAAAAAA`, `${token}x`, "", "1w", "<script>"]) {
      expect((await run(loader, get(`/stop/${encodeURIComponent(bad)}`), { token: bad })).status).toBe(404);
      expect((await run(action, post(`/stop/x`, {}), { token: bad })).status).toBe(404);
    }
    expect((await getConsents(await getDb(), c.id)).whatsapp.given).toBe(true);
    expect((await getConsents(await getDb(), other.id)).whatsapp.given).toBe(true);
  });

  test("a cross-site POST is refused", async () => {
    const c = await consenting();
    const token = optOutToken(c.id, "sms");
    const request = new Request(`http://localhost:3000/stop/${token}`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: new URLSearchParams(),
    });
    expect((await run(action, request, { token })).status).toBe(403);
    expect((await getConsents(await getDb(), c.id)).sms.given).toBe(true);
  });
});
