import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { addCredit, creditBalance } from "~/models/money/auto-credit.server";
import { createCustomer, featuredService, mailsTo, vendorBySlug } from "../../../tests/booking";
import { createVendor } from "../../../tests/vendor";
import { createGift, giftOffer, type GiftOrder } from "./buy-gift.server";
import { getGiftSettings, saveGiftSettings, NO_GIFTS } from "./gift-settings.server";
import { payGiftWithCredit, settleGiftPayment, startGiftPayment } from "./pay-gift.server";
import { readVoucher } from "./voucher.server";

const NOW = new Date("2026-11-27T10:00:00.000Z");
const OFFER = { ...NO_GIFTS, cardsOn: true, cardAmounts: [1_000_000, 2_000_000], freeMinKobo: 500_000, freeMaxKobo: 5_000_000, vouchersOn: true };

async function sellingVendor() {
  const vendor = await vendorBySlug();
  await saveGiftSettings(vendor.id, OFFER);
  return vendor;
}

function order(vendorId: number, more: Partial<GiftOrder> = {}): GiftOrder {
  return {
    vendorId,
    kind: "card",
    serviceId: null,
    amountKobo: 1_000_000,
    buyerUserId: null,
    buyerName: "Tunde",
    buyerEmail: "tunde@buyers.test",
    recipientName: "Ada",
    recipientEmail: "ada@recipients.test",
    recipientPhone: null,
    message: "Happy birthday!",
    ...more,
  };
}

