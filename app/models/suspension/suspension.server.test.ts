import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { choosePayToVendor } from "~/models/appointments/transitions.server";
import { bookingsPaused, createHold } from "~/models/booking/hold.server";
import { popularServices } from "~/models/catalogue/category-pages.server";
import { searchServices } from "~/models/catalogue/search.server";
import { giftOffer, giftsPaused } from "~/models/gifts/buy-gift.server";
import { DomainError } from "~/models/refusal";
import { PAYOUTS_HELD, startWithdrawal } from "~/models/money/withdrawals.server";
import { loader as detailLoader } from "~/routes/details.$id/route";
import { loader as vendorLoader } from "~/routes/profile.vendor.$id/route";
import { loader as sitemapFile } from "~/routes/sitemaps.$file";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, mailsTo, newKey, vendorBySlug } from "../../../tests/booking";
import { giftMoves, plantGift } from "../../../tests/gifts";
import { plantPromo, promoUses } from "../../../tests/promos";
import { outcome } from "../../../tests/loader";
import { getRequest } from "../../../tests/request";
import { createVendor } from "../../../tests/vendor";
import { closeBusiness } from "~/models/accounts/close-business.server";
import { liftSuspension, suspendVendor, suspensionOf } from "./suspension.server";

// A vendor suspended by Glow's admin and its suspension lifted (docs/decisions/037-vendor-suspension.md), on SQLite
// and PostgreSQL: hidden from the public (404, in no list, search or sitemap), no booking or gift sale, payouts held,
// visits to come cancelled and refunded with the customers told, gift balances refunded to their payers; lifting lists
// it again and takes bookings, while what was refunded stays refunded. This file's database is its own: the demo
// salon it suspends is suspended for no other file.

const REASON = "Customers reported repeated no-shows; we are looking into it.";

const detail = (id: number) => outcome(() => detailLoader({ request: getRequest(`/details/${id}`), params: { id: String(id) }, context: {} }));
const profile = (id: number) => outcome(() => vendorLoader({ request: getRequest(`/profile/vendor/${id}`), params: { id: String(id) }, context: {} }));
const sitemap = async (kind: "services" | "vendors") => {
  const response = (await sitemapFile({ request: getRequest(`/sitemaps/${kind}-1.xml`), params: { file: `${kind}-1.xml` }, context: {} })) as Response;
  return response.text();
};
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};
const book = (customerId: number, serviceId: number, day: string, hour: number, codes: string[] = [], promoCode: string | null = null) =>
  createHold({ customerId, serviceId, day, hour, materialIds: [], idempotencyKey: newKey(), giftCodes: codes, promoCode });

