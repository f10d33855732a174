import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { AUTO_COMPLETE_AFTER_HOURS } from "~/models/appointments/rules.server";
import { creditBalance } from "~/models/money/auto-credit.server";
import { dueWork } from "~/models/background/work-list.server";
import { PROBLEM_REASON_MAX_LENGTH } from "~/models/appointments/problem-rules";
import { resolveProblem } from "~/models/appointments/problems.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.problems/route";
import { loader as checkoutLoader } from "~/routes/checkout.$reference";
import { action as customerAction, loader as customerLoader } from "~/routes/user.appointment/route";
import { action as vendorAction, loader as vendorLoader } from "~/routes/vendor.appointment/route";
import { action as payAction } from "~/routes/payment._index/route";
import { VENDOR_NO_SHOW_REASON } from "~/models/appointments/problems.server";
import { appointmentByRef, createCustomer, ledgerOf, mailsTo } from "./booking";
import { cookieFor, firstError, get, post, run } from "./booking-routes";
import { finance, friendPays, happened, heldOrder, net, payOnline, VENDOR, vendorDoes, expectNoNegativeAccounts } from "./money";

// Reported problems (docs/domain.md "Reported problems") through the pages people use: the booker reports a problem
// with an ended visit, which is then not completed and keeps its money pending until an admin releases it to the
// vendor or refunds whoever paid. Runs on SQLite and on PostgreSQL.

const db = () => getDb();
const ADMIN = "admin@example.com";

/** A paid, accepted visit of a new customer that ended `hoursAgo` hours ago. */
async function endedVisit(name: string, hour: number, hoursAgo = 1) {
  const order = await heldOrder(name, hour);
  const reference = await payOnline(order);
  await vendorDoes("accept", order.id);
  await happened(order.id, hoursAgo);
  return { ...order, reference };
}

const report = (order: { ref: string }, cookie: string, reason = "The braids came loose the same evening.") =>
  run(customerAction, post("/user/appointment", { intent: "report", ref: order.ref, reason }, cookie));

const problemRows = async (appointmentId: number) =>
  (await db()).selectFrom("visit_problems").selectAll().where("appointment_id", "=", appointmentId).execute();

async function anotherAdmin(): Promise<number> {
  const { id } = await createCustomer("Second");
  await (await db()).updateTable("users").set({ role: "admin" }).where("id", "=", id).execute();
  return id;
}

