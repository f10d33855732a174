import { describe, expect, test, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { choosePayToVendor } from "~/models/appointments/transitions.server";
import { addCredit, creditBalance } from "~/models/money/auto-credit.server";
import { payWithCredit, settlePayment, startOnlinePayment } from "./payments.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, ledgerOf, mailsTo, vendorBySlug } from "../../../tests/booking";

const TOTAL = 1_200_000;

async function heldOrder(firstName = "Kemi", now?: Date) {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const customer = await createCustomer(firstName);
  const { ref } = await hold(customer.id, service.id, freshOpenDay(vendor.open_days), 10, now);
  return { vendor, customer, ref, appointment: await appointmentByRef(ref) };
}

const payment = async (reference: string) => (await getDb()).selectFrom("payments").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
const success = (reference: string, extra: object = {}) => settlePayment({ reference, status: "success", amountKobo: TOTAL, currency: "NGN", ...extra });

describe("online payments (built-in test-mode provider)", () => {
  test("checkout: the payer goes to the TEST MODE page; success makes the order a paid request, once", async () => {
    const { vendor, customer, ref, appointment } = await heldOrder();
    const { redirectUrl, reference } = await startOnlinePayment({
      appointmentId: appointment.id,
      source: "checkout",
      payerName: null,
      payerEmail: customer.email,
      comment: "Short please",
    });
    expect(redirectUrl).toBe(`/checkout/${reference}`);
    expect(await payment(reference)).toMatchObject({ provider: "test", status: "pending", amount_kobo: TOTAL, source: "checkout" });
    expect((await appointmentByRef(ref)).comment).toBe("Short please");

    expect(await success(reference)).toEqual({ outcome: "paid" });
    expect(await appointmentByRef(ref)).toMatchObject({
      status: "requested",
      payment_status: "paid",
      payment_method: "online",
      paid_by_name: null,
      hold_expires_at: null,
    });
    expect((await payment(reference)).status).toBe("succeeded");
    expect((await ledgerOf(appointment.id)).map((e) => e.kind)).toEqual(["earning", "fee"]);
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking received/), expect.stringMatching(/^Receipt: ₦/)]);
    expect((await mailsTo(vendor.email)).at(-1)!.text).toContain("Payment: Paid online");

    // The same verdict again (return page and webhook both arrive): nothing more happens.
    expect(await success(reference)).toEqual({ outcome: "unchanged" });
    expect(await ledgerOf(appointment.id)).toHaveLength(2);
  });

  test("someone else pays through the link: the customer sees who paid and is told by e-mail", async () => {
    const { customer, ref, appointment } = await heldOrder("Bola");
    const { reference } = await startOnlinePayment({
      appointmentId: appointment.id,
      source: "link",
      payerName: "Auntie Funke",
      payerEmail: "funke@example.com",
    });
    await success(reference);
    expect(await appointmentByRef(ref)).toMatchObject({ payment_status: "paid", paid_by_name: "Auntie Funke" });
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toContain("Auntie Funke paid for your booking");
    await expect(startOnlinePayment({ appointmentId: appointment.id, source: "link", payerName: null, payerEmail: "x@example.com" })).rejects.toThrow(
      "This order has already been paid. Thank you!",
    );
  });

  test("a failed payment changes nothing; a wrong amount or currency is never applied", async () => {
    const { customer, ref, appointment } = await heldOrder();
    const first = await startOnlinePayment({ appointmentId: appointment.id, source: "checkout", payerName: null, payerEmail: customer.email });
    expect(await settlePayment({ reference: first.reference, status: "failed", amountKobo: TOTAL, currency: "NGN" })).toEqual({ outcome: "failed" });
    const second = await startOnlinePayment({ appointmentId: appointment.id, source: "checkout", payerName: null, payerEmail: customer.email });
    expect((await success(second.reference, { amountKobo: 100 }))?.outcome).toBe("mismatch");
    const third = await startOnlinePayment({ appointmentId: appointment.id, source: "checkout", payerName: null, payerEmail: customer.email });
    expect((await success(third.reference, { currency: "USD" }))?.outcome).toBe("mismatch");
    // Not applied, and an operator's item that says what was paid against what was asked.
    const problems = await (
      await getDb()
    )
      .selectFrom("payments")
      .select(["status", "problem"])
      .where("reference", "in", [second.reference, third.reference])
      .orderBy("id")
      .execute();
    expect(problems.map((p) => p.status)).toEqual(["mismatch", "mismatch"]);
    expect(problems.map((p) => p.problem)).toEqual([
      expect.stringContaining("Paid ₦1 where ₦12,000 was asked"),
      expect.stringContaining("Paid USD 12000.00 where"),
    ]);
    expect(await appointmentByRef(ref)).toMatchObject({ status: "held", payment_status: "unpaid" });
    expect(await ledgerOf(appointment.id)).toEqual([]);
    expect(await settlePayment({ reference: "glw-unknown", status: "success", amountKobo: 1, currency: "NGN" })).toBeNull();
  });

  test("a verdict is applied once however often and however it arrives at the same moment", async () => {
    const { customer, appointment } = await heldOrder();
    const { reference } = await startOnlinePayment({ appointmentId: appointment.id, source: "checkout", payerName: null, payerEmail: customer.email });
    const deliveries = await Promise.all([1, 2, 3, 4].map(() => success(reference)));
    expect(deliveries.filter((d) => d?.outcome === "paid")).toHaveLength(1);
    expect(await ledgerOf(appointment.id)).toHaveLength(2);
  });

  test("an expired hold: paying is refused clearly; money that still arrives goes back to whoever paid, not to AutoCredit", async () => {
    const { customer, ref, appointment } = await heldOrder("Tobi");
    const started = await startOnlinePayment({ appointmentId: appointment.id, source: "checkout", payerName: null, payerEmail: customer.email });
    // Later, after the hold (and its checkout grace) ran out:
    const later = new Date(Date.now() + 66 * 60_000);
    await expect(startOnlinePayment({ appointmentId: appointment.id, source: "link", payerName: null, payerEmail: "x@example.com" }, later)).rejects.toThrow(
      "We held this time for 30 minutes and the hold has expired, so it can no longer be paid. Please book again.",
    );
    expect(
      await settlePayment({ reference: started.reference, status: "success", amountKobo: TOTAL, currency: "NGN", refuseIfClosed: true }, later),
    ).toMatchObject({ outcome: "refused" });
    expect(await creditBalance(await getDb(), customer.id)).toBe(0);

    const another = await heldOrder("Tobi");
    const late = await startOnlinePayment({ appointmentId: another.appointment.id, source: "checkout", payerName: null, payerEmail: another.customer.email });
    expect((await settlePayment({ reference: late.reference, status: "success", amountKobo: TOTAL, currency: "NGN" }, later))?.outcome).toBe("refunded");
    expect(await creditBalance(await getDb(), another.customer.id)).toBe(0);
    const refunded = await (
      await getDb()
    )
      .selectFrom("payments")
      .select(["status", "refund_reference"])
      .where("reference", "=", late.reference)
      .executeTakeFirstOrThrow();
    expect(refunded).toEqual({ status: "refunded", refund_reference: expect.stringMatching(/^test_refund_/) });
    expect((await appointmentByRef(another.ref)).payment_status).toBe("unpaid");
    expect((await appointmentByRef(ref)).payment_status).toBe("unpaid");
  });

  test("starting a payment keeps the hold 35 minutes for the checkout (a transfer's account lives 30), never beyond 65 from booking", async () => {
    const { customer, appointment } = await heldOrder("Ife", new Date(Date.now() - 29 * 60_000));
    await startOnlinePayment({ appointmentId: appointment.id, source: "checkout", payerName: null, payerEmail: customer.email });
    const extended = (await appointmentByRef(appointment.ref)).hold_expires_at!;
    expect(Date.parse(extended) - Date.now()).toBeGreaterThan(35 * 60_000 - 5_000);
    expect(Date.parse(extended) - Date.parse(appointment.created_at)).toBeLessThanOrEqual(65 * 60_000);

    const old = await heldOrder("Ife", new Date(Date.now() - 50 * 60_000 + 1000));
    await expect(startOnlinePayment({ appointmentId: old.appointment.id, source: "checkout", payerName: null, payerEmail: customer.email })).rejects.toThrow(
      /hold has expired/,
    );
  });
});

