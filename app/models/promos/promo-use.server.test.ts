import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { createHold } from "~/models/booking/hold.server";
import { acceptRequest, cancelByCustomer, choosePayToVendor, completeAppointment, declineRequest } from "~/models/appointments/transitions.server";
import { releaseRunOutHolds } from "~/models/gifts/gift-money.server";
import { DomainError } from "~/models/refusal";
import { addDaysToDay, formatDay, lagosInstant, lagosToday } from "~/utils/time";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, ledgerOf, mailsTo, newKey, vendorBySlug } from "../../../tests/booking";
import { giftMoves, plantGift } from "../../../tests/gifts";
import { plantPromo, promoUses } from "../../../tests/promos";
import { createVendor } from "../../../tests/vendor";
import { createPromo, discountsGiven, setPromoStatus } from "./promo-codes.server";
import type { PromoInput } from "./promo-rules";

// Promo codes at booking (docs/domain.md, "Promo codes"; docs/decisions/036-promo-codes.md): what a code takes off,
// each reason it does not apply, its caps, its use taken under the salon's lock and given back at the moments a
// booking's gifts are.

const SERVICE = 750_000; // ₦7,500 braids
const TOTAL = 1_200_000; // + ₦4,500 required extensions
const afterStart = (day: string, hour: number) => new Date(Date.parse(lagosInstant(day, hour)) + 60_000);

async function setup() {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const customer = await createCustomer("Bisi");
  return { vendor, service, customer, day: freshOpenDay(vendor.open_days) };
}

const book = (customerId: number, serviceId: number, day: string, hour: number, promoCode: string | null, giftCodes: string[] = []) =>
  createHold({ customerId, serviceId, day, hour, materialIds: [], idempotencyKey: newKey(), promoCode, giftCodes });

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).field).toBe("promo");
  return (error as DomainError).message;
};

