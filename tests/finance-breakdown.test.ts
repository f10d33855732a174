import { describe, expect, test } from "vitest";
import { getDialect } from "~/db/db.server";
import type { BreakdownLine } from "~/models/money/breakdown.server";
import { action as payAction } from "~/routes/payment._index/route";
import { action as customerAction } from "~/routes/user.appointment/route";
import { loader as financeLoader } from "~/routes/vendor.finance";
import { cookieFor, get, post, run } from "./booking-routes";
import { finance, happened, heldOrder, net, payOnline, VENDOR, vendorDoes } from "./money";

// Finance as a salon owner reads it: each Breakdown line is one thing that happened to one appointment (named by
// its reference and customer), a refund is one line, and money collected in person is not "paid out to your bank".
// Runs on SQLite and on PostgreSQL.

async function breakdownOf(ref: string): Promise<BreakdownLine[]> {
  const page = await run<{ rows: BreakdownLine[] }>(financeLoader, get("/vendor/finance", await cookieFor(VENDOR)));
  expect(page.status).toBe(200);
  return page.body.rows.filter((r) => r.ref === ref);
}

describe(`Finance's Breakdown and figures (${getDialect()})`, () => {
  test("a paid booking the customer cancels in time: one payment line and one refund line, each naming the booking and customer", async () => {
    const order = await heldOrder("Ifeoma", 10);
    await payOnline(order);
    const paid = await breakdownOf(order.ref);
    expect(paid).toEqual([
      expect.objectContaining({
        kind: "paid",
        customerName: "Ifeoma Test",
        amountKobo: net(order.totalKobo),
        what: "₦12,000 paid through Glow, less Glow's fee ₦1,200.",
      }),
    ]);
    expect((await run(customerAction, post("/user/appointment", { intent: "cancel", ref: order.ref }, order.cookie))).status).toBe(303);
    const lines = await breakdownOf(order.ref);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      kind: "refund",
      ref: order.ref,
      customerName: "Ifeoma Test",
      amountKobo: -net(order.totalKobo),
      what: "Refunded ₦12,000 to Ifeoma Test: ₦10,800 from your earnings, ₦1,200 from Glow's fee.",
    });
    expect(lines.reduce((s, l) => s + l.amountKobo, 0)).toBe(0);
  });

  test("money collected in person is its own figure, not 'Total Withdrawn', and its line says what the fee is", async () => {
    const order = await heldOrder("Cash", 14);
    expect((await run(payAction, post("/payment", { order: order.ref, method: "vendor" }, order.cookie))).status).toBe(303);
    await vendorDoes("accept", order.id);
    await happened(order.id, 1);
    const before = await finance();
    await vendorDoes("complete", order.id);
    const after = await finance();
    expect(after.totalWithdrawnKobo).toBe(before.totalWithdrawnKobo);
    expect(after.collectedInPersonKobo).toBe(before.collectedInPersonKobo + order.totalKobo);
    expect(await breakdownOf(order.ref)).toEqual([
      expect.objectContaining({
        kind: "in-person",
        amountKobo: -Math.round(order.totalKobo / 10),
        what: "₦12,000 collected in person at the visit; Glow's fee ₦1,200 is taken from your balance.",
      }),
    ]);
  });
});
