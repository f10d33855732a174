import { expect } from "vitest";
import { getDb } from "~/db/db.server";
import { action as checkoutAction } from "~/routes/checkout.$reference";
import { action as payLinkAction } from "~/routes/pay.$token/route";
import { action as payAction } from "~/routes/payment._index/route";
import { action as vendorAction } from "~/routes/vendor.appointment/route";
import { loader as financeLoader } from "~/routes/vendor.finance";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "./booking";
import { cookieFor, get, post, run } from "./booking-routes";

// Money through the pages people use, shared by the money tests: orders of new customers with the demo vendor,
// paid online or by a friend's link, the vendor's buttons, the vendor's Finance figures, and moving a visit's clock.

export const VENDOR = "vendor@example.com";

export type Totals = {
  netIncomeKobo: number;
  totalSpentKobo: number;
  totalWithdrawnKobo: number;
  collectedInPersonKobo: number;
  balanceKobo: number;
  pendingKobo: number;
};

export async function finance(): Promise<Totals> {
  const page = await run<{ totals: Totals }>(financeLoader, get("/vendor/finance", await cookieFor(VENDOR)));
  expect(page.status).toBe(200);
  return page.body.totals;
}

export async function vendorDoes(intent: string, id: number, extra: Record<string, string> = {}) {
  const result = await run(vendorAction, post("/vendor/appointment", { intent, id: String(id), ...extra }, await cookieFor(VENDOR)));
  expect(result.status, `${intent} ${JSON.stringify(result.body)}`).toBe(303);
}

/** A held order of a new customer on a fresh open day of the demo vendor. */
export async function heldOrder(name: string, hour = 13) {
  const customer = await createCustomer(name);
  const service = await featuredService();
  const { ref } = await hold(customer.id, service.id, freshOpenDay((await vendorBySlug()).open_days), hour);
  const a = await appointmentByRef(ref);
  return { customer, cookie: await cookieFor(customer.email), ref, id: a.id, token: a.pay_token, totalKobo: a.total_kobo };
}

/** The customer pays their own order online at step 2, through the test-mode checkout. Returns the payment reference. */
export async function payOnline(order: { ref: string; cookie: string }) {
  const started = await run(payAction, post("/payment", { order: order.ref, method: "online" }, order.cookie));
  const reference = started.response!.headers.get("Location")!.replace("/checkout/", "");
  await run(checkoutAction, post(`/checkout/${reference}`, { intent: "succeed" }), { reference });
  return reference;
}

/** A friend pays through the order's link. */
export async function friendPays(order: { token: string }, name: string, email: string) {
  const started = await run(payLinkAction, post(`/pay/${order.token}`, { name, email }), { token: order.token });
  const reference = started.response!.headers.get("Location")!.replace("/checkout/", "");
  await run(checkoutAction, post(`/checkout/${reference}`, { intent: "succeed" }), { reference });
  return reference;
}

/** Moves an appointment's time into the past (the clock of a visit that has happened). */
export async function happened(id: number, hoursAgoEnded: number) {
  const ends = new Date(Date.now() - hoursAgoEnded * 3_600_000);
  const starts = new Date(ends.getTime() - 2 * 3_600_000);
  await (await getDb()).updateTable("appointments").set({ starts_at: starts.toISOString(), ends_at: ends.toISOString() }).where("id", "=", id).execute();
}

export const net = (total: number) => total - Math.round(total / 10);

/** Every vendor's accounts are whole: no vendor's pending or available money anywhere below zero. */
export async function expectNoNegativeAccounts() {
  const rows = await (
    await getDb()
  )
    .selectFrom("ledger_entries")
    .select(["vendor_id", "account", (eb) => eb.fn.sum<number>("amount_kobo").as("total")])
    .groupBy(["vendor_id", "account"])
    .execute();
  for (const r of rows) expect(Number(r.total), `vendor ${r.vendor_id} ${r.account}`).toBeGreaterThanOrEqual(0);
}
