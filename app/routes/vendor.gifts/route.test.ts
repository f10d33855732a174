import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getGiftSettings } from "~/models/gifts/gift-settings.server";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { createVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

const GOOD = { cards_on: "on", card_amounts: "10,000, 20000 ₦50,000", free_min: "", free_max: "", vouchers_on: "on", validity_months: "6" };

describe("/vendor/gifts", () => {
  test("only a vendor's owner or manager; each vendor sees its own gifts", async () => {
    expect((await run(loader, get("/vendor/gifts", await cookieFor("customer@example.com")))).status).toBe(403);
    expect((await run(loader, get("/vendor/gifts"))).status).toBe(302);
    expect((await run(action, post("/vendor/gifts", GOOD, await cookieFor("customer@example.com")))).status).toBe(403);
    expect((await run(loader, get("/vendor/gifts", await cookieFor("stylist@example.com")))).status).toBe(403);
    const demo = await run<{ gifts: { recipientName: string; balanceKobo: number; state: string }[] }>(
      loader,
      get("/vendor/gifts", await cookieFor("vendor@example.com")),
    );
    expect(demo.body.gifts).toEqual([expect.objectContaining({ recipientName: "Tolu", balanceKobo: 2_000_000, state: "active" })]);
    const other = await createVendor("giftpage");
    const theirs = await run<{ gifts: unknown[] }>(loader, get("/vendor/gifts", other.cookie));
    expect(theirs.body.gifts).toEqual([]);
  });

  test("bad settings are a 400 and change nothing; good ones are saved; a sold gift keeps its expiry", async () => {
    const vendor = await createVendor("giftsettings");
    const cases: [Record<string, string>, string][] = [
      [{ ...GOOD, validity_months: "0" }, "Gifts are valid from 1 to 24 months."],
      [{ ...GOOD, validity_months: "abc" }, "Choose how many months a gift stays valid."],
      [{ ...GOOD, card_amounts: "500" }, "A gift card is between ₦1,000 and ₦500,000, in whole naira."],
      [{ ...GOOD, card_amounts: "10000 10000" }, "Each amount once, please."],
      [{ ...GOOD, card_amounts: "1000 2000 3000 4000 5000 6000 7000" }, "Offer at most 6 amounts."],
      [{ ...GOOD, card_amounts: "ten thousand" }, "Amounts in whole naira, separated by spaces, e.g. 10000 20000 50000"],
      [{ ...GOOD, card_amounts: "", free_min: "9000", free_max: "8000" }, "The smallest free amount is more than the largest."],
      [{ ...GOOD, card_amounts: "", free_min: "-5", free_max: "8000" }, "Enter an amount in naira, e.g. 5000"],
      [{ ...GOOD, card_amounts: "" }, "Give at least one amount, or a range for a free amount, to sell gift cards."],
    ];
    for (const [fields, message] of cases) {
      const answer = await run(action, post("/vendor/gifts", fields, vendor.cookie));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(firstError(answer.body)).toBe(message);
    }
    expect((await getGiftSettings(vendor.vendorId)).cardsOn).toBe(false);
    expect((await run(action, post("/vendor/gifts", GOOD, vendor.cookie))).status).toBe(303);
    expect(await getGiftSettings(vendor.vendorId)).toMatchObject({
      cardsOn: true,
      cardAmounts: [1_000_000, 2_000_000, 5_000_000],
      vouchersOn: true,
      validityMonths: 6,
    });

    // The demo vendor shortens its validity: the demo gift card sold before keeps its date.
    const db = await getDb();
    const before = await db.selectFrom("gifts").select("expires_at").where("code_tail", "=", "2345").executeTakeFirstOrThrow();
    expect((await run(action, post("/vendor/gifts", { ...GOOD, validity_months: "1" }, await cookieFor("vendor@example.com")))).status).toBe(303);
    expect(await db.selectFrom("gifts").select("expires_at").where("code_tail", "=", "2345").executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe("/vendor/gifts: refunding a gift", () => {
  test("the owner refunds an unused gift of its own; another vendor's is not found; bad ids are 404; twice is a 409", async () => {
    const db = await getDb();
    const demo = await db.selectFrom("gifts").select(["id", "buyer_email"]).where("code_tail", "=", "2345").executeTakeFirstOrThrow();
    const other = await createVendor("giftrefund");
    expect((await run(action, post("/vendor/gifts", { intent: "refund", gift: String(demo.id) }, other.cookie))).status).toBe(404);
    expect((await run(action, post("/vendor/gifts", { intent: "refund", gift: "abc" }, other.cookie))).status).toBe(404);
    expect((await run(action, post("/vendor/gifts", { intent: "refund", gift: String(demo.id) }, await cookieFor("stylist@example.com")))).status).toBe(403);
    expect((await db.selectFrom("gifts").select("status").where("id", "=", demo.id).executeTakeFirstOrThrow()).status).toBe("active");
    const vendorCookie = await cookieFor("vendor@example.com");
    const done = await run(action, post("/vendor/gifts", { intent: "refund", gift: String(demo.id) }, vendorCookie));
    expect(done.status).toBe(303);
    expect((await db.selectFrom("gifts").select("status").where("id", "=", demo.id).executeTakeFirstOrThrow()).status).toBe("refunded");
    const again = await run<{ refused: string }>(action, post("/vendor/gifts", { intent: "refund", gift: String(demo.id) }, vendorCookie));
    expect(again.status).toBe(409);
    expect(again.body.refused).toBe("This gift was already refunded.");
  });
});