describe("AutoCredit", () => {
  test("short: refused with the balance and the total; enough: paid from the balance in one go", async () => {
    const { customer, ref, appointment } = await heldOrder();
    const db = await getDb();
    await addCredit(db, { userId: customer.id, amountKobo: 500_000, reason: "Refund: earlier booking" });
    const error = await payWithCredit(customer.id, ref, null).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as Error).message).toBe("Your AutoCredit balance (₦5,000) is less than the total (₦12,000).");
    expect(await appointmentByRef(ref)).toMatchObject({ status: "held", payment_status: "unpaid" });

    await addCredit(db, { userId: customer.id, amountKobo: 700_000, reason: "Refund: another booking" });
    await payWithCredit(customer.id, ref, "See you");
    expect(await appointmentByRef(ref)).toMatchObject({ status: "requested", payment_status: "paid", payment_method: "credit", comment: "See you" });
    expect(await creditBalance(db, customer.id)).toBe(0);
    expect((await ledgerOf(appointment.id)).map((e) => e.kind)).toEqual(["earning", "fee"]);
    await expect(payWithCredit(customer.id, ref, null)).rejects.toThrow("This order has already been paid. Thank you!");
  });

  test("two payments racing for one balance: only one is taken from it", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const customer = await createCustomer();
    const db = await getDb();
    await addCredit(db, { userId: customer.id, amountKobo: TOTAL, reason: "Refund" });
    const a = await hold(customer.id, service.id, freshOpenDay(vendor.open_days), 9);
    const b = await hold(customer.id, service.id, freshOpenDay(vendor.open_days), 9);
    const results = await Promise.allSettled([payWithCredit(customer.id, a.ref, null), payWithCredit(customer.id, b.ref, null)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await creditBalance(db, customer.id)).toBe(0);
  });

  test("an order of someone else cannot be paid or confirmed", async () => {
    const { ref } = await heldOrder();
    const intruder = await createCustomer();
    await expect(payWithCredit(intruder.id, ref, null)).rejects.toThrow("We couldn't find that order.");
    await expect(choosePayToVendor(intruder.id, ref, null)).rejects.toThrow("We couldn't find that appointment.");
  });
});