describe(`promo codes at booking (${getDialect()})`, () => {
  test("a percent code comes off the service, not the materials; the order's total is what is left to pay; one use is taken", async () => {
    const { vendor, service, customer, day } = await setup();
    const promo = await plantPromo(vendor.id, { percentOff: 10 });
    const { ref } = await book(customer.id, service.id, day, 10, promo.code.toLowerCase());
    expect(await appointmentByRef(ref)).toMatchObject({
      status: "held",
      total_kobo: TOTAL - SERVICE / 10,
      promo_kobo: SERVICE / 10,
      promo_code: promo.code,
      gift_kobo: 0,
    });
    expect(await promoUses(promo.id)).toEqual({ taken: 1, uses: ["taken"] });
  });

  test("a naira code is never more than the service; with a gift, the code comes first and the gift covers the rest", async () => {
    const { vendor, service, customer, day } = await setup();
    const big = await plantPromo(vendor.id, { amountOffKobo: 1_000_000 });
    const { ref } = await book(customer.id, service.id, day, 10, big.code);
    expect(await appointmentByRef(ref)).toMatchObject({ total_kobo: TOTAL - SERVICE, promo_kobo: SERVICE });

    const other = await createCustomer();
    const promo = await plantPromo(vendor.id, { amountOffKobo: 200_000 });
    const gift = await plantGift(vendor.id, { amountKobo: 2_000_000 });
    const both = await book(other.id, service.id, day, 13, promo.code, [gift.code]);
    expect(both.paid).toBe(true);
    expect(await appointmentByRef(both.ref)).toMatchObject({ total_kobo: 0, promo_kobo: 200_000, gift_kobo: TOTAL - 200_000, payment_method: "gift" });
    expect((await giftMoves(gift.id)).balance).toBe(2_000_000 - (TOTAL - 200_000));
  });

  test("each code that does not apply is refused with its own sentence, and nothing is booked or taken", async () => {
    const { vendor, service, customer, day } = await setup();
    const today = lagosToday();
    const db = await getDb();
    const otherService = await db
      .selectFrom("services")
      .select("id")
      .where("vendor_id", "=", vendor.id)
      .where("status", "=", "active")
      .where("id", "!=", service.id)
      .executeTakeFirstOrThrow();
    const elsewhere = await createVendor("promoelse");
    const theirs = await plantPromo(elsewhere.vendorId);
    const later = await plantPromo(vendor.id, { startsOn: addDaysToDay(today, 3) });
    const over = await plantPromo(vendor.id, { startsOn: addDaysToDay(today, -10), endsOn: addDaysToDay(today, -1) });
    const paused = await plantPromo(vendor.id, { status: "paused" });
    const ended = await plantPromo(vendor.id, { status: "ended" });
    const notFor = await plantPromo(vendor.id, { serviceIds: [otherService.id] });
    const minimum = await plantPromo(vendor.id, { minSpendKobo: 1_500_000 });
    const cases: [string, string][] = [
      ["NOSUCHCODE", "We couldn't find the promo code NOSUCHCODE at Ronke's Beauty Lounge. Check it and try again."],
      ["no such!", "We couldn't find the promo code NO SUCH! at Ronke's Beauty Lounge. Check it and try again."],
      [theirs.code, `${theirs.code} is a code of promoelse Studio, so it can't be used at Ronke's Beauty Lounge.`],
      [later.code, `${later.code} starts on ${formatDay(addDaysToDay(today, 3))}: it can't be used before then.`],
      [over.code, `${over.code} expired on ${formatDay(addDaysToDay(today, -1))}.`],
      [paused.code, `${paused.code} is paused by Ronke's Beauty Lounge for now.`],
      [ended.code, `${ended.code} expired on ${formatDay(addDaysToDay(today, 30))}.`],
      [notFor.code, `${notFor.code} is not for Knotless Box Braids.`],
      [minimum.code, `${minimum.code} needs a booking of at least ₦15,000; this one is ₦12,000.`],
    ];
    for (const [code, message] of cases) expect(await refusal(book(customer.id, service.id, day, 10, code))).toBe(message);
    expect(await db.selectFrom("appointments").select("id").where("customer_id", "=", customer.id).execute()).toEqual([]);
    expect(await db.selectFrom("promo_uses").select("id").where("customer_id", "=", customer.id).execute()).toEqual([]);
  });

  test("caps: total uses, uses per customer; the last use is refused once taken", async () => {
    const { vendor, service, customer, day } = await setup();
    const other = freshOpenDay(vendor.open_days);
    const promo = await plantPromo(vendor.id, { maxUses: 2, perCustomer: 1 });
    await book(customer.id, service.id, day, 10, promo.code);
    expect(await refusal(book(customer.id, service.id, day, 13, promo.code))).toBe(`You have already used ${promo.code}: it is once per customer.`);
    const twice = await plantPromo(vendor.id, { maxUses: 5, perCustomer: 2 });
    await book(customer.id, service.id, day, 13, twice.code);
    await book(customer.id, service.id, other, 10, twice.code);
    expect(await refusal(book(customer.id, service.id, other, 13, twice.code))).toBe(
      `You have already used ${twice.code} 2 times, as many as it allows per customer.`,
    );
    const second = await createCustomer();
    await book(second.id, service.id, other, 13, promo.code);
    const third = await createCustomer();
    expect(await refusal(book(third.id, service.id, other, 16, promo.code))).toBe(`${promo.code} has been used up.`);
    expect(await promoUses(promo.id)).toEqual({ taken: 2, uses: ["taken", "taken"] });
  });

  test("new customers only: refused to a customer with a completed visit at the salon, not to a new one", async () => {
    const { vendor, service, customer, day } = await setup();
    const promo = await plantPromo(vendor.id, { newOnly: true, maxUses: 10, perCustomer: 5 });
    const { ref } = await book(customer.id, service.id, day, 10, promo.code);
    await choosePayToVendor(customer.id, ref, null);
    // The booking's e-mail says what the code took off.
    expect((await mailsTo(customer.email)).at(-1)!.text).toContain(`Payment: Pay to vendor at the appointment; ₦750 off with promo code ${promo.code}`);
    const order = await appointmentByRef(ref);
    await acceptRequest(vendor.id, order.id);
    await completeAppointment(vendor.id, order.id, afterStart(day, 10));
    expect(await refusal(book(customer.id, service.id, day, 13, promo.code))).toBe(`${promo.code} is for new customers of Ronke's Beauty Lounge only.`);
    // The completed visit keeps its use; its money is what was paid: the earning and the fee on it alone.
    expect(await promoUses(promo.id)).toEqual({ taken: 1, uses: ["taken"] });
    const entries = await ledgerOf(order.id);
    expect(entries).toContainEqual({ kind: "earning", amount_kobo: TOTAL - SERVICE / 10 });
    expect(entries).toContainEqual({ kind: "fee", amount_kobo: -(TOTAL - SERVICE / 10) / 10 });
    expect((await discountsGiven(vendor.id)).kobo).toBeGreaterThanOrEqual(SERVICE / 10);
  });

  test("a use goes back when the hold runs out, the salon declines, or the customer cancels in time; a late cancellation keeps it", async () => {
    const { vendor, service, customer, day } = await setup();
    const promo = await plantPromo(vendor.id, { maxUses: 10, perCustomer: 10 });
    const held = await book(customer.id, service.id, day, 10, promo.code);
    await releaseRunOutHolds(new Date(Date.now() + 31 * 60_000));
    expect((await appointmentByRef(held.ref)).status).toBe("expired");
    expect(await promoUses(promo.id)).toEqual({ taken: 0, uses: ["released"] });

    const declined = await book(customer.id, service.id, day, 10, promo.code);
    await choosePayToVendor(customer.id, declined.ref, null);
    await declineRequest(vendor.id, (await appointmentByRef(declined.ref)).id, "Fully booked");
    expect((await promoUses(promo.id)).taken).toBe(0);

    const cancelled = await book(customer.id, service.id, day, 10, promo.code);
    await choosePayToVendor(customer.id, cancelled.ref, null);
    await cancelByCustomer(customer.id, cancelled.ref, new Date());
    expect(await promoUses(promo.id)).toEqual({ taken: 0, uses: ["released", "released", "released"] });

    const db = await getDb();
    await db.updateTable("vendors").set({ cancellation_policy: "strict" }).where("id", "=", vendor.id).execute();
    try {
      const late = await book(customer.id, service.id, day, 13, promo.code);
      await choosePayToVendor(customer.id, late.ref, null);
      await cancelByCustomer(customer.id, late.ref, new Date(Date.parse(lagosInstant(day, 13)) - 3_600_000));
      expect(await promoUses(promo.id)).toEqual({ taken: 1, uses: ["released", "released", "released", "taken"] });
    } finally {
      await db.updateTable("vendors").set({ cancellation_policy: "flexible" }).where("id", "=", vendor.id).execute();
    }
  });
});

