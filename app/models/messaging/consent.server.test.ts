import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { createCustomer } from "../../../tests/booking";
import { getConsents, marketingAudience, optOut, optOutToken, readOptOutToken, setConsents } from "./consent.server";

// Consent per channel: none without a choice, each choice with its time and place, withdrawing as easy as giving;
// marketing only to those who opted in.

describe("consent", () => {
  test("silence is not consent; a choice keeps its time and place until it changes", async () => {
    const db = await getDb();
    const c = await createCustomer("Uche");
    expect(Object.values(await getConsents(db, c.id)).map((x) => x.given)).toEqual([false, false, false]);
    await setConsents(db, c.id, { whatsapp: true, sms: false }, "sign-up", new Date("2026-11-01T10:00:00Z"));
    await setConsents(db, c.id, { whatsapp: true }, "profile", new Date("2026-11-02T10:00:00Z"));
    const consents = await getConsents(db, c.id);
    expect(consents.whatsapp).toEqual({ given: true, changedAt: "2026-11-01T10:00:00.000Z", source: "sign-up" });
    expect(consents.sms).toEqual({ given: false, changedAt: null, source: null });
    await setConsents(db, c.id, { whatsapp: false }, "profile", new Date("2026-11-03T10:00:00Z"));
    expect((await getConsents(db, c.id)).whatsapp).toEqual({ given: false, changedAt: "2026-11-03T10:00:00.000Z", source: "profile" });
  });

  test("an opt-out token names one person and one channel; it can only withdraw", async () => {
    const db = await getDb();
    const c = await createCustomer("Uche");
    const token = optOutToken(c.id, "marketing");
    expect(readOptOutToken(token)).toEqual({ userId: c.id, channel: "marketing" });
    expect(readOptOutToken(token.replace("m.", "w."))).toBeNull();
    expect(await optOut(token)).toBe("marketing");
    // An objection is recorded even when nothing had been given.
    expect((await getConsents(db, c.id)).marketing).toMatchObject({ given: false, source: "opt-out link" });
    expect(await optOut("1m.AAAAAAAA")).toBeNull();
  });

  test("marketing goes to the newsletter's list and those who said yes, never to those who objected", async () => {
    const db = await getDb();
    const yes = await createCustomer("Yes");
    const no = await createCustomer("No");
    const silent = await createCustomer("Silent");
    await setConsents(db, yes.id, { marketing: true }, "profile");
    await db
      .insertInto("newsletter")
      .values([
        { email: no.email, created_at: new Date().toISOString() },
        { email: "reader@example.com", created_at: new Date().toISOString() },
      ])
      .execute();
    expect(await marketingAudience(db)).toEqual(expect.arrayContaining([yes.email, no.email, "reader@example.com"]));
    await setConsents(db, no.id, { marketing: false }, "profile");
    const audience = await marketingAudience(db);
    expect(audience).toContain(yes.email);
    expect(audience).toContain("reader@example.com");
    expect(audience).not.toContain(no.email);
    expect(audience).not.toContain(silent.email);
    await optOut(optOutToken(yes.id, "marketing"));
    expect(await marketingAudience(db)).not.toContain(yes.email);
  });
});