// Found by the crash runs of tests/e2e/resilience.spec.ts on PostgreSQL: a server killed right after a booking's
// transaction committed left requests that neither the customer nor the vendor was ever told about, because the
// e-mails were written to the outbox only after the commit. Now they are written in the same transaction.
describe("the e-mails of a booking are recorded with it", () => {
  /** As if the process died the moment the transaction committed: no later write reaches the database. */
  async function diesAfterCommit(work: () => Promise<unknown>) {
    const db = await getDb();
    const spy = vi.spyOn(db, "insertInto").mockImplementation(() => {
      throw new Error("the process died");
    });
    try {
      await work().catch(() => undefined);
    } finally {
      spy.mockRestore();
    }
  }
  const subjects = async (email: string) => (await mailsTo(email)).map((m) => m.subject.split(":")[0]);

  test("Pay to vendor", async () => {
    const { vendor, customer, ref } = await heldOrder("Ife");
    await diesAfterCommit(() => choosePayToVendor(customer.id, ref, null));
    expect((await appointmentByRef(ref)).status).toBe("requested");
    expect(await subjects(customer.email)).toEqual(["Booking received"]);
    expect((await mailsTo(vendor.email)).filter((m) => m.text.includes(ref)).map((m) => m.subject.split(":")[0])).toEqual(["New booking request"]);
  });

  test("an online payment", async () => {
    const { vendor, customer, ref, appointment } = await heldOrder("Uche");
    const { reference } = await startOnlinePayment({
      appointmentId: appointment.id,
      source: "link",
      payerName: "Auntie Funke",
      payerEmail: "funke@example.com",
    });
    await diesAfterCommit(() => success(reference));
    expect(await appointmentByRef(ref)).toMatchObject({ status: "requested", payment_status: "paid" });
    expect(await subjects(customer.email)).toEqual(["Booking received", "Auntie Funke paid for your booking"]);
    expect((await mailsTo(vendor.email)).filter((m) => m.text.includes(ref))).toHaveLength(1);
  });

  test("AutoCredit", async () => {
    const { customer, ref } = await heldOrder("Tobi");
    await addCredit(await getDb(), { userId: customer.id, amountKobo: TOTAL, reason: "Refund: another booking" });
    await diesAfterCommit(() => payWithCredit(customer.id, ref, null));
    expect(await appointmentByRef(ref)).toMatchObject({ status: "requested", payment_status: "paid", payment_method: "credit" });
    expect(await subjects(customer.email)).toEqual(["Booking received", "Receipt"]);
  });
});
