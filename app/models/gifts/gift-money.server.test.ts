import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { closeBusiness } from "~/models/accounts/close-business.server";
import { DomainError } from "~/models/refusal";
import { addCredit, creditBalance } from "~/models/money/auto-credit.server";
import { createCustomer, mailsTo } from "../../../tests/booking";
import { createVendor } from "../../../tests/vendor";
import { createGift } from "./buy-gift.server";
import { NO_GIFTS, saveGiftSettings } from "./gift-settings.server";
import { expireGifts, refundGift, refundGiftsOfClosedVendors } from "./gift-money.server";
import { payGiftWithCredit, settleGiftPayment, startGiftPayment } from "./pay-gift.server";

const BOUGHT = new Date("2026-11-27T10:00:00.000Z");
const days = (n: number) => new Date(BOUGHT.getTime() + n * 24 * 60 * 60 * 1000);
let vendors = 0;

async function shop() {
  const vendor = await createVendor(`giftmoney${++vendors}`);
  await saveGiftSettings(vendor.vendorId, { ...NO_GIFTS, cardsOn: true, cardAmounts: [1_000_000] });
  return vendor;
}

async function giftPaidWithCredit(vendorId: number) {
  const buyer = await createCustomer("Tunde");
  await addCredit(await getDb(), { userId: buyer.id, amountKobo: 1_000_000, reason: "test" });
  const { payToken } = await createGift(
    {
      vendorId,
      kind: "card",
      serviceId: null,
      amountKobo: 1_000_000,
      buyerUserId: buyer.id,
      buyerName: "Tunde",
      buyerEmail: buyer.email,
      recipientName: "Ada",
      recipientEmail: "ada@example.com",
      recipientPhone: null,
      message: null,
    },
    BOUGHT,
  );
  await payGiftWithCredit(buyer.id, payToken, BOUGHT);
  const gift = await (await getDb()).selectFrom("gifts").selectAll().where("pay_token", "=", payToken).executeTakeFirstOrThrow();
  return { buyer, gift, payToken };
}

async function giftPaidOnline(vendorId: number) {
  const { payToken } = await createGift(
    {
      vendorId,
      kind: "card",
      serviceId: null,
      amountKobo: 1_000_000,
      buyerUserId: null,
      buyerName: "Tunde",
      buyerEmail: "tunde@example.com",
      recipientName: "Ada",
      recipientEmail: null,
      recipientPhone: "+2348031234567",
      message: null,
    },
    BOUGHT,
  );
  const { reference } = await startGiftPayment({ token: payToken, source: "link", payerName: "Funke", payerEmail: "funke.money@example.com" }, BOUGHT);
  await settleGiftPayment({ reference, status: "success", amountKobo: 1_000_000, currency: "NGN" }, BOUGHT);
  return (await getDb()).selectFrom("gifts").selectAll().where("pay_token", "=", payToken).executeTakeFirstOrThrow();
}

const ledger = async (giftId: number) =>
  (await getDb()).selectFrom("ledger_entries").select(["kind", "account", "amount_kobo"]).where("gift_id", "=", giftId).orderBy("id").execute();
const moves = async (giftId: number) =>
  (await getDb()).selectFrom("gift_moves").select(["kind", "amount_kobo"]).where("gift_id", "=", giftId).orderBy("id").execute();
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

