import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { addCredit, creditBalance } from "~/models/money/auto-credit.server";
import { payWithCredit } from "~/models/booking/payments.server";
import { cancellationPolicy } from "./rules.server";
import { rowById } from "./store.server";
import { cancelByCustomer } from "./transitions.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, serviceOfGroup } from "../../../tests/booking";

// Whether a customer's cancellation is refunded is data: the flag of the service's category (categories.refundable,
// migration 0017), seeded from the catalogue, not the name of its group. Runs on SQLite and on PostgreSQL.

/** Sets the refundable flag of the service's category while `fn` runs, then puts the old one back. */
async function withCategoryRefundable<T>(serviceId: number, refundable: 0 | 1, fn: () => Promise<T>): Promise<T> {
  const db = await getDb();
  const { category_id: categoryId } = await db.selectFrom("services").select("category_id").where("id", "=", serviceId).executeTakeFirstOrThrow();
  const before = await db.selectFrom("categories").select("refundable").where("id", "=", categoryId).executeTakeFirstOrThrow();
  await db.updateTable("categories").set({ refundable }).where("id", "=", categoryId).execute();
  try {
    return await fn();
  } finally {
    await db.updateTable("categories").set({ refundable: before.refundable }).where("id", "=", categoryId).execute();
  }
}

/**
 * A booking of the service paid with AutoCredit and cancelled by its customer weeks before the visit (the vendors
 * here keep the Flexible policy: nothing is kept that early, unless the service is non-refundable). Returns what the
 * page said before the cancellation and what came back.
 */
async function cancelPaidBooking(service: { id: number; vendor_id: number }) {
  const db = await getDb();
  const vendor = await db.selectFrom("vendors").select(["open_days", "cancellation_policy"]).where("id", "=", service.vendor_id).executeTakeFirstOrThrow();
  expect(vendor.cancellation_policy).toBe("flexible");
  const customer = await createCustomer();
  await addCredit(db, { userId: customer.id, amountKobo: 10_000_000, reason: "test top-up" });
  const { ref } = await hold(customer.id, service.id, freshOpenDay(vendor.open_days), 11);
  await payWithCredit(customer.id, ref, null);
  const paid = await appointmentByRef(ref);
  const policy = cancellationPolicy(await rowById(db, paid.id));
  const balance = await creditBalance(db, customer.id);
  await cancelByCustomer(customer.id, ref);
  return { policy, totalKobo: paid.total_kobo, refundedKobo: (await creditBalance(db, customer.id)) - balance, after: await appointmentByRef(ref) };
}

describe("refundable categories", () => {
  test("the seed marks the spa category non-refundable and every other one refundable", async () => {
    const db = await getDb();
    const rows = await db.selectFrom("categories").select(["slug", "refundable"]).orderBy("sort").execute();
    expect(rows).toEqual(
      ["men", "women", "spa", "manicure", "pedicure", "tatoo", "piercing", "facials"].map((slug) => ({ slug, refundable: slug === "spa" ? 0 : 1 })),
    );
  });

  test("a Spa booking cancelled by its customer returns nothing, as the page says first", async () => {
    const spa = await serviceOfGroup("serenity-spa-vi", "Spa");
    const outcome = await cancelPaidBooking(spa);
    expect(outcome.policy).toBe("Spa services are non-refundable: the amount paid is not returned when you cancel.");
    expect(outcome.refundedKobo).toBe(0);
    expect(outcome.after).toMatchObject({ status: "cancelled", payment_status: "paid" });
  });

  test("a category marked non-refundable that is not Spa returns nothing either: the flag decides, not the name", async () => {
    const hair = await featuredService();
    const outcome = await withCategoryRefundable(hair.id, 0, () => cancelPaidBooking(hair));
    expect(outcome.policy).toBe("Hair services are non-refundable: the amount paid is not returned when you cancel.");
    expect(outcome.refundedKobo).toBe(0);
    expect(outcome.after).toMatchObject({ status: "cancelled", payment_status: "paid" });
  });

  test("the Spa category marked refundable follows the vendor's cancellation policy: all of it back this early", async () => {
    const spa = await serviceOfGroup("serenity-spa-vi", "Spa");
    const outcome = await withCategoryRefundable(spa.id, 1, () => cancelPaidBooking(spa));
    expect(outcome.policy).toMatch(/^Flexible: .* returns to your AutoCredit at once/);
    expect(outcome.refundedKobo).toBe(outcome.totalKobo);
    expect(outcome.after).toMatchObject({ status: "cancelled", payment_status: "refunded" });
  });
});