const giftCount = async () =>
  Number(
    (
      await (
        await getDb()
      )
        .selectFrom("gifts")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};
const codeIn = (text: string) => /Your code: ([A-Z2-9-]{19})/.exec(text)?.[1];

describe("a vendor's gift settings", () => {
  test("refused when they break a rule, saved otherwise", async () => {
    const vendor = await vendorBySlug();
    expect((await refusal(saveGiftSettings(vendor.id, { ...OFFER, validityMonths: 0 }))).message).toBe("Gifts are valid from 1 to 24 months.");
    expect((await refusal(saveGiftSettings(vendor.id, { ...OFFER, cardAmounts: [50] }))).message).toMatch(/between ₦1,000 and ₦500,000/);
    expect((await refusal(saveGiftSettings(vendor.id, { ...OFFER, freeMinKobo: 900_000, freeMaxKobo: 800_000 }))).message).toMatch(/smallest free amount/);
    expect((await refusal(saveGiftSettings(vendor.id, { ...NO_GIFTS, cardsOn: true }))).message).toMatch(/at least one amount/);
    await saveGiftSettings(vendor.id, { ...OFFER, validityMonths: 6 });
    expect(await getGiftSettings(vendor.id)).toEqual({ ...OFFER, validityMonths: 6 });
  });
});

describe("buying a gift", () => {
  test("the amount must be one offered or within the free range; a voucher costs its service's price now", async () => {
    const vendor = await sellingVendor();
    const before = await giftCount();
    expect((await refusal(createGift(order(vendor.id, { amountKobo: 400_000 }), NOW))).message).toBe(
      "Choose one of the amounts offered, or an amount from ₦5,000 to ₦50,000.",
    );
    expect((await refusal(createGift(order(vendor.id, { recipientEmail: null }), NOW))).message).toBe("Give the recipient's e-mail or WhatsApp number.");
    const other = await createVendor("giftless");
    expect((await refusal(createGift(order(other.vendorId), NOW))).code).toBe("not-found");
    // Another vendor's service is "not found" at this vendor.
    const service = await featuredService();
    expect((await refusal(createGift(order(other.vendorId, { kind: "voucher", serviceId: service.id }), NOW))).code).toBe("not-found");
    expect(await giftCount()).toBe(before);

    const { payToken } = await createGift(order(vendor.id, { kind: "voucher", serviceId: service.id, amountKobo: 1 }), NOW);
    const gift = await (await getDb()).selectFrom("gifts").selectAll().where("pay_token", "=", payToken).executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ kind: "voucher", amount_kobo: service.price_kobo, status: "unpaid", code_hash: null });
    expect((await giftOffer(vendor.id, service.id, NOW)).service?.priceKobo).toBe(service.price_kobo);
  });

  test("paid with AutoCredit: the code is e-mailed, stored only hashed, and reads back in any case", async () => {
    const vendor = await sellingVendor();
    const buyer = await createCustomer("Tunde");
    const { payToken } = await createGift(order(vendor.id, { buyerUserId: buyer.id, buyerEmail: buyer.email, amountKobo: 2_000_000 }), NOW);
    expect((await refusal(payGiftWithCredit(buyer.id, payToken, NOW))).message).toBe("Your AutoCredit balance (₦0) is less than the gift (₦20,000).");
    await addCredit(await getDb(), { userId: buyer.id, amountKobo: 2_500_000, reason: "test" });
    const stranger = await createCustomer("Eve");
    expect((await refusal(payGiftWithCredit(stranger.id, payToken, NOW))).code).toBe("not-found");

    await payGiftWithCredit(buyer.id, payToken, NOW);
    expect(await creditBalance(await getDb(), buyer.id)).toBe(500_000);
    expect((await refusal(payGiftWithCredit(buyer.id, payToken, NOW))).code).toBe("conflict");

    const [toRecipient] = await mailsTo("ada@recipients.test").then((m) => m.filter((x) => x.subject.startsWith("Tunde gave you a ₦20,000")));
    const code = codeIn(toRecipient!.text)!;
    expect(toRecipient!.text).toContain("Valid until: Feb 27, 2027 (until the end of that day, Lagos time)");
    // How to spend the code: at Book Now, at the salon that sold it.
    expect(toRecipient!.text).toMatch(
      /\nTo spend it, book at .+ on Glow and enter the code under "Gift card or voucher code" before Book Now: it pays what it covers, and what it does not spend stays on it until it expires\.\n/,
    );
    expect(toRecipient!.text).not.toMatch(/when you pay|pay the rest|at the salon/);
    const [toBuyer] = await mailsTo(buyer.email).then((m) => m.filter((x) => x.subject === "Your gift for Ada is paid"));
    expect(toBuyer!.text).toContain("Share on WhatsApp: https://wa.me/?text=");
    const gift = await (await getDb()).selectFrom("gifts").selectAll().where("pay_token", "=", payToken).executeTakeFirstOrThrow();
    expect(gift.code_hash).not.toContain(code.replace(/-/g, ""));
    expect(JSON.stringify(gift)).not.toContain(code.replace(/-/g, "").slice(0, 12));

    const voucher = await readVoucher(code.toLowerCase(), "203.0.113.1", NOW);
    expect(voucher).toMatchObject({
      balanceKobo: 2_000_000,
      amountKobo: 2_000_000,
      expiresAt: "2027-02-27T22:59:59.999Z",
      expired: false,
      recipientName: "Ada",
    });
    expect(voucher.history.map((h) => [h.label, h.amountKobo])).toEqual([["Bought", 2_000_000]]);

    // The vendor's pending money: the sale and the platform's fee on what was paid.
    const ledger = await (
      await getDb()
    )
      .selectFrom("ledger_entries")
      .select(["kind", "amount_kobo", "account", "title"])
      .where("gift_id", "=", gift.id)
      .orderBy("id")
      .execute();
    expect(ledger).toEqual([
      { kind: "earning", amount_kobo: 2_000_000, account: "pending", title: "Gift card sold: ₦20,000 for Ada" },
      { kind: "fee", amount_kobo: -200_000, account: "pending", title: "Platform fee: Gift card sold: ₦20,000" },
    ]);
  });

  test("paid through the link by someone else, once: a second payer's money goes back", async () => {
    const vendor = await sellingVendor();
    const { payToken } = await createGift(order(vendor.id, { amountKobo: 1_500_000, recipientEmail: null, recipientPhone: "+2348031234567" }), NOW);
    const first = await startGiftPayment({ token: payToken, source: "link", payerName: "Auntie Funke", payerEmail: "funke@payers.test" }, NOW);
    const second = await startGiftPayment({ token: payToken, source: "link", payerName: "Uncle Sola", payerEmail: "sola@payers.test" }, NOW);
    expect(first.redirectUrl).toBe(`/checkout/${first.reference}`);
    const verdict = (reference: string) => ({ reference, status: "success" as const, amountKobo: 1_500_000, currency: "NGN" });
    expect(await settleGiftPayment({ ...verdict(first.reference), amountKobo: 1_000 }, NOW)).toBe("mismatch");
    const third = await startGiftPayment({ token: payToken, source: "link", payerName: "Auntie Funke", payerEmail: "funke@payers.test" }, NOW);
    expect(await settleGiftPayment(verdict(third.reference), NOW)).toBe("paid");
    expect(await settleGiftPayment(verdict(third.reference), NOW)).toBe("unchanged");
    expect(await settleGiftPayment(verdict(second.reference), NOW)).toBe("refunded");
    expect(await settleGiftPayment(verdict("glw-000000000000000000000000"), NOW)).toBeNull();
    expect((await refusal(startGiftPayment({ token: payToken, source: "link", payerName: "X", payerEmail: "x@payers.test" }, NOW))).code).toBe("conflict");

    const receipt = (await mailsTo("funke@payers.test")).at(-1)!;
    expect(receipt.subject).toBe("Receipt: ₦15,000 for a gift at Ronke's Beauty Lounge");
    const toBuyer = (await mailsTo("tunde@buyers.test")).at(-1)!;
    expect(toBuyer.text).toContain("Auntie Funke paid for a ₦15,000 gift card");
    expect(toBuyer.text).toContain("Share on WhatsApp: https://wa.me/2348031234567?text=");
  });

  test("checking codes is rate limited per address", async () => {
    let last: DomainError | null = null;
    for (let i = 0; i < 21; i++) last = (await readVoucher("ABCD-EFGH-JKMN-PQRS", "198.51.100.7", NOW).catch((e: DomainError) => e)) as DomainError;
    expect(last!.code).toBe("too-many");
    expect((await refusal(readVoucher("ABCD-EFGH-JKMN-PQRS", "198.51.100.8", NOW))).message).toBe(
      "We couldn't find a gift with that code. Check it and try again.",
    );
  });
});