describe(`suspending a vendor (${getDialect()})`, () => {
  test("a reason too short, a vendor that is not there, a closed one, a second suspension, lifting one not suspended: refused, nothing changed", async () => {
    const vendor = await createVendor("suspendrefusals");
    expect((await refusal(suspendVendor(vendor.vendorId, "  bad  "))).message).toBe("Give the reason the vendor will read, at least 10 characters.");
    expect((await refusal(suspendVendor(vendor.vendorId, "x".repeat(501)))).message).toBe("Keep the reason under 500 characters.");
    expect(await suspensionOf(vendor.vendorId)).toBeNull();
    expect((await refusal(suspendVendor(999_999_999, REASON))).code).toBe("not-found");
    expect((await refusal(liftSuspension(vendor.vendorId))).message).toBe("suspendrefusals Studio is not suspended.");
    await suspendVendor(vendor.vendorId, `  ${REASON}  `);
    expect(await suspensionOf(vendor.vendorId)).toEqual({ suspendedAt: expect.any(String), reason: REASON });
    expect((await refusal(suspendVendor(vendor.vendorId, "Another reason, given twice."))).message).toBe("suspendrefusals Studio is already suspended.");
    expect((await suspensionOf(vendor.vendorId))!.reason).toBe(REASON);
    await liftSuspension(vendor.vendorId);
    const closed = await createVendor("suspendclosed");
    await closeBusiness(closed.vendorId);
    expect((await refusal(suspendVendor(closed.vendorId, REASON))).code).toBe("conflict");
    expect(await suspensionOf(closed.vendorId)).toBeNull();
  });

  test("suspended: hidden and closed to bookings, gifts and payouts; its visits cancelled and refunded and its gifts refunded; lifted: listed again", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const customer = await createCustomer("Amaka");
    const day = freshOpenDay(vendor.open_days);
    // A request to pay at the salon, a booking a gift card covers whole, and a gift card nobody used.
    const atSalon = await book(customer.id, service.id, day, 10);
    await choosePayToVendor(customer.id, atSalon.ref, null);
    const covering = await plantGift(vendor.id, { amountKobo: 2_000_000 });
    const byGift = await book(customer.id, service.id, day, 13, [covering.code]);
    expect(byGift.paid).toBe(true);
    const unused = await plantGift(vendor.id, { amountKobo: 500_000 });
    // And a held booking with a promo code's use, which the cancellation gives back.
    const promo = await plantPromo(vendor.id, { percentOff: 10 });
    const withPromo = await book(customer.id, service.id, day, 16, [], promo.code);
    expect(await promoUses(promo.id)).toMatchObject({ taken: 1 });
    const db = await getDb();

    const outcome = await suspendVendor(vendor.id, REASON);
    expect(outcome.businessName).toBe("Ronke's Beauty Lounge");
    expect(outcome.cancelled).toBeGreaterThanOrEqual(2);
    expect(outcome.left).toBe(0);
    expect(outcome.giftsRefunded).toBeGreaterThanOrEqual(2);
    expect(await suspensionOf(vendor.id)).toMatchObject({ reason: REASON });

    // Its visits to come are cancelled, refunded and told; what the gift covered went back to it and then to its payer.
    for (const ref of [atSalon.ref, byGift.ref, withPromo.ref]) expect(await appointmentByRef(ref)).toMatchObject({ status: "cancelled" });
    expect(await promoUses(promo.id)).toEqual({ taken: 0, uses: ["released"] });
    const told = (await mailsTo(customer.email)).filter((m) => m.text.includes("can't take visits on Glow for now"));
    expect(told).toHaveLength(3);
    expect(
      await db
        .selectFrom("appointments")
        .select("id")
        .where("vendor_id", "=", vendor.id)
        .where("status", "in", ["held", "requested", "confirmed"])
        .where("starts_at", ">", new Date().toISOString())
        .execute(),
    ).toEqual([]);
    expect((await giftMoves(covering.id)).kinds).toEqual(["sold", "reserved", "released", "refunded"]);
    expect((await giftMoves(covering.id)).balance).toBe(0);
    expect((await giftMoves(unused.id)).kinds).toEqual(["sold", "refunded"]);
    expect((await mailsTo("tunde.gifts@example.com")).at(-1)!.text).toContain("Ronke's Beauty Lounge is suspended on Glow");

    // Hidden from the public: 404 (not 410: it may come back), in no list, search or sitemap.
    expect((await detail(service.id)).status).toBe(404);
    expect((await profile(vendor.id)).status).toBe(404);
    expect(await sitemap("services")).not.toContain(`/details/${service.id}<`);
    expect(await sitemap("vendors")).not.toContain(`/profile/vendor/${vendor.id}<`);
    expect((await popularServices(500)).filter((c) => c.vendorName === "Ronke's Beauty Lounge")).toEqual([]);
    expect((await searchServices({ term: "braids", page: 1, viewerId: null })).cards.filter((c) => c.vendorName === "Ronke's Beauty Lounge")).toEqual([]);

    // No booking, no gift sale, no withdrawal; and nothing was written by the refusals.
    const other = await createCustomer("Bisi");
    expect((await refusal(book(other.id, service.id, day, 15))).message).toBe(bookingsPaused("Ronke's Beauty Lounge"));
    expect((await refusal(giftOffer(vendor.id, null))).message).toBe(giftsPaused("Ronke's Beauty Lounge"));
    const account = await db
      .selectFrom("bank_accounts")
      .select("id")
      .where("vendor_id", "=", vendor.id)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();
    const withdrawalsBefore = await db.selectFrom("withdrawals").select("id").where("vendor_id", "=", vendor.id).execute();
    expect((await refusal(startWithdrawal(vendor.id, { amountKobo: 100_000, bankAccountId: account.id }))).message).toBe(PAYOUTS_HELD);
    expect(await db.selectFrom("withdrawals").select("id").where("vendor_id", "=", vendor.id).execute()).toEqual(withdrawalsBefore);
    expect(await db.selectFrom("appointments").select("id").where("customer_id", "=", other.id).execute()).toEqual([]);

    // Lifted: listed and bookable again; the refunded gifts stay refunded.
    await liftSuspension(vendor.id);
    expect(await suspensionOf(vendor.id)).toBeNull();
    expect((await detail(service.id)).status).toBe(200);
    expect((await profile(vendor.id)).status).toBe(200);
    expect(await sitemap("services")).toContain(`/details/${service.id}<`);
    expect((await popularServices(500)).filter((c) => c.vendorName === "Ronke's Beauty Lounge").length).toBeGreaterThan(0);
    expect(
      (await searchServices({ term: "braids", page: 1, viewerId: null })).cards.filter((c) => c.vendorName === "Ronke's Beauty Lounge").length,
    ).toBeGreaterThan(0);
    expect((await book(other.id, service.id, day, 15)).created).toBe(true);
    expect((await giftMoves(unused.id)).kinds).toEqual(["sold", "refunded"]);
    expect((await db.selectFrom("gifts").select("status").where("id", "=", unused.id).executeTakeFirstOrThrow()).status).toBe("refunded");
  });

  test("a booking and the suspension at the same moment: the booking is refused, or made and then cancelled; never left standing", async () => {
    const service = await featuredService();
    const salon = await vendorBySlug();
    const customer = await createCustomer("Race");
    const day = freshOpenDay(salon.open_days);
    const [booked, suspended] = await Promise.allSettled([book(customer.id, service.id, day, 11), suspendVendor(salon.id, REASON)]);
    expect(suspended.status).toBe("fulfilled");
    const db = await getDb();
    const standing = await db
      .selectFrom("appointments")
      .select("status")
      .where("customer_id", "=", customer.id)
      .where("status", "in", ["held", "requested", "confirmed"])
      .execute();
    expect(standing).toEqual([]);
    if (booked.status === "rejected") expect((booked.reason as DomainError).message).toBe(bookingsPaused("Ronke's Beauty Lounge"));
    else expect((await appointmentByRef(booked.value.ref)).status).toBe("cancelled");
    await liftSuspension(salon.id);
  });
});
