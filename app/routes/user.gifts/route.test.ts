import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { createGift } from "~/models/gifts/buy-gift.server";
import { NO_GIFTS, saveGiftSettings } from "~/models/gifts/gift-settings.server";
import { payGiftWithCredit } from "~/models/gifts/pay-gift.server";
import { addCredit, creditBalance } from "~/models/money/auto-credit.server";
import { createCustomer, featuredService, freshOpenDay, newKey, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { giftMoves, plantGift } from "../../../tests/gifts";
import { createVendor } from "../../../tests/vendor";
import { action as bookingAction } from "../booking/route";
import { action, loader } from "./route";

// The buyer's own gifts and their refund (docs/domain.md, "Gifts and offers"), through the page's loader and action
// as the browser calls them, on SQLite and PostgreSQL alike: the list, the confirmation, each refusal (a 4xx that
// changes nothing), and the buyer's refund racing a use of the same gift at Book Now.

type Listed = {
  gifts: { id: number; state: string; balanceKobo: number; refundable: boolean; refundTo: string }[];
  confirm: { id: number } | null;
  problem: string | null;
};
const DAY_MS = 24 * 60 * 60 * 1000;

async function buyer() {
  const c = await createCustomer("Tunde");
  return { ...c, cookie: await cookieFor(c.email) };
}

/** A ₦10,000 gift card the customer bought today and paid with their AutoCredit. */
async function boughtWithCredit(vendorId: number, userId: number, email: string) {
  await saveGiftSettings(vendorId, { ...NO_GIFTS, cardsOn: true, cardAmounts: [1_000_000] });
  await addCredit(await getDb(), { userId, amountKobo: 1_000_000, reason: "test" });
  const { payToken } = await createGift({
    vendorId,
    kind: "card",
    serviceId: null,
    amountKobo: 1_000_000,
    buyerUserId: userId,
    buyerName: "Tunde",
    buyerEmail: email,
    recipientName: "Ada",
    recipientEmail: "ada.mine@example.com",
    recipientPhone: null,
    message: null,
  });
  await payGiftWithCredit(userId, payToken);
  return (await getDb()).selectFrom("gifts").select("id").where("pay_token", "=", payToken).executeTakeFirstOrThrow();
}

const refund = (cookie: string, gift: number | string) =>
  run<{ refused?: string }>(action, post("/user/gifts", { intent: "refund", gift: String(gift) }, cookie));

describe(`/user/gifts (${getDialect()})`, () => {
  test("signed in only; the buyer's own gifts with state, balance and expiry; Refund on the unused ones within 14 days", async () => {
    expect((await run(loader, get("/user/gifts"))).status).toBe(302);
    const me = await buyer();
    const vendor = await createVendor("mygifts");
    const fresh = await boughtWithCredit(vendor.vendorId, me.id, me.email);
    const old = await plantGift(vendor.vendorId, { amountKobo: 500_000, paidAt: new Date(Date.now() - 20 * DAY_MS), buyerUserId: me.id });
    const someoneElses = await plantGift(vendor.vendorId, { amountKobo: 500_000 });
    const page = await run<Listed>(loader, get("/user/gifts", me.cookie));
    expect(page.status).toBe(200);
    expect(page.body.gifts.map((g) => g.id).sort()).toEqual([fresh.id, old.id].sort());
    expect(page.body.gifts.find((g) => g.id === fresh.id)).toMatchObject({
      state: "unused",
      balanceKobo: 1_000_000,
      refundable: true,
      refundTo: "your AutoCredit",
    });
    expect(page.body.gifts.find((g) => g.id === old.id)).toMatchObject({ state: "unused", refundable: false });

    const asked = await run<Listed>(loader, get(`/user/gifts?refund=${fresh.id}`, me.cookie));
    expect(asked.body.confirm).toMatchObject({ id: fresh.id });
    const tooLate = await run<Listed>(loader, get(`/user/gifts?refund=${old.id}`, me.cookie));
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.problem).toMatch(/^A gift can be refunded within 14 days of its purchase; this one was bought on /);
    expect((await run<Listed>(loader, get(`/user/gifts?refund=${someoneElses.id}`, me.cookie))).status).toBe(404);
    expect((await run<Listed>(loader, get("/user/gifts?refund=abc", me.cookie))).status).toBe(404);
  });

  test("the refund goes back the way it was paid, once; each refusal is a 4xx with its message and changes nothing", async () => {
    const me = await buyer();
    const vendor = await createVendor("mygiftrefund");
    const gift = await boughtWithCredit(vendor.vendorId, me.id, me.email);
    const old = await plantGift(vendor.vendorId, { amountKobo: 500_000, paidAt: new Date(Date.now() - 15 * DAY_MS), buyerUserId: me.id });
    const someoneElses = await plantGift(vendor.vendorId, { amountKobo: 500_000 });
    const db = await getDb();
    expect(await creditBalance(db, me.id)).toBe(0);

    const bad: Record<string, string>[] = [{}, { intent: "refund" }, { intent: "refund", gift: "1e3" }, { intent: "other", gift: String(gift.id) }];
    for (const fields of bad) {
      const answer = await run<{ refused: string }>(action, post("/user/gifts", fields, me.cookie));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.refused).toBe("Choose a gift to refund from your list.");
    }
    const notMine = await refund(me.cookie, someoneElses.id);
    expect(notMine.status).toBe(404);
    expect(notMine.body.refused).toBe("We couldn't find that gift.");
    const late = await refund(me.cookie, old.id);
    expect(late.status).toBe(400);
    expect(late.body.refused).toMatch(/^A gift can be refunded within 14 days of its purchase; this one was bought on /);
    expect((await giftMoves(old.id)).kinds).toEqual(["sold"]);
    expect((await giftMoves(someoneElses.id)).kinds).toEqual(["sold"]);
    expect(await creditBalance(db, me.id)).toBe(0);

    const done = await refund(me.cookie, gift.id);
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe("/user/gifts");
    expect(await creditBalance(db, me.id)).toBe(1_000_000);
    const again = await refund(me.cookie, gift.id);
    expect(again.status).toBe(409);
    expect(again.body.refused).toBe("This gift was already refunded.");
    expect(await creditBalance(db, me.id)).toBe(1_000_000);
    const listed = await run<Listed>(loader, get("/user/gifts", me.cookie));
    expect(listed.body.gifts.find((g) => g.id === gift.id)).toMatchObject({ state: "refunded", balanceKobo: 0, refundable: false });
  });

  test("the buyer's refund and a use at Book Now at the same moment: one wins, never both, never below zero", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const day = freshOpenDay(vendor.open_days);
    for (const hour of [10, 13, 15]) {
      const me = await buyer();
      const gift = await plantGift(vendor.id, { amountKobo: 500_000, buyerUserId: me.id });
      const friend = await buyer();
      const [booking, refunded] = await Promise.all([
        run(bookingAction, post("/booking", { service: String(service.id), date: day, time: String(hour), key: newKey(), gift: gift.code }, friend.cookie)),
        refund(me.cookie, gift.id),
      ]);
      const after = await giftMoves(gift.id);
      expect(after.balance).toBe(0);
      if (booking.status === 303) {
        expect(refunded.status).toBe(409);
        expect(refunded.body.refused).toBe("This gift has been used, so it can't be refunded.");
        expect(after.kinds).toEqual(["sold", "reserved"]);
      } else {
        expect(refunded.status).toBe(303);
        expect(booking.status).toBe(400);
        expect(firstError(booking.body)).toBe("This gift was refunded, so its code no longer works.");
        expect(after.kinds).toEqual(["sold", "refunded"]);
      }
    }
  });
});
