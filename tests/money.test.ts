import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { ANSWER_BEFORE_START_HOURS, ANSWER_WITHIN_HOURS, answerDeadline, AUTO_COMPLETE_AFTER_HOURS, MAX_LIVE_HOLDS } from "~/models/appointments/rules.server";
import { autoCompleteVisits, choosePayToVendor, expireUnansweredRequests, releaseDueVisits } from "~/models/appointments/transitions.server";
import { creditBalance } from "~/models/money/auto-credit.server";
import { dueWork } from "~/models/background/work-list.server";
import { listBankAccounts } from "~/models/money/bank-accounts.server";
import { loader as checkoutLoader } from "~/routes/checkout.$reference";
import { action as payAction } from "~/routes/payment._index/route";
import { action as customerAction, loader as customerLoader } from "~/routes/user.appointment/route";
import { action as vendorAction } from "~/routes/vendor.appointment/route";
import { action as withdrawAction } from "~/routes/vendor.withdraw._index/route";
import { action as verifyAction } from "~/routes/vendor.withdraw.verify/route";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, mailsTo, vendorBySlug } from "./booking";
import { cookieFor, get, post, run } from "./booking-routes";
import { finance, friendPays, happened, heldOrder, net, payOnline, VENDOR, vendorDoes, expectNoNegativeAccounts } from "./money";

// Money people can trust, through the pages people use: earnings held until the visit, refunds the way the money
// came, receipts, the answer deadline, and the cap on unpaid bookings. Runs on SQLite and on PostgreSQL.

const db = () => getDb();