describe(`reported problems (${getDialect()})`, () => {
  test("the booker reports a problem: both sides are e-mailed, the vendor sees it and cannot complete it, and it is not completed automatically", async () => {
    const visit = await endedVisit("Reporter", 9);
    const page = await run<{ detail: { reportBy: string | null } }>(customerLoader, get(`/user/appointment?tab=past&ref=${visit.ref}`, visit.cookie));
    expect(page.body.detail.reportBy).not.toBeNull();

    // Only the booker: another customer finds no such appointment.
    const stranger = await createCustomer("Stranger");
    expect((await report(visit, await cookieFor(stranger.email))).status).toBe(404);
    // A missing, a too short and an oversized reason are refused with a message; nothing is stored.
    const blank = await run(customerAction, post("/user/appointment", { intent: "report", ref: visit.ref }, visit.cookie));
    expect(blank.status).toBe(400);
    expect((await report(visit, visit.cookie, "bad")).status).toBe(400);
    const long = await report(visit, visit.cookie, "x".repeat(PROBLEM_REASON_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(firstError(long.body)).toBe(`Please keep it under ${PROBLEM_REASON_MAX_LENGTH} characters.`);
    expect(await problemRows(visit.id)).toEqual([]);

    const reason = "<b>Loose</b> braids & a rushed job";
    const before = await finance();
    const done = await report(visit, visit.cookie, reason);
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe(`/user/appointment?tab=past&ref=${visit.ref}#problem`);
    // Not twice.
    const again = await report(visit, visit.cookie, "Still loose, and more.");
    expect(again.status).toBe(409);
    expect(firstError(again.body)).toBe("You already reported a problem with this visit. Glow is looking into it.");
    expect((await problemRows(visit.id)).map((p) => p.reason)).toEqual([reason]);

    expect((await mailsTo(visit.customer.email)).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Problem reported: Knotless Box Braids/) });
    const told = (await mailsTo(VENDOR)).at(-1)!;
    expect(told.subject).toMatch(/^Problem reported: Knotless Box Braids/);
    expect(told.text).toContain(`What they told us: ${reason}`);

    const mine = await run<{ detail: { problem: { reason: string; resolution: string | null } | null; reportBy: string | null } }>(
      customerLoader,
      get(`/user/appointment?tab=past&ref=${visit.ref}`, visit.cookie),
    );
    expect(mine.body.detail).toMatchObject({ problem: { reason, resolution: null }, reportBy: null });
    const book = await run<{ rows: { id: number; problem: string | null }[] }>(
      vendorLoader,
      get(`/vendor/appointment?tab=past&q=${visit.ref}`, await cookieFor(VENDOR)),
    );
    expect(book.body.rows).toEqual([expect.objectContaining({ id: visit.id, problem: reason })]);

    // The vendor's buttons are refused while Glow looks into it.
    for (const intent of ["complete", "no_show"]) {
      const refused = await run(vendorAction, post("/vendor/appointment", { intent, id: String(visit.id) }, await cookieFor(VENDOR)));
      expect(refused.status, intent).toBe(409);
    }
    // Past the automatic completion's time, the sweep leaves it alone; its money stays pending.
    await happened(visit.id, AUTO_COMPLETE_AFTER_HOURS + 2);
    await dueWork.sweeps["auto-complete-visits"]!.run({ db: await db(), now: new Date() });
    expect((await appointmentByRef(visit.ref)).status).toBe("confirmed");
    const after = await finance();
    expect(after.pendingKobo).toBe(before.pendingKobo);
    expect(after.balanceKobo).toBe(before.balanceKobo);
  });

  test("a problem can be reported only with a visit that has ended (or that its vendor marked), before its reporting window ends", async () => {
    const upcoming = await heldOrder("Upcoming", 9);
    await payOnline(upcoming);
    await vendorDoes("accept", upcoming.id);
    const notYet = await report(upcoming, upcoming.cookie);
    expect(notYet.status).toBe(400);
    expect(firstError(notYet.body)).toBe("You can report a problem once the visit has ended.");

    // Marked completed by its vendor: still reportable until the window ends (docs/domain.md, "Money").
    const completed = await endedVisit("Completed", 11);
    await vendorDoes("complete", completed.id);
    expect((await report(completed, completed.cookie)).status).toBe(303);
    expect(await problemRows(completed.id)).toHaveLength(1);

    const late = await endedVisit("Late", 13, AUTO_COMPLETE_AFTER_HOURS + 1);
    const tooLate = await report(late, late.cookie);
    expect(tooLate.status).toBe(400);
    expect(firstError(tooLate.body)).toMatch(/^The time to report a problem ended on /);

    const cancelled = await heldOrder("Cancelled", 15);
    await payOnline(cancelled);
    await run(customerAction, post("/user/appointment", { intent: "cancel", ref: cancelled.ref }, cancelled.cookie));
    await happened(cancelled.id, 1);
    expect((await report(cancelled, cancelled.cookie)).status).toBe(400);

    for (const v of [upcoming, late, cancelled]) expect(await problemRows(v.id)).toEqual([]);
  });

  test("only an admin resolves; releasing completes the visit, moves its money from Pending to Balance, and tells both sides", async () => {
    const visit = await endedVisit("Release", 9);
    await report(visit, visit.cookie);
    for (const cookie of [visit.cookie, await cookieFor(VENDOR)]) {
      expect((await run(adminLoader, get("/admin/problems", cookie))).status).toBe(403);
      expect((await run(adminAction, post("/admin/problems", { id: String(visit.id), resolution: "release" }, cookie))).status).toBe(403);
    }
    const admin = await cookieFor(ADMIN);
    const listed = await run<{ items: { appointmentId: number; resolution: string | null }[] }>(adminLoader, get("/admin/problems", admin));
    expect(listed.body.items).toContainEqual(expect.objectContaining({ appointmentId: visit.id, resolution: null }));
    // Garbage is a clear 400 and changes nothing.
    expect((await run(adminAction, post("/admin/problems", { id: String(visit.id), resolution: "both" }, admin))).status).toBe(400);
    expect((await run(adminAction, post("/admin/problems", { id: "abc", resolution: "release" }, admin))).status).toBe(400);
    // An appointment with no reported problem is not found.
    expect((await run(adminAction, post("/admin/problems", { id: "2147483647", resolution: "release" }, admin))).status).toBe(404);
    expect((await problemRows(visit.id))[0]!.resolved_at).toBeNull();

    const before = await finance();
    const released = await run(adminAction, post("/admin/problems", { id: String(visit.id), resolution: "release" }, admin));
    expect(released.status).toBe(303);
    expect(await appointmentByRef(visit.ref)).toMatchObject({ status: "completed", payment_status: "paid" });
    const after = await finance();
    expect(after.pendingKobo).toBe(before.pendingKobo - net(visit.totalKobo));
    expect(after.balanceKobo).toBe(before.balanceKobo + net(visit.totalKobo));
    expect((await mailsTo(visit.customer.email)).map((m) => m.subject)).toContain("Your reported problem: Knotless Box Braids");
    expect((await mailsTo(VENDOR)).at(-1)!.subject).toMatch(/^Problem resolved: Knotless Box Braids/);
    const mine = await run<{ detail: { problem: { resolution: string | null } } }>(
      customerLoader,
      get(`/user/appointment?tab=past&ref=${visit.ref}`, visit.cookie),
    );
    expect(mine.body.detail.problem.resolution).toBe("released");
    // A second resolution changes nothing.
    await run(adminAction, post("/admin/problems", { id: String(visit.id), resolution: "refund" }, admin));
    expect(await finance()).toEqual(after);
    expect((await appointmentByRef(visit.ref)).payment_status).toBe("paid");
  });

  test("refunding gives all of it back to whoever paid, the way they paid: a friend by link through the provider", async () => {
    const order = await heldOrder("FriendPaid", 11);
    const reference = await friendPays(order, "Auntie Bisi", "bisi@example.com");
    await vendorDoes("accept", order.id);
    await happened(order.id, 2);
    expect((await report(order, order.cookie)).status).toBe(303);
    const before = await finance();
    const credit = await creditBalance(await db(), order.customer.id);

    const refunded = await run(adminAction, post("/admin/problems", { id: String(order.id), resolution: "refund" }, await cookieFor(ADMIN)));
    expect(refunded.status).toBe(303);
    expect(await appointmentByRef(order.ref)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    const after = await finance();
    expect(after.pendingKobo).toBe(before.pendingKobo - net(order.totalKobo));
    expect(after.balanceKobo).toBe(before.balanceKobo);
    expect(await creditBalance(await db(), order.customer.id)).toBe(credit);
    expect((await mailsTo("bisi@example.com")).at(-1)!.subject).toBe("Refund: ₦12,000 for Knotless Box Braids at Ronke's Beauty Lounge");
    expect((await mailsTo(order.customer.email)).at(-1)!.text).toContain("₦12,000 was refunded to Auntie Bisi (who paid through your payment link)");
    expect((await mailsTo(VENDOR)).at(-1)!.subject).toMatch(/^Problem resolved: Knotless Box Braids/);
    const checkout = await run<{ refunds: { amountKobo: number }[] }>(checkoutLoader, get(`/checkout/${reference}`), { reference });
    expect(checkout.body.refunds).toEqual([expect.objectContaining({ amountKobo: order.totalKobo })]);
  });

  test("the stylist did not come to a pay-at-the-visit booking: the vendor's no-show, the customer told so, no fee charged", async () => {
    const order = await heldOrder("NoStylist", 15);
    expect((await run(payAction, post("/payment", { order: order.ref, method: "vendor" }, order.cookie))).status).toBe(303);
    await vendorDoes("accept", order.id);
    await happened(order.id, 1);
    expect((await report(order, order.cookie, "Nobody came. The salon was closed when I arrived.")).status).toBe(303);
    type Mine = { detail: { problem: { resolution: string | null; paid: boolean }; reason: string | null } };
    // Nothing was paid, so the page speaks of no payment held (ReportProblem reads `paid`).
    const open = await run<Mine>(customerLoader, get(`/user/appointment?tab=past&ref=${order.ref}`, order.cookie));
    expect(open.body.detail.problem).toMatchObject({ resolution: null, paid: false });
    const before = await finance();

    const admin = await cookieFor(ADMIN);
    const done = await run(adminAction, post("/admin/problems", { id: String(order.id), resolution: "vendor-no-show" }, admin));
    expect(done.status).toBe(303);
    expect(await appointmentByRef(order.ref)).toMatchObject({ status: "cancelled", payment_status: "unpaid", status_reason: VENDOR_NO_SHOW_REASON });
    // No earning, no fee, nothing "collected in person": the vendor's money is as it was.
    expect(await ledgerOf(order.id)).toEqual([]);
    expect(await finance()).toEqual(before);
    expect((await problemRows(order.id))[0]!.resolution).toBe("vendor_no_show");

    const told = (await mailsTo(order.customer.email)).at(-1)!;
    expect(told.text).toContain("Ronke's Beauty Lounge did not come to your visit");
    expect(told.text).toContain("Nothing was paid through Glow for this visit, and nothing is charged.");
    const all = (await mailsTo(order.customer.email)).map((m) => `${m.subject}\n${m.text}`).join("\n");
    expect(all).not.toContain("released the payment");
    expect(all).not.toContain("Thank you for visiting");
    const vendorMail = (await mailsTo(VENDOR)).at(-1)!;
    expect(vendorMail.subject).toMatch(/^Recorded as your no-show: Knotless Box Braids/);
    expect(vendorMail.text).toContain("no fee is charged");

    const shown = await run<Mine>(customerLoader, get(`/user/appointment?tab=past&ref=${order.ref}`, order.cookie));
    expect(shown.body.detail.problem).toMatchObject({ resolution: "vendor_no_show", paid: false });
    expect(shown.body.detail.reason).toBe(VENDOR_NO_SHOW_REASON);
    // The vendor's own record of the appointment says it.
    const vendorPage = await run<{ rows: { ref: string; reason: string | null }[] }>(
      vendorLoader,
      get(`/vendor/appointment?tab=canceled&q=${order.ref}`, await cookieFor(VENDOR)),
    );
    expect(vendorPage.body.rows).toContainEqual(expect.objectContaining({ ref: order.ref, reason: VENDOR_NO_SHOW_REASON }));
  });

  test("the stylist did not come to a paid booking: all of it goes back to the payer and leaves the vendor's Pending", async () => {
    const visit = await endedVisit("NoStylistPaid", 17);
    expect((await report(visit, visit.cookie, "The stylist never arrived.")).status).toBe(303);
    const before = await finance();
    const done = await run(adminAction, post("/admin/problems", { id: String(visit.id), resolution: "vendor-no-show" }, await cookieFor(ADMIN)));
    expect(done.status).toBe(303);
    expect(await appointmentByRef(visit.ref)).toMatchObject({ status: "cancelled", payment_status: "refunded", status_reason: VENDOR_NO_SHOW_REASON });
    const after = await finance();
    expect(after.pendingKobo).toBe(before.pendingKobo - net(visit.totalKobo));
    expect(after.balanceKobo).toBe(before.balanceKobo);
    const refundRows = await (await db()).selectFrom("refunds").select("amount_kobo").where("appointment_id", "=", visit.id).execute();
    expect(refundRows).toEqual([{ amount_kobo: visit.totalKobo }]);
    await expectNoNegativeAccounts();
  });

  test("two admins at the same moment: exactly one outcome, never a double refund", async () => {
    const second = await anotherAdmin();
    const first = (await (await db()).selectFrom("users").select("id").where("email", "=", ADMIN).executeTakeFirstOrThrow()).id;
    const both = await endedVisit("RaceRefund", 9);
    const mixed = await endedVisit("RaceMixed", 13);
    for (const v of [both, mixed]) expect((await report(v, v.cookie)).status).toBe(303);
    const before = await finance();

    const refunds = await Promise.allSettled([resolveProblem(first, both.id, "refund"), resolveProblem(second, both.id, "refund")]);
    expect(refunds.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(refunds.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason.message))).toEqual([
      "This problem was already resolved. Please reload the page.",
    ]);
    const refundRows = await (await db()).selectFrom("refunds").select("amount_kobo").where("appointment_id", "=", both.id).execute();
    expect(refundRows).toEqual([{ amount_kobo: both.totalKobo }]);

    const outcomes = await Promise.allSettled([resolveProblem(first, mixed.id, "release"), resolveProblem(second, mixed.id, "refund")]);
    expect(outcomes.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const { status } = await appointmentByRef(mixed.ref);
    const [problem] = await problemRows(mixed.id);
    expect(problem!.resolution).toBe(status === "completed" ? "released" : "refunded");
    const mixedRefunds = await (await db()).selectFrom("refunds").select("id").where("appointment_id", "=", mixed.id).execute();
    expect(mixedRefunds).toHaveLength(status === "completed" ? 0 : 1);

    // The ledger agrees with exactly one outcome each, and no account anywhere is below zero.
    const after = await finance();
    const released = status === "completed" ? net(mixed.totalKobo) : 0;
    expect(after.pendingKobo).toBe(before.pendingKobo - net(both.totalKobo) - net(mixed.totalKobo));
    expect(after.balanceKobo).toBe(before.balanceKobo + released);
    await expectNoNegativeAccounts();
  });
});
