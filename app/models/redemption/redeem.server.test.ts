import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { createHold } from "~/models/booking/hold.server";
import { acceptRequest, cancelByCustomer, choosePayToVendor, completeAppointment, declineRequest, markNoShow } from "~/models/appointments/transitions.server";
import { DomainError } from "~/models/refusal";
import { addDaysToDay, lagosInstant, lagosToday } from "~/utils/time";
import { vendorShareOfRefund } from "~/models/money/refunds.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, ledgerOf, mailsTo, newKey, vendorBySlug } from "../../../tests/booking";
import { createVendor } from "../../../tests/vendor";
import { giftMoves, giftPending, plantGift } from "../../../tests/gifts";
import { expireGifts, refundGift, refundGiftsOfClosedVendors, releaseRunOutHolds } from "~/models/gifts/gift-money.server";
import { readGiftCodes } from "./redeem.server";
import { cancellationPolicy } from "~/models/appointments/rules.server";
import { rowById } from "~/models/appointments/store.server";
import { readVoucher } from "~/models/gifts/voucher.server";

// Gifts redeemed at booking (docs/domain.md, "Gifts and offers"): what they cover, their reservation under the
// salon's lock, spending at completion, giving back or keeping on cancellation, and expiry beside reservations.

const TOTAL = 1_200_000; // ₦7,500 braids + ₦4,500 required extensions
const DAY_MS = 24 * 3_600_000;
const afterStart = (day: string, hour: number) => new Date(Date.parse(lagosInstant(day, hour)) + 60_000);

async function setup() {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const customer = await createCustomer("Amaka");
  return { vendor, service, customer, day: freshOpenDay(vendor.open_days) };
}

const book = (customerId: number, serviceId: number, day: string, hour: number, codes: string[], now?: Date) =>
  createHold({ customerId, serviceId, day, hour, materialIds: [], idempotencyKey: newKey(), giftCodes: codes }, now);

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).message;
};