describe(`money people can trust (${getDialect()})`, () => {
  test("a payment is Pending until the visit is completed and its reporting window is over; then it moves to Balance", async () => {
    const before = await finance();
    const order = await heldOrder("Pendo");
    await payOnline(order);
    const paid = await finance();
    expect(paid.pendingKobo).toBe(before.pendingKobo + net(order.totalKobo));
    expect(paid.balanceKobo).toBe(before.balanceKobo);
    expect(paid.netIncomeKobo).toBe(before.netIncomeKobo + net(order.totalKobo));

    await vendorDoes("accept", order.id);
    await happened(order.id, 1);
    await vendorDoes("complete", order.id);
    // Completed, but the booker may still report a problem: nothing to withdraw yet.
    const completed = await finance();
    expect(completed.pendingKobo).toBe(paid.pendingKobo);
    expect(completed.balanceKobo).toBe(before.balanceKobo);
    await happened(order.id, AUTO_COMPLETE_AFTER_HOURS + 1);
    expect(await releaseDueVisits()).toBeGreaterThanOrEqual(1);
    const done = await finance();
    expect(done.pendingKobo).toBe(before.pendingKobo);
    expect(done.balanceKobo).toBe(before.balanceKobo + net(order.totalKobo));
    expect(done.netIncomeKobo).toBe(paid.netIncomeKobo);
  });

  test("a vendor cannot withdraw pending money", async () => {
    const order = await heldOrder("Wale");
    await payOnline(order);
    const { balanceKobo, pendingKobo } = await finance();
    expect(pendingKobo).toBeGreaterThan(0);
    const [account] = await listBankAccounts((await vendorBySlug()).id);
    const tooMuch = await run(
      withdrawAction,
      post("/vendor/withdraw", { intent: "withdraw", amount: String((balanceKobo + 100) / 100), account: String(account!.id) }, await cookieFor(VENDOR)),
    );
    expect(tooMuch.status).toBe(400);
  });

  test(`visits are completed automatically ${AUTO_COMPLETE_AFTER_HOURS} h after their end, through the same transition`, async () => {
    const due = await heldOrder("Auto", 9);
    await payOnline(due);
    await vendorDoes("accept", due.id);
    const early = await heldOrder("Early", 11);
    await payOnline(early);
    await vendorDoes("accept", early.id);
    const missed = await heldOrder("Missed", 15);
    await payOnline(missed);
    await vendorDoes("accept", missed.id);
    await happened(due.id, AUTO_COMPLETE_AFTER_HOURS + 1);
    await happened(early.id, AUTO_COMPLETE_AFTER_HOURS - 1);
    await happened(missed.id, AUTO_COMPLETE_AFTER_HOURS + 5);
    await vendorDoes("no_show", missed.id); // the vendor reported a problem: no automatic completion

    const before = await finance();
    await dueWork.sweeps["auto-complete-visits"]!.run({ db: await db(), now: new Date() });
    expect((await appointmentByRef(due.ref)).status).toBe("completed");
    expect((await appointmentByRef(early.ref)).status).toBe("confirmed");
    expect((await appointmentByRef(missed.ref)).status).toBe("no_show");
    const after = await finance();
    expect(after.balanceKobo).toBe(before.balanceKobo + net(due.totalKobo));
    expect(after.pendingKobo).toBe(before.pendingKobo - net(due.totalKobo));
    // The same side effects as the vendor's button: the customer's thank-you e-mail.
    expect((await mailsTo(due.customer.email)).map((m) => m.subject)).toContain("Thank you for visiting Ronke's Beauty Lounge");
    // Running it again changes nothing.
    expect(await autoCompleteVisits()).toBe(0);
  });

  test("withdraw everything available while customers cancel and the vendor declines, at the same moment: no balance goes negative", async () => {
    const orders = await Promise.all(["Race1", "Race2", "Race3"].map((n, i) => heldOrder(n, 9 + 2 * i)));
    for (const o of orders) await payOnline(o);
    await vendorDoes("accept", orders[0]!.id);
    const before = await finance();
    const vendor = await vendorBySlug();
    const [account] = await listBankAccounts(vendor.id);
    const cookie = await cookieFor(VENDOR);
    const started = await run(
      withdrawAction,
      post("/vendor/withdraw", { intent: "withdraw", amount: String(before.balanceKobo / 100), account: String(account!.id) }, cookie),
    );
    const wid = Number(/id=(\d+)/.exec(started.response!.headers.get("Location")!)![1]);
    const code = /code is (\d{6})/.exec((await mailsTo(VENDOR)).at(-1)!.text)![1]!;

    const results = await Promise.all([
      run(verifyAction, post(`/vendor/withdraw/verify?id=${wid}`, { intent: "verify", code }, cookie)),
      run(customerAction, post("/user/appointment", { intent: "cancel", ref: orders[0]!.ref }, orders[0]!.cookie)),
      run(customerAction, post("/user/appointment", { intent: "cancel", ref: orders[1]!.ref }, orders[1]!.cookie)),
      run(vendorAction, post("/vendor/appointment", { intent: "decline", id: String(orders[2]!.id), reason: "Fully booked" }, cookie)),
    ]);
    expect(results.map((r) => r.status)).toEqual([303, 303, 303, 303]);
    const after = await finance();
    expect(after.balanceKobo).toBe(0);
    expect(after.totalWithdrawnKobo).toBe(before.totalWithdrawnKobo + before.balanceKobo);
    expect(after.pendingKobo).toBe(before.pendingKobo - orders.reduce((sum, o) => sum + net(o.totalKobo), 0));
    expect(after.pendingKobo).toBeGreaterThanOrEqual(0);
    // Every vendor's accounts are whole: nothing anywhere below zero.
    await expectNoNegativeAccounts();
  });

  test("a friend paid by link and the vendor declines: the friend is refunded through the provider and e-mailed; the booker sees who got it", async () => {
    const order = await heldOrder("Booker");
    const reference = await friendPays(order, "Auntie Funke", "funke@example.com");
    // The friend's receipt, and the booker is told who paid.
    const receipt = (await mailsTo("funke@example.com")).find((m) => m.subject.startsWith("Receipt:"))!;
    expect(receipt.text).toContain(`Payment reference: ${reference}`);
    expect(receipt.text).toContain("Service: Knotless Box Braids");
    expect(receipt.text).toContain("Vendor: Ronke's Beauty Lounge");
    expect(receipt.text).toMatch(/Amount: ₦12,000/);
    expect(receipt.text).toContain("Paid with: Online (test mode: no real money moved)");
    expect((await mailsTo(order.customer.email)).map((m) => m.subject)).toContain("Auntie Funke paid for your booking");

    const creditBefore = await creditBalance(await db(), order.customer.id);
    await vendorDoes("decline", order.id, { reason: "Fully booked" });
    expect(await creditBalance(await db(), order.customer.id)).toBe(creditBefore);
    const refund = (await mailsTo("funke@example.com")).at(-1)!;
    expect(refund.subject).toBe("Refund: ₦12,000 for Knotless Box Braids at Ronke's Beauty Lounge");
    expect(refund.text).toContain("on its way back to the card or account you paid with");
    const told = (await mailsTo(order.customer.email)).at(-1)!;
    expect(told.text).toContain("₦12,000 was refunded to Auntie Funke (who paid through your payment link)");

    const page = await run<{ detail: { refunds: string[]; payment: string } }>(customerLoader, get(`/user/appointment?ref=${order.ref}`, order.cookie));
    expect(page.body.detail.refunds).toEqual([expect.stringContaining("refunded to Auntie Funke")]);
    // The test-mode provider shows the refund on its page.
    const checkout = await run<{ refunds: { amountKobo: number }[] }>(checkoutLoader, get(`/checkout/${reference}`), { reference });
    expect(checkout.body.refunds).toEqual([expect.objectContaining({ amountKobo: order.totalKobo })]);
  });

  test("a booker who paid online gets it back the same way, or chooses AutoCredit (instant); AutoCredit payments go back to AutoCredit", async () => {
    const own = await heldOrder("Card");
    await payOnline(own);
    expect((await mailsTo(own.customer.email)).map((m) => m.subject)).toContain("Receipt: ₦12,000 for Knotless Box Braids at Ronke's Beauty Lounge");
    await run(customerAction, post("/user/appointment", { intent: "cancel", ref: own.ref }, own.cookie));
    expect(await creditBalance(await db(), own.customer.id)).toBe(0);
    expect((await mailsTo(own.customer.email)).at(-1)!.text).toContain("₦12,000 was refunded to the card or account you paid with");

    const chooser = await heldOrder("Chooser");
    await payOnline(chooser);
    const page = await run<{ detail: { mayChooseCredit: boolean } }>(customerLoader, get(`/user/appointment?ref=${chooser.ref}`, chooser.cookie));
    expect(page.body.detail.mayChooseCredit).toBe(true);
    await run(customerAction, post("/user/appointment", { intent: "cancel", ref: chooser.ref, refundTo: "credit" }, chooser.cookie));
    expect(await creditBalance(await db(), chooser.customer.id)).toBe(chooser.totalKobo);
    const after = await run<{ detail: { refunds: string[] } }>(customerLoader, get(`/user/appointment?ref=${chooser.ref}`, chooser.cookie));
    expect(after.body.detail.refunds).toEqual(["₦12,000 was refunded to your AutoCredit, ready to spend on any booking."]);

    // Paid from AutoCredit: back to AutoCredit, whatever was asked.
    const creditOrder = await hold(chooser.customer.id, (await featuredService()).id, freshOpenDay((await vendorBySlug()).open_days), 11);
    expect((await run(payAction, post("/payment", { order: creditOrder.ref, method: "credit" }, chooser.cookie))).status).toBe(303);
    expect(await creditBalance(await db(), chooser.customer.id)).toBe(0);
    const id = (await appointmentByRef(creditOrder.ref)).id;
    await vendorDoes("decline", id, { reason: "Closed that day" });
    expect(await creditBalance(await db(), chooser.customer.id)).toBe(chooser.totalKobo);
  });

  test("answerDeadline: 24 h after the request, never later than 2 h before the start", () => {
    expect(ANSWER_WITHIN_HOURS).toBe(24);
    expect(ANSWER_BEFORE_START_HOURS).toBe(2);
    const made = "2026-11-25T08:00:00.000Z";
    expect(answerDeadline(made, "2026-11-30T08:00:00.000Z")).toBe("2026-11-26T08:00:00.000Z");
    expect(answerDeadline(made, "2026-11-25T20:00:00.000Z")).toBe("2026-11-25T18:00:00.000Z");
    // Closer than 2 h to its start: the vendor has until the start, rather than an answer due before it was asked.
    expect(answerDeadline(made, "2026-11-25T09:00:00.000Z")).toBe("2026-11-25T09:00:00.000Z");
  });

  test("an unanswered request shows its deadline, expires at it, frees the slot, refunds, and both sides are told", async () => {
    const unpaid = await heldOrder("Waiting", 9);
    await choosePayToVendor(unpaid.customer.id, unpaid.ref, null);
    const a = await appointmentByRef(unpaid.ref);
    expect(a.answer_by).toBe(answerDeadline(a.updated_at, a.starts_at));
    const page = await run<{ detail: { answerBy: string | null; businessName: string } }>(
      customerLoader,
      get(`/user/appointment?ref=${unpaid.ref}`, unpaid.cookie),
    );
    expect(page.body.detail.answerBy).toBe(a.answer_by);

    const paid = await heldOrder("PaidWaiting", 11);
    await friendPays(paid, "Uncle Sola", "sola@example.com");
    const later = new Date(Date.parse(a.answer_by!) + 60_000);
    expect(await expireUnansweredRequests(new Date(Date.parse(a.answer_by!) - 60_000))).toBe(0);
    // Run as the background work runs it: the registered sweep.
    await dueWork.sweeps["expire-unanswered-requests"]!.run({ db: await db(), now: later });
    expect(await appointmentByRef(unpaid.ref)).toMatchObject({ status: "expired", answer_by: null });
    expect(await appointmentByRef(paid.ref)).toMatchObject({ status: "expired", payment_status: "refunded" });
    expect((await mailsTo(unpaid.customer.email)).at(-1)!.subject).toMatch(/^Not answered: Knotless Box Braids/);
    expect((await mailsTo(VENDOR)).map((m) => m.subject)).toContain(
      `Expired: Knotless Box Braids on ${(await mailsTo(unpaid.customer.email)).at(-1)!.subject.split(" on ")[1]}`,
    );
    expect((await mailsTo("sola@example.com")).at(-1)!.subject).toMatch(/^Refund: ₦12,000/);
    // The vendor can no longer accept it, and the time is free for someone else.
    const late = await run(vendorAction, post("/vendor/appointment", { intent: "accept", id: String(unpaid.id) }, await cookieFor(VENDOR)));
    expect(late.status).toBe(400);
    const other = await createCustomer("Next");
    const again = await hold(other.id, (await featuredService()).id, (await appointmentByRef(unpaid.ref)).starts_at.slice(0, 10), 9).catch((e: Error) => e);
    expect(again).not.toBeInstanceOf(Error);
  });

  test(`unpaid "Pay to vendor" requests and holds together are capped at ${MAX_LIVE_HOLDS} per customer`, async () => {
    const customer = await createCustomer("Squatter");
    const service = await featuredService();
    const day = freshOpenDay((await vendorBySlug()).open_days);
    for (const hour of [9, 11]) {
      const { ref } = await hold(customer.id, service.id, day, hour);
      await choosePayToVendor(customer.id, ref, null);
    }
    await hold(customer.id, service.id, day, 13);
    await expect(hold(customer.id, service.id, day, 15)).rejects.toThrow(/You already have 3 unpaid bookings open/);
  });
});