describe(`creating promo codes (${getDialect()})`, () => {
  const today = lagosToday();
  const good = (code: string): PromoInput => ({
    code,
    percentOff: 15,
    amountOffKobo: null,
    startsOn: today,
    endsOn: addDaysToDay(today, 10),
    maxUses: 50,
    maxUsesPerCustomer: 1,
    newCustomersOnly: false,
    minSpendKobo: 0,
    serviceIds: [],
  });

  test("each bad field is refused beside it and nothing is saved; a code is unique per vendor, in any case", async () => {
    const vendor = await createVendor("promomaker");
    const other = await createVendor("promoother");
    const { id: foreign } = await (
      await getDb()
    )
      .selectFrom("services")
      .select("id")
      .where("vendor_id", "=", (await vendorBySlug()).id)
      .executeTakeFirstOrThrow();
    const cases: [Partial<PromoInput>, string, string][] = [
      [{ code: "A!" }, "code", "A code is 3 to 20 letters and digits, e.g. GLOW10."],
      [{ percentOff: 0 }, "off", "A percent off is a whole number from 1 to 100."],
      [{ percentOff: 101 }, "off", "A percent off is a whole number from 1 to 100."],
      [{ percentOff: null, amountOffKobo: 5_000 }, "off", "An amount off is between ₦100 and ₦1,000,000, in whole naira."],
      [{ percentOff: null }, "off", "Choose a percent off or a naira amount off."],
      [{ endsOn: addDaysToDay(today, -1), startsOn: addDaysToDay(today, -5) }, "ends", "The last day has already passed."],
      [{ endsOn: today, startsOn: addDaysToDay(today, 2) }, "ends", "The last day is before the first day."],
      [{ maxUses: 0 }, "max_uses", "Total uses is a whole number from 1 to 100,000."],
      [{ maxUsesPerCustomer: 60 }, "per_customer", "Uses per customer is a whole number from 1 to the total uses."],
      [{ minSpendKobo: 50 }, "min_spend", "A minimum spend is up to ₦10,000,000, in whole naira."],
      [{ serviceIds: [foreign] }, "services", "Choose services from your list."],
    ];
    for (const [change, field, message] of cases) {
      const error = await createPromo(vendor.vendorId, { ...good("SAVE15"), ...change }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect([(error as DomainError).field, (error as DomainError).message]).toEqual([field, message]);
    }
    const db = await getDb();
    expect(await db.selectFrom("promo_codes").select("id").where("vendor_id", "=", vendor.vendorId).execute()).toEqual([]);
    const id = await createPromo(vendor.vendorId, good("save15"));
    const again = await createPromo(vendor.vendorId, good("SAVE15")).catch((e: unknown) => e);
    expect((again as DomainError).message).toBe("You already have a code SAVE15. Choose another.");
    // Another vendor may have the same code.
    await createPromo(other.vendorId, good("SAVE15"));
    expect(await setPromoStatus(vendor.vendorId, id, "paused")).toBe("SAVE15");
    expect((await setPromoStatus(other.vendorId, id, "ended").catch((e: unknown) => e)) as DomainError).toMatchObject({ code: "not-found" });
    await setPromoStatus(vendor.vendorId, id, "ended");
    expect(((await setPromoStatus(vendor.vendorId, id, "live").catch((e: unknown) => e)) as DomainError).message).toBe(
      "SAVE15 has ended, so it can't be changed. Create a new code instead.",
    );
  });
});