describe(`gifts redeemed at booking (${getDialect()})`, () => {
  test("a gift card covers part of a booking: it is reserved, and the order's own total is what is left to pay", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 500_000 });
    const { ref, paid } = await book(customer.id, service.id, day, 10, [gift.code]);
    expect(paid).toBe(false);
    const order = await appointmentByRef(ref);
    expect(order).toMatchObject({ status: "held", total_kobo: TOTAL - 500_000, gift_kobo: 500_000, payment_status: "unpaid" });
    const after = await giftMoves(gift.id);
    expect(after.kinds).toEqual(["sold", "reserved"]);
    expect(after.moves[1]).toMatchObject({ amount_kobo: -500_000, appointment_id: order.id });
    expect(after.balance).toBe(0);
  });

  test("a gift covering all of it books at once with nothing to pay, and keeps the rest of its balance", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 2_000_000 });
    const { ref, paid } = await book(customer.id, service.id, day, 10, [gift.code.toLowerCase()]);
    expect(paid).toBe(true);
    expect(await appointmentByRef(ref)).toMatchObject({
      status: "requested",
      payment_status: "paid",
      payment_method: "gift",
      total_kobo: 0,
      gift_kobo: TOTAL,
      hold_expires_at: null,
    });
    expect((await giftMoves(gift.id)).balance).toBe(2_000_000 - TOTAL);
  });

  test("two gifts: the one expiring sooner is spent first", async () => {
    const { vendor, service, customer, day } = await setup();
    const later = await plantGift(vendor.id, { amountKobo: 1_000_000, expiresAt: new Date(Date.now() + 60 * DAY_MS) });
    const sooner = await plantGift(vendor.id, { amountKobo: 1_000_000, expiresAt: new Date(Date.now() + 30 * DAY_MS) });
    await book(customer.id, service.id, day, 10, [later.code, sooner.code]);
    expect((await giftMoves(sooner.id)).balance).toBe(0);
    expect((await giftMoves(later.id)).balance).toBe(1_000_000 - (TOTAL - 1_000_000));
  });

  test("a service voucher covers its service's line only; the materials are paid", async () => {
    const { vendor, service, customer, day } = await setup();
    const voucher = await plantGift(vendor.id, { amountKobo: 750_000, kind: "voucher", service: { id: service.id, title: "Knotless Box Braids" } });
    const { ref } = await book(customer.id, service.id, day, 10, [voucher.code]);
    expect(await appointmentByRef(ref)).toMatchObject({ total_kobo: 450_000, gift_kobo: 750_000 });
  });

  test("each code that does not apply is refused with its own sentence, and nothing is booked or reserved", async () => {
    const { vendor, service, customer, day } = await setup();
    const other = await createVendor("giftredeemother");
    const elsewhere = await plantGift(other.vendorId, { amountKobo: 500_000 });
    const expired = await plantGift(vendor.id, { amountKobo: 500_000, paidAt: new Date(Date.now() - 100 * DAY_MS), expiresAt: new Date(Date.now() - DAY_MS) });
    const otherService = await (
      await getDb()
    )
      .selectFrom("services")
      .select(["id", "title"])
      .where("vendor_id", "=", vendor.id)
      .where("id", "!=", service.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const voucher = await plantGift(vendor.id, { amountKobo: 500_000, kind: "voucher", service: otherService });
    const usedUp = await plantGift(vendor.id, { amountKobo: 2_000_000 });
    await book(customer.id, service.id, day, 10, [usedUp.code]);
    await book((await createCustomer()).id, service.id, day, 12, [usedUp.code]);
    expect((await giftMoves(usedUp.id)).balance).toBe(0);
    const refunded = await plantGift(vendor.id, { amountKobo: 500_000 });
    await refundGift({ vendorId: vendor.id }, refunded.id);

    const again = await createCustomer();
    const tryCode = (code: string) => refusal(book(again.id, service.id, day, 15, [code]));
    expect(await tryCode(elsewhere.code)).toBe(`This gift is for giftredeemother Studio, so it can't be used at ${await businessName(vendor.id)}.`);
    expect(await tryCode(expired.code)).toMatch(/^This gift expired on [A-Z][a-z]{2} \d{1,2}, \d{4}, so it can't be used\.$/);
    expect(await tryCode(voucher.code)).toBe(`This voucher is for ${otherService.title}, so it can't be used for Knotless Box Braids.`);
    expect(await tryCode(usedUp.code)).toBe("This gift has been used up: its balance is ₦0.");
    expect(await tryCode(refunded.code)).toBe("This gift was refunded, so its code no longer works.");
    expect(await tryCode("ABCD-EFGH-JKMN-PQRS")).toBe("We couldn't find a gift with that code. Check it and try again.");
    expect(() => readGiftCodes(["not a code"])).toThrow("We couldn't find a gift with that code.");
    const db = await getDb();
    expect(await db.selectFrom("appointments").select("id").where("customer_id", "=", again.id).execute()).toEqual([]);
    expect((await giftMoves(elsewhere.id)).kinds).toEqual(["sold"]);
  });

  test("completing the visit spends the reservation: 'Gift card redeemed' moves the vendor's share to the visit, released with it", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 500_000 });
    const { ref } = await book(customer.id, service.id, day, 10, [gift.code]);
    await choosePayToVendor(customer.id, ref, null);
    const order = await appointmentByRef(ref);
    await acceptRequest(vendor.id, order.id);
    const pendingBefore = await giftPending(gift.id);
    await completeAppointment(vendor.id, order.id, afterStart(day, 10));
    expect((await giftMoves(gift.id)).kinds).toEqual(["sold", "reserved", "spent"]);
    expect((await giftMoves(gift.id)).balance).toBe(0);
    const share = vendorShareOfRefund(500_000, 500_000);
    expect(await giftPending(gift.id)).toBe(pendingBefore - share);
    expect(await giftPending(gift.id)).toBe(0);
    // The visit's own money is what was left to pay (collected in person), its fee on that alone.
    const entries = await ledgerOf(order.id);
    expect(entries).toContainEqual({ kind: "release", amount_kobo: share });
    expect(entries).toContainEqual({ kind: "earning", amount_kobo: TOTAL - 500_000 });
    expect(entries).toContainEqual({ kind: "fee", amount_kobo: -(TOTAL - 500_000) / 10 });
  });

  test("a cancellation in time gives the gift back; one that expired meanwhile gets 14 more days", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 500_000, expiresAt: new Date(Date.now() + 2 * DAY_MS) });
    const { ref } = await book(customer.id, service.id, day, 10, [gift.code]);
    await choosePayToVendor(customer.id, ref, null);
    const cancelAt = new Date(Date.now() + 5 * DAY_MS);
    await cancelByCustomer(customer.id, ref, cancelAt);
    expect((await giftMoves(gift.id)).kinds).toEqual(["sold", "reserved", "released"]);
    expect((await giftMoves(gift.id)).balance).toBe(500_000);
    expect((await mailsTo(customer.email)).at(-1)!.text).toContain("₦5,000 went back onto your gift card.");
    const db = await getDb();
    const { expires_at } = await db.selectFrom("gifts").select("expires_at").where("id", "=", gift.id).executeTakeFirstOrThrow();
    expect(expires_at!.slice(0, 10) >= addDaysToDay(lagosToday(cancelAt), 13)).toBe(true);
    expect(Date.parse(expires_at!)).toBeGreaterThan(cancelAt.getTime() + 14 * DAY_MS - DAY_MS);
  });

  test("a salon that closes refunds what its gifts hold; what a booking gives back afterwards is refunded too", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 2_000_000 });
    const { ref } = await book(customer.id, service.id, day, 10, [gift.code]);
    const db = await getDb();
    await db.updateTable("vendors").set({ closed_at: new Date().toISOString() }).where("id", "=", vendor.id).execute();
    try {
      // (The salon's other gifts of earlier tests are refunded with it.)
      expect(await refundGiftsOfClosedVendors(new Date(), vendor.id)).toBeGreaterThanOrEqual(1);
      expect((await giftMoves(gift.id)).balance).toBe(0);
      // The visit booked with it stays booked after closing; cancelled in time, its part goes back to the gift.
      await cancelByCustomer(customer.id, ref, new Date());
      expect((await giftMoves(gift.id)).balance).toBe(TOTAL);
      expect(await refundGiftsOfClosedVendors(new Date(), vendor.id)).toBeGreaterThanOrEqual(1);
      const after = await giftMoves(gift.id);
      expect(after.kinds).toEqual(["sold", "reserved", "refunded", "released", "refunded"]);
      expect(after.moves.filter((m) => m.kind === "refunded").map((m) => m.amount_kobo)).toEqual([-(2_000_000 - TOTAL), -TOTAL]);
      expect(after.balance).toBe(0);
      // Both refunds went to the same online payment, and each keeps the provider's reference of its own.
      const references = await db
        .selectFrom("gift_moves")
        .select("refund_reference")
        .where("gift_id", "=", gift.id)
        .where("kind", "=", "refunded")
        .orderBy("id")
        .execute();
      expect(references.map((r) => r.refund_reference)).toEqual([expect.stringMatching(/^test_refund_/), expect.stringMatching(/^test_refund_/)]);
      expect(new Set(references.map((r) => r.refund_reference)).size).toBe(2);
      await refundGiftsOfClosedVendors(new Date(), vendor.id);
      expect((await giftMoves(gift.id)).kinds).toEqual(after.kinds);
    } finally {
      await db.updateTable("vendors").set({ closed_at: null }).where("id", "=", vendor.id).execute();
    }
  });

  test("declined by the salon: the gift comes back whole", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 2_000_000 });
    const { ref } = await book(customer.id, service.id, day, 10, [gift.code]);
    await declineRequest(vendor.id, (await appointmentByRef(ref)).id, "Fully booked");
    expect((await giftMoves(gift.id)).balance).toBe(2_000_000);
  });

  test("a late cancellation under a strict policy keeps what the gift covered; a no-show follows the policy too", async () => {
    const { vendor, service, customer, day } = await setup();
    const db = await getDb();
    await db.updateTable("vendors").set({ cancellation_policy: "strict" }).where("id", "=", vendor.id).execute();
    try {
      const gift = await plantGift(vendor.id, { amountKobo: 500_000 });
      const { ref } = await book(customer.id, service.id, day, 10, [gift.code]);
      await choosePayToVendor(customer.id, ref, null);
      await cancelByCustomer(customer.id, ref, new Date(Date.parse(lagosInstant(day, 10)) - 3_600_000));
      expect((await giftMoves(gift.id)).kinds).toEqual(["sold", "reserved", "spent"]);
      expect((await giftMoves(gift.id)).balance).toBe(0);
      expect(await giftPending(gift.id)).toBe(0);

      const second = await plantGift(vendor.id, { amountKobo: 500_000 });
      const other = await createCustomer();
      const { ref: ref2 } = await book(other.id, service.id, day, 13, [second.code]);
      await choosePayToVendor(other.id, ref2, null);
      await acceptRequest(vendor.id, (await appointmentByRef(ref2)).id);
      await markNoShow(vendor.id, (await appointmentByRef(ref2)).id, new Date(Date.parse(lagosInstant(day, 14))));
      expect((await giftMoves(second.id)).kinds).toEqual(["sold", "reserved", "spent"]);
    } finally {
      await db.updateTable("vendors").set({ cancellation_policy: "flexible" }).where("id", "=", vendor.id).execute();
    }
  });

  test("a hold that runs out gives its gift back (the hourly sweep), and the voucher page shows the history", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 500_000 });
    const { ref } = await book(customer.id, service.id, day, 10, [gift.code]);
    expect((await readVoucher(gift.code, "10.9.0.1")).history.map((h) => [h.label, h.ref])).toEqual([
      ["Bought", null],
      ["Reserved for a booking", ref],
    ]);
    await releaseRunOutHolds(new Date(Date.now() + 31 * 60_000));
    expect((await appointmentByRef(ref)).status).toBe("expired");
    const voucher = await readVoucher(gift.code, "10.9.0.1");
    expect(voucher.balanceKobo).toBe(500_000);
    expect(voucher.history.at(-1)).toMatchObject({ label: "Given back (booking cancelled)", amountKobo: 500_000, ref });
  });

  test("expiry leaves what a booking holds pending; the visit's completion later redeems it, and nothing is counted twice", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 1_000_000, expiresAt: new Date(Date.now() + DAY_MS) });
    const { ref } = await book(customer.id, service.id, day, 10, [gift.code]);
    // ₦10,000 covers all but ₦2,000 of ₦12,000: nothing is left on the gift, so expiry releases nothing.
    await choosePayToVendor(customer.id, ref, null);
    const order = await appointmentByRef(ref);
    await acceptRequest(vendor.id, order.id);
    const net = vendorShareOfRefund(1_000_000, 1_000_000);
    expect(await expireGifts(new Date(Date.now() + 2 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await giftPending(gift.id)).toBe(net);
    await completeAppointment(vendor.id, order.id, afterStart(day, 10));
    expect(await giftPending(gift.id)).toBe(0);
  });

  test("a gift partly reserved and then expired releases only what is unreserved", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 2_000_000, expiresAt: new Date(Date.now() + DAY_MS) });
    await book(customer.id, service.id, day, 10, [gift.code]);
    await expireGifts(new Date(Date.now() + 2 * DAY_MS));
    const share = vendorShareOfRefund(2_000_000, TOTAL);
    expect(await giftPending(gift.id)).toBe(share);
    expect((await giftMoves(gift.id)).balance).toBe(0);
  });

  test("the cancellation policy the customer reads says what happens to what the gift covers", async () => {
    const { vendor, service, customer, day } = await setup();
    const db = await getDb();
    const whole = await plantGift(vendor.id, { amountKobo: 2_000_000 });
    const { ref } = await book(customer.id, service.id, day, 10, [whole.code]);
    const row = await rowById(db, (await appointmentByRef(ref)).id);
    expect(cancellationPolicy(row)).toBe("Flexible: free cancellation until the visit. The ₦12,000 your gift card covers goes back onto it.");

    const part = await plantGift(vendor.id, { amountKobo: 500_000 });
    const { ref: ref2 } = await book((await createCustomer()).id, service.id, day, 13, [part.code]);
    const held = await rowById(db, (await appointmentByRef(ref2)).id);
    const strict = { ...held, cancellation_policy: "strict" as const };
    expect(cancellationPolicy(strict, new Date(Date.parse(lagosInstant(day, 13)) - 3_600_000))).toBe(
      "Strict: free cancellation until 24 h before; within 24 h of the visit, everything paid is kept. If you cancel now, " +
        `${held.business_name} keeps the ₦5,000 your gift card covers.`,
    );
  });

  test("a gift with a booking on it cannot be refunded", async () => {
    const { vendor, service, customer, day } = await setup();
    const gift = await plantGift(vendor.id, { amountKobo: 500_000 });
    await book(customer.id, service.id, day, 10, [gift.code]);
    expect(await refusal(refundGift({ vendorId: vendor.id }, gift.id))).toBe("This gift has been used, so it can't be refunded.");
  });
});

async function businessName(vendorId: number) {
  const db = await getDb();
  return (await db.selectFrom("vendors").select("business_name").where("id", "=", vendorId).executeTakeFirstOrThrow()).business_name;
}
