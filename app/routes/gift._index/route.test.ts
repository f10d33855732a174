import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { saveGiftSettings, NO_GIFTS } from "~/models/gifts/gift-settings.server";
import { featuredService, mailsTo, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { createVendor } from "../../../tests/vendor";
import { action as checkoutAction } from "../checkout.$reference";
import { loader as returnLoader } from "../payment.return";
import { action as payAction, loader as payLoader } from "../gift.pay.$token/route";
import { loader as voucherLoader } from "../gift.$code/route";
import { action, loader } from "./route";

const OFFER = { ...NO_GIFTS, cardsOn: true, cardAmounts: [1_000_000, 2_000_000], freeMinKobo: 500_000, freeMaxKobo: 5_000_000, vouchersOn: true };
const GOOD = {
  amount: "10000",
  recipient_name: "Ada",
  recipient_email: "ada.route@recipients.ng",
  message: "For you",
  buyer_name: "Tunde",
  buyer_email: "tunde.route@buyers.ng",
};

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

async function selling() {
  const vendor = await vendorBySlug();
  await saveGiftSettings(vendor.id, OFFER);
  return vendor;
}

describe("/gift: Give as a gift", () => {
  test("the page shows the offer; a vendor selling no gifts, an unknown one or a bad id is not found", async () => {
    const vendor = await selling();
    const page = await run<{ amounts: number[]; businessName: string; service: unknown }>(loader, get(`/gift?vendor=${vendor.id}`));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ amounts: [1_000_000, 2_000_000], businessName: "Ronke's Beauty Lounge", service: null });
    const other = await createVendor("nogifts");
    expect((await run(loader, get(`/gift?vendor=${other.vendorId}`))).status).toBe(404);
    for (const bad of ["", "abc", "99999999", "1e3", "-1"]) expect((await run(loader, get(`/gift?vendor=${bad}`))).status).toBe(404);
    // Another vendor's service is not found at this vendor.
    const service = await featuredService();
    expect((await run(loader, get(`/gift?vendor=${other.vendorId}&service=${service.id}`))).status).toBe(404);
  });

  test("every bad input is a 400 on the same page and creates nothing; a forged price is ignored", async () => {
    const vendor = await selling();
    const before = await giftCount();
    const cases: [Record<string, string>, string][] = [
      [{ ...GOOD, amount: "3000" }, "Choose one of the amounts offered, or an amount from ₦5,000 to ₦50,000."],
      [{ ...GOOD, amount: "other", other_amount: "60000" }, "Choose one of the amounts offered, or an amount from ₦5,000 to ₦50,000."],
      [{ ...GOOD, amount: "other", other_amount: "abc" }, "Enter an amount in naira, e.g. 15000"],
      [{ ...GOOD, amount: "other", other_amount: "12000.50" }, "A gift card is between ₦1,000 and ₦500,000, in whole naira."],
      [{ ...GOOD, amount: "" }, "Choose an amount."],
      [{ ...GOOD, recipient_email: "", recipient_phone: "" }, "Give the recipient's e-mail or WhatsApp number."],
      [{ ...GOOD, recipient_email: "not-an-email" }, "Invalid email address"],
      [{ ...GOOD, recipient_phone: "12" }, "Enter a Nigerian mobile number, e.g. 0803 123 4567, or an international one starting with +"],
      [{ ...GOOD, recipient_name: "" }, "Enter the recipient's name"],
      [{ ...GOOD, buyer_email: "" }, "Invalid email address"],
      [{ ...GOOD, message: "x".repeat(301) }, "At most 300 characters"],
    ];
    for (const [fields, message] of cases) {
      const answer = await run(action, post(`/gift?vendor=${vendor.id}`, fields));
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(firstError(answer.body)).toBe(message);
    }
    expect(await giftCount()).toBe(before);

    // A voucher costs its service's price, whatever the form says.
    const service = await featuredService();
    const made = await run(action, post(`/gift?vendor=${vendor.id}&service=${service.id}`, { ...GOOD, amount: "1", total: "1", price_kobo: "100" }));
    expect(made.status).toBe(303);
    const token = made.response!.headers.get("Location")!.replace("/gift/pay/", "");
    const gift = await (await getDb()).selectFrom("gifts").selectAll().where("pay_token", "=", token).executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ kind: "voucher", amount_kobo: service.price_kobo, service_id: service.id });
  });

  test("bought signed out, paid through the link by someone else, received by e-mail, shown on its voucher page", async () => {
    const vendor = await selling();
    const made = await run(action, post(`/gift?vendor=${vendor.id}`, { ...GOOD, amount: "other", other_amount: "15,000" }));
    expect(made.status).toBe(303);
    const token = made.response!.headers.get("Location")!.replace("/gift/pay/", "");
    const link = await run<{ amountKobo: number; paid: boolean; buyerName: string }>(payLoader, get(`/gift/pay/${token}`), { token });
    expect(link.body).toMatchObject({ amountKobo: 1_500_000, paid: false, buyerName: "Tunde" });
    expect(JSON.stringify(link.body)).not.toContain("tunde.route@buyers.ng");

    // Bad payer input: 400, nothing started. AutoCredit needs the buyer signed in.
    expect((await run(payAction, post(`/gift/pay/${token}`, { intent: "online", email: "nope" }), { token })).status).toBe(400);
    expect((await run(payAction, post(`/gift/pay/${token}`, { intent: "steal" }), { token })).status).toBe(400);
    expect((await run(payAction, post(`/gift/pay/${token}`, { intent: "credit" }), { token })).status).toBe(403);
    const stranger = await cookieFor("customer@example.com");
    expect((await run(payAction, post(`/gift/pay/${token}`, { intent: "credit" }, stranger), { token })).status).toBe(404);
    expect((await run(payLoader, get("/gift/pay/not-a-token"), { token: "not-a-token" })).status).toBe(404);
    expect(await (await getDb()).selectFrom("gift_payments").select("id").where("payer_email", "=", "funke.route@payers.ng").execute()).toEqual([]);

    const started = await run(payAction, post(`/gift/pay/${token}`, { intent: "online", name: "Funke", email: "funke.route@payers.ng", amount: "1" }), {
      token,
    });
    expect(started.status).toBe(303);
    const reference = started.response!.headers.get("Location")!.replace("/checkout/", "");
    expect((await run(checkoutAction, post(`/checkout/${reference}`, { intent: "succeed" }), { reference })).status).toBe(303);
    const back = await run(returnLoader, get(`/payment/return?reference=${reference}`));
    expect(back.response!.headers.get("Location")).toBe(`/gift/pay/${token}`);
    const paid = await run<{ paid: boolean; paidByName: string }>(payLoader, get(`/gift/pay/${token}`), { token });
    expect(paid.body).toMatchObject({ paid: true, paidByName: "Funke" });
    // The link takes no more money.
    expect((await run(payAction, post(`/gift/pay/${token}`, { intent: "online", email: "late@payers.ng" }), { token })).status).toBe(409);

    const mail = (await mailsTo("ada.route@recipients.ng")).at(-1)!;
    expect(mail.subject).toBe("Tunde gave you a ₦15,000 gift card at Ronke's Beauty Lounge");
    const code = /Your code: ([A-Z2-9-]{19})/.exec(mail.text)![1]!;
    const voucher = await run<{ balanceKobo: number; code: string; history: { label: string }[] }>(voucherLoader, get(`/gift/${code.toLowerCase()}`), {
      code: code.toLowerCase(),
    });
    expect(voucher.status).toBe(200);
    expect(voucher.body).toMatchObject({ balanceKobo: 1_500_000, code, history: [{ label: "Bought" }] });
    expect((await run(voucherLoader, get("/gift/AAAA-BBBB-CCCC-DDDD"), { code: "AAAA-BBBB-CCCC-DDDD" })).status).toBe(404);
    expect((await run(voucherLoader, get("/gift/x"), { code: "<script>" })).status).toBe(404);
  });

  test("the README's demo gift card opens with its code", async () => {
    const code = "DEMA-GFTC-ARDS-2345";
    const page = await run<{ balanceKobo: number; recipientName: string; businessName: string }>(voucherLoader, get(`/gift/${code}`), { code });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ balanceKobo: 2_000_000, recipientName: "Tolu", businessName: "Ronke's Beauty Lounge" });
  });
});