describe("refunding a gift", () => {
  test("unused, within 14 days, back the way it came: AutoCredit to AutoCredit; the vendor's pending money loses its share", async () => {
    const vendor = await shop();
    const { buyer, gift } = await giftPaidWithCredit(vendor.vendorId);
    const stranger = await createCustomer("Eve");
    expect((await refusal(refundGift({ buyerUserId: stranger.id }, gift.id, days(1)))).code).toBe("not-found");
    const other = await shop();
    expect((await refusal(refundGift({ vendorId: other.vendorId }, gift.id, days(1)))).code).toBe("not-found");
    expect((await refusal(refundGift({ buyerUserId: buyer.id }, gift.id, days(15)))).message).toBe(
      "A gift can be refunded within 14 days of its purchase; this one was bought on Nov 27, 2026.",
    );
    expect(await creditBalance(await getDb(), buyer.id)).toBe(0);

    expect(await refundGift({ buyerUserId: buyer.id }, gift.id, days(14))).toEqual({ amountKobo: 1_000_000, to: "AutoCredit" });
    expect(await creditBalance(await getDb(), buyer.id)).toBe(1_000_000);
    expect(await moves(gift.id)).toEqual([
      { kind: "sold", amount_kobo: 1_000_000 },
      { kind: "refunded", amount_kobo: -1_000_000 },
    ]);
    // Sold +10,000 and fee -1,000 on pending; the refund takes back the vendor's 9,000: nothing left pending.
    const entries = await ledger(gift.id);
    expect(entries.map((e) => [e.kind, e.account, e.amount_kobo])).toEqual([
      ["earning", "pending", 1_000_000],
      ["fee", "pending", -100_000],
      ["refund", "pending", -900_000],
    ]);
    expect((await refusal(refundGift({ vendorId: vendor.vendorId }, gift.id, days(2)))).code).toBe("conflict");
  });

  test("paid online by someone else: back through the provider, and the payer is told", async () => {
    const vendor = await shop();
    const gift = await giftPaidOnline(vendor.vendorId);
    expect(await refundGift({ vendorId: vendor.vendorId }, gift.id, days(3))).toEqual({ amountKobo: 1_000_000, to: "the card or account it was paid with" });
    const refunded = await (
      await getDb()
    )
      .selectFrom("gift_moves")
      .select("refund_reference")
      .where("gift_id", "=", gift.id)
      .where("kind", "=", "refunded")
      .execute();
    expect(refunded).toEqual([{ refund_reference: expect.stringMatching(/^test_refund_/) }]);
    expect((await mailsTo("funke.money@example.com")).at(-1)!.subject).toMatch(/^Refund: ₦10,000 for a gift at giftmoney\d+ Studio$/);
  });

  test("a refund and a second refund at the same moment: one wins", async () => {
    const vendor = await shop();
    const { buyer, gift } = await giftPaidWithCredit(vendor.vendorId);
    const results = await Promise.allSettled([
      refundGift({ buyerUserId: buyer.id }, gift.id, days(1)),
      refundGift({ vendorId: vendor.vendorId }, gift.id, days(1)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await creditBalance(await getDb(), buyer.id)).toBe(1_000_000);
  });
});

describe("a gift's expiry and its salon's closure", () => {
  test("at expiry what is left becomes the vendor's available money, once", async () => {
    const vendor = await shop();
    const { gift } = await giftPaidWithCredit(vendor.vendorId);
    expect(gift.expires_at).toBe("2027-02-27T22:59:59.999Z");
    // (Other gifts of this database, the seeded one included, may expire too: this one is counted by its moves.)
    await expireGifts(new Date("2027-02-27T22:59:59.000Z"));
    expect(await moves(gift.id)).toEqual([{ kind: "sold", amount_kobo: 1_000_000 }]);
    const after = new Date("2027-02-27T23:00:00.000Z");
    await Promise.all([expireGifts(after), expireGifts(after)]);
    expect(await expireGifts(after)).toBe(0);
    expect(await moves(gift.id)).toEqual([
      { kind: "sold", amount_kobo: 1_000_000 },
      { kind: "expired", amount_kobo: -1_000_000 },
    ]);
    expect((await ledger(gift.id)).slice(2).map((e) => [e.kind, e.account, e.amount_kobo])).toEqual([
      ["release", "pending", -900_000],
      ["release", "available", 900_000],
    ]);
    // An expired gift is no longer refundable, even by a closing salon.
    expect(await refundGiftsOfClosedVendors(after, vendor.vendorId)).toBe(0);
  });

  test("a salon that closes refunds every unexpired gift to whoever paid, even after 14 days", async () => {
    const vendor = await shop();
    const { buyer, gift } = await giftPaidWithCredit(vendor.vendorId);
    const online = await giftPaidOnline(vendor.vendorId);
    await closeBusiness(vendor.vendorId, days(30));
    // The gifts sweep (or whoever closes the salon) refunds them.
    expect(await refundGiftsOfClosedVendors(days(30))).toBeGreaterThanOrEqual(2);
    expect(await creditBalance(await getDb(), buyer.id)).toBe(1_000_000);
    const rows = await (await getDb()).selectFrom("gifts").select(["id", "status"]).where("id", "in", [gift.id, online.id]).orderBy("id").execute();
    expect(rows.map((r) => r.status)).toEqual(["refunded", "refunded"]);
    expect((await mailsTo("funke.money@example.com")).at(-1)!.text).toContain("no longer sells on Glow");
    expect(await refundGiftsOfClosedVendors(days(31))).toBe(0);
  });
});
