import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { completeAppointment } from "~/models/appointments/transitions.server";
import { addCredit, creditBalance } from "~/models/money/auto-credit.server";
import { platformFeeKobo } from "~/utils/fees";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, ledgerOf, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { action as checkoutAction } from "../checkout.$reference";
import { loader as returnLoader } from "../payment.return";
import { action as appointmentAction, loader as appointmentLoader } from "../user.appointment/route";
import { action as vendorAppointmentAction } from "../vendor.appointment/route";
import { action as hoursAction } from "../vendor.hours/route";
import { action, loader } from "./route";

// A vendor who asks for a deposit: "Pay to vendor" at step 2 pays the deposit online (card through the payment
// provider, or AutoCredit), the rest at the visit; cancellations keep or return the deposit as the policy says,
// through the ledger and refundPayment. All through the pages' loaders and actions.

const TOTAL = 1_200_000; // the featured braids with their required extensions
const DEPOSIT = 240_000; // 20 %

async function setRules(policy: "flexible" | "moderate" | "strict", depositPercent: number) {
  const cookie = await cookieFor("vendor@example.com");
  const saved = await run(
    hoursAction,
    post(
      "/vendor/hours",
      { intent: "rules", min_notice_minutes: "120", max_days_ahead: "90", cancellation_policy: policy, deposit_percent: String(depositPercent) },
      cookie,
    ),
  );
  expect(saved.status).toBe(303);
}

async function heldOrder(hour: number, firstName = "Deposit") {
  const c = await createCustomer(firstName);
  const service = await featuredService();
  const { ref } = await hold(c.id, service.id, freshOpenDay((await vendorBySlug()).open_days), hour);
  return { ...c, cookie: await cookieFor(c.email), ref };
}

async function payDepositByCard(cookie: string, ref: string) {
  const started = await run(action, post("/payment", { order: ref, method: "vendor", deposit_with: "online" }, cookie));
  expect(started.status).toBe(303);
  const reference = started.response!.headers.get("Location")!.replace("/checkout/", "");
  const db = await getDb();
  expect((await db.selectFrom("payments").select("amount_kobo").where("reference", "=", reference).executeTakeFirstOrThrow()).amount_kobo).toBe(DEPOSIT);
  await run(checkoutAction, post(`/checkout/${reference}`, { intent: "succeed" }), { reference });
  expect((await run(returnLoader, get(`/payment/return?reference=${reference}`))).response!.headers.get("Location")).toBe(`/user/appointment?ref=${ref}`);
}

type Detail = { detail: { payment: string; policy: string } };

