import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, newKey, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, post, run } from "../../../tests/booking-routes";
import { giftMoves, plantGift } from "../../../tests/gifts";
import { createVendor } from "../../../tests/vendor";
import { action as vendorGiftsAction } from "../vendor.gifts/route";
import { action } from "./route";

// A gift code at Book Now, through the booking form's action (docs/domain.md, "Gifts and offers"): "Apply" shows
// what the gifts cover and reserves nothing; Book Now reserves under the salon's lock, whatever totals are forged;
// two bookings racing for one balance, and a refund racing a booking, on SQLite and PostgreSQL alike.

const TOTAL = 1_200_000; // ₦7,500 braids + ₦4,500 required extensions

async function customer() {
  const c = await createCustomer();
  return { ...c, cookie: await cookieFor(c.email) };
}

const send = (cookie: string, fields: Record<string, string | string[]>) => run(action, post("/booking", fields, cookie));

type Applied = { gifts: { label: string; balanceKobo: number; code: string }[] };

describe(`gift codes at Book Now (${getDialect()})`, () => {
  test("Apply shows what a gift covers and reserves nothing; Book Now reserves it and ignores forged totals", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const gift = await plantGift(vendor.id, { amountKobo: 500_000 });
    const { cookie, id } = await customer();
    const day = freshOpenDay(vendor.open_days);
    const base = { service: String(service.id), date: day, time: "10", key: newKey(), total: "1", total_kobo: "1", gift_kobo: "99999999" };

    const applied = await send(cookie, { ...base, time: "", intent: "gift", gift: gift.code.toLowerCase() });
    expect(applied.status).toBe(200);
    expect((applied.body as unknown as Applied).gifts).toEqual([
      expect.objectContaining({ label: `₦5,000 gift card ····${gift.code.slice(-4)}`, balanceKobo: 500_000, code: gift.code }),
    ]);
    expect(firstError(applied.body)).toBeUndefined();
    expect((await giftMoves(gift.id)).kinds).toEqual(["sold"]);

    const booked = await send(cookie, { ...base, gift: gift.code });
    expect(booked.status).toBe(303);
    const ref = new URL(booked.response!.headers.get("Location")!, "http://x").searchParams.get("order")!;
    expect(await appointmentByRef(ref)).toMatchObject({ customer_id: id, total_kobo: TOTAL - 500_000, gift_kobo: 500_000, status: "held" });
    expect((await giftMoves(gift.id)).balance).toBe(0);
  });

  test("a booking the gifts cover whole skips the payment step", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const gift = await plantGift(vendor.id, { amountKobo: 2_000_000 });
    const { cookie } = await customer();
    const booked = await send(cookie, { service: String(service.id), date: freshOpenDay(vendor.open_days), time: "10", key: newKey(), gift: gift.code });
    expect(booked.status).toBe(303);
    const location = booked.response!.headers.get("Location")!;
    expect(location).toMatch(/^\/user\/appointment\?ref=GLW-[A-Z0-9]{6}$/);
    expect(await appointmentByRef(location.split("=")[1]!)).toMatchObject({ payment_status: "paid", payment_method: "gift", total_kobo: 0 });
  });

  test("codes that do not apply: each its own message beside the field, a 4xx, nothing booked", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const other = await createVendor("giftroute");
    const elsewhere = await plantGift(other.vendorId, { amountKobo: 500_000 });
    const expired = await plantGift(vendor.id, {
      amountKobo: 500_000,
      paidAt: new Date(Date.now() - 100 * 86_400_000),
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const { cookie, id } = await customer();
    const day = freshOpenDay(vendor.open_days);
    const fields = { service: String(service.id), date: day, time: "10", key: newKey() };

    const wrongSalon = await send(cookie, { ...fields, intent: "gift", gift: elsewhere.code });
    expect(wrongSalon.status).toBe(400);
    expect((wrongSalon.body as { result: { error: Record<string, string[]> } }).result.error.gift).toEqual([
      "This gift is for giftroute Studio, so it can't be used at Ronke's Beauty Lounge.",
    ]);
    const late = await send(cookie, { ...fields, gift: expired.code });
    expect(late.status).toBe(400);
    expect(firstError(late.body)).toMatch(/^This gift expired on /);
    const unknown = await send(cookie, { ...fields, gift: "not-a-code" });
    expect(unknown.status).toBe(404);
    expect(firstError(unknown.body)).toBe("We couldn't find a gift with that code. Check it and try again.");
    const db = await getDb();
    expect(await db.selectFrom("appointments").select("id").where("customer_id", "=", id).execute()).toEqual([]);
  });

  test("two bookings spend one gift's balance at once: one gets it, the other is told it is used up, never below zero", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const gift = await plantGift(vendor.id, { amountKobo: 1_000_000 });
    const [a, b] = await Promise.all([customer(), customer()]);
    const day = freshOpenDay(vendor.open_days);
    const results = await Promise.all([
      send(a.cookie, { service: String(service.id), date: day, time: "10", key: newKey(), gift: gift.code }),
      send(b.cookie, { service: String(service.id), date: day, time: "13", key: newKey(), gift: gift.code }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([303, 400]);
    expect(firstError(results.find((r) => r.status === 400)!.body)).toBe("This gift has been used up: its balance is ₦0.");
    const after = await giftMoves(gift.id);
    expect(after.kinds).toEqual(["sold", "reserved"]);
    expect(after.balance).toBe(0);
  });

  test("a refund and a booking at the same moment: one wins, the other is refused", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const owner = await cookieFor(vendor.email);
    const day = freshOpenDay(vendor.open_days);
    for (const hour of [10, 13]) {
      const gift = await plantGift(vendor.id, { amountKobo: 500_000 });
      const c = await customer();
      const [booking, refund] = await Promise.all([
        send(c.cookie, { service: String(service.id), date: day, time: String(hour), key: newKey(), gift: gift.code }),
        run(vendorGiftsAction, post("/vendor/gifts", { intent: "refund", gift: String(gift.id) }, owner)),
      ]);
      const kinds = (await giftMoves(gift.id)).kinds;
      if (booking.status === 303) {
        expect(refund.status).toBe(409);
        expect((refund.body as { refused: string }).refused).toBe("This gift has been used, so it can't be refunded.");
        expect(kinds).toEqual(["sold", "reserved"]);
      } else {
        expect(refund.status).toBe(303);
        expect(booking.status).toBe(400);
        expect(firstError(booking.body)).toBe("This gift was refunded, so its code no longer works.");
        expect(kinds).toEqual(["sold", "refunded"]);
      }
    }
  });

  // Last in the file: it spends what is left of the address's checks (GIFT_CODE_CHECKS, 20 per 10 minutes).
  test("codes are checked at most 20 times in 10 minutes from one address: then 429, beside the field, nothing booked", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const { cookie, id } = await customer();
    const codes = ["ABCD-EFGH-JKMN-PQRS", "ABCD-EFGH-JKMN-PQRT", "ABCD-EFGH-JKMN-PQRU"];
    const fields = { service: String(service.id), date: freshOpenDay(vendor.open_days), time: "10", key: newKey(), gift: codes };
    let answer = await send(cookie, fields);
    for (let tries = 0; answer.status !== 429 && tries < 7; tries++) {
      expect(answer.status).toBe(404);
      answer = await send(cookie, fields);
    }
    expect(answer.status).toBe(429);
    expect(firstError(answer.body)).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect((answer.body as { result: { error: Record<string, string[]> } }).result.error.gift).toHaveLength(1);
    const db = await getDb();
    expect(await db.selectFrom("appointments").select("id").where("customer_id", "=", id).execute()).toEqual([]);
  });
});