describe(`a deposit for "Pay to vendor" (${getDialect()})`, () => {
  test("the policy at step 2 speaks of a deposit only when the vendor asks for one, with the percentage", async () => {
    type Step2 = { order: { policy: string } };
    await setRules("flexible", 0);
    const none = await heldOrder(9, "Nodeposit");
    expect((await run<Step2>(loader, get(`/payment?order=${none.ref}`, none.cookie))).body.order.policy).toBe("Flexible: free cancellation until the visit.");
    await setRules("strict", 0);
    expect((await run<Step2>(loader, get(`/payment?order=${none.ref}`, none.cookie))).body.order.policy).toBe(
      "Strict: free cancellation until 24 h before; within 24 h of the visit, everything paid is kept.",
    );
    await setRules("flexible", 20);
    expect((await run<Step2>(loader, get(`/payment?order=${none.ref}`, none.cookie))).body.order.policy).toBe(
      "Flexible: free cancellation until 24 h before; later, the 20\u00a0% deposit is kept.",
    );
  });

  test("step 2 offers the deposit; paid by card, the booking goes to the vendor with the deposit earned and the rest due at the visit", async () => {
    await setRules("flexible", 20);
    const { cookie, ref } = await heldOrder(10);
    const page = await run<{ deposit: { percent: number; kobo: number; restKobo: number } | null }>(loader, get(`/payment?order=${ref}`, cookie));
    expect(page.body.deposit).toMatchObject({ percent: 20, kobo: DEPOSIT, restKobo: TOTAL - DEPOSIT });

    // "Pay to vendor" without paying the deposit is not a way around it, and a made-up way to pay is refused.
    const forged = await run(action, post("/payment", { order: ref, method: "vendor", deposit_with: "cash" }, cookie));
    expect(forged.status).toBe(400);
    expect(await appointmentByRef(ref)).toMatchObject({ status: "held", payment_status: "unpaid", deposit_kobo: 0 });

    await payDepositByCard(cookie, ref);
    const order = await appointmentByRef(ref);
    expect(order).toMatchObject({ status: "requested", payment_status: "paid", payment_method: "online", deposit_kobo: DEPOSIT, total_kobo: TOTAL });
    expect(await ledgerOf(order.id)).toEqual([
      { kind: "earning", amount_kobo: DEPOSIT },
      { kind: "fee", amount_kobo: -platformFeeKobo(DEPOSIT) },
    ]);
    const shown = await run<Detail>(appointmentLoader, get(`/user/appointment?ref=${ref}`, cookie));
    expect(shown.body.detail.payment).toMatch(/^Deposit paid ₦2,400 on [A-Z][a-z]{2} \d{1,2}, \d{4}; ₦9,600 to pay at the visit$/);

    // The visit: the rest is collected in person; the fees add up to the fee on the whole total.
    const vendor = await vendorBySlug();
    const vendorCookie = await cookieFor("vendor@example.com");
    expect((await run(vendorAppointmentAction, post("/vendor/appointment", { intent: "accept", id: String(order.id) }, vendorCookie))).status).toBeLessThan(
      400,
    );
    await completeAppointment(vendor.id, order.id, new Date(new Date(order.starts_at).getTime() + 3 * 3_600_000));
    const ledger = await ledgerOf(order.id);
    expect(ledger.filter((e) => e.kind === "earning").reduce((s, e) => s + e.amount_kobo, 0)).toBe(TOTAL);
    expect(ledger.filter((e) => e.kind === "fee").reduce((s, e) => s + e.amount_kobo, 0)).toBe(-platformFeeKobo(TOTAL));
    expect(ledger.filter((e) => e.kind === "withdrawal")).toEqual([{ kind: "withdrawal", amount_kobo: -(TOTAL - DEPOSIT) }]);
  });

  test("the deposit with AutoCredit takes only the deposit from the balance", async () => {
    await setRules("flexible", 20);
    const { cookie, ref, id } = await heldOrder(12, "Credit");
    const db = await getDb();
    const short = await run(action, post("/payment", { order: ref, method: "vendor", deposit_with: "credit" }, cookie));
    expect(short.status).toBe(400);
    expect(firstError(short.body)).toBe("Your AutoCredit balance (₦0) is less than the deposit (₦2,400).");
    expect(await appointmentByRef(ref)).toMatchObject({ status: "held", payment_status: "unpaid" });
    await addCredit(db, { userId: id, amountKobo: 300_000, reason: "Test top-up", appointmentId: null });
    const paid = await run(action, post("/payment", { order: ref, method: "vendor", deposit_with: "credit" }, cookie));
    expect(paid.status).toBe(303);
    expect(await appointmentByRef(ref)).toMatchObject({ status: "requested", payment_status: "paid", payment_method: "credit", deposit_kobo: DEPOSIT });
    expect(await creditBalance(db, id)).toBe(300_000 - DEPOSIT);
  });

  test("flexible, early: cancelling returns the whole deposit the way it came; strict keeps it, and says so first", async () => {
    await setRules("flexible", 20);
    const early = await heldOrder(14, "Early");
    await payDepositByCard(early.cookie, early.ref);
    const db = await getDb();
    const before = await run<Detail>(appointmentLoader, get(`/user/appointment?ref=${early.ref}`, early.cookie));
    expect(before.body.detail.policy).toContain("₦2,400 goes back to the card or account you paid with");
    expect((await run(appointmentAction, post("/user/appointment", { intent: "cancel", ref: early.ref, refundTo: "original" }, early.cookie))).status).toBe(
      303,
    );
    const order = await appointmentByRef(early.ref);
    const refunds = await db.selectFrom("refunds").select(["amount_kobo", "method"]).where("appointment_id", "=", order.id).execute();
    expect(refunds).toEqual([{ amount_kobo: DEPOSIT, method: "online" }]);
    const ledger = await ledgerOf(order.id);
    expect(ledger.reduce((s, e) => s + e.amount_kobo, 0)).toBe(0);

    await setRules("strict", 20);
    const strict = await heldOrder(16, "Strict");
    await payDepositByCard(strict.cookie, strict.ref);
    const shown = await run<Detail>(appointmentLoader, get(`/user/appointment?ref=${strict.ref}`, strict.cookie));
    expect(shown.body.detail.policy).toContain("keeps ₦2,400");
    expect((await run(appointmentAction, post("/user/appointment", { intent: "cancel", ref: strict.ref, refundTo: "original" }, strict.cookie))).status).toBe(
      303,
    );
    const kept = await appointmentByRef(strict.ref);
    expect(kept.status).toBe("cancelled");
    expect(await db.selectFrom("refunds").select("id").where("appointment_id", "=", kept.id).execute()).toEqual([]);
    // Kept whole, as the vendor's to withdraw.
    const entries = await db
      .selectFrom("ledger_entries")
      .select(["kind", "amount_kobo", "account"])
      .where("appointment_id", "=", kept.id)
      .orderBy("id")
      .execute();
    expect(entries.filter((e) => e.account === "available").reduce((s, e) => s + e.amount_kobo, 0)).toBe(DEPOSIT - platformFeeKobo(DEPOSIT));
  });

  test("without a deposit, Pay to vendor stays unpaid as before; a deposit is refused when the vendor asks for none", async () => {
    await setRules("flexible", 0);
    const { cookie, ref } = await heldOrder(11, "NoDeposit");
    expect((await run<{ deposit: unknown }>(loader, get(`/payment?order=${ref}`, cookie))).body.deposit).toBeNull();
    expect((await run(action, post("/payment", { order: ref, method: "vendor" }, cookie))).status).toBe(303);
    expect(await appointmentByRef(ref)).toMatchObject({ status: "requested", payment_status: "unpaid", payment_method: "vendor", deposit_kobo: 0 });
  });
});
