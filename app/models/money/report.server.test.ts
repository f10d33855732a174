import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import type { AppointmentStatus } from "~/db/schema";
import { addDaysToDay, lagosInstant, lagosToday } from "~/utils/time";
import { bookingRef, randomToken } from "~/utils/random.server";
import { createCustomer, vendorBySlug } from "../../../tests/booking";
import { addStylist, ownerMemberOf, serviceFor } from "../../../tests/team";
import { createVendor } from "../../../tests/vendor";
import { addLedgerEntries, getVendorTotals } from "./ledger.server";
import { appointmentsCsv, ledgerCsv } from "./report-exports.server";
import { financeReport } from "./report.server";

// Finance's report (docs/domain.md, "The report"): its money adds up to Finance's Net Income, its visits, rates and
// clients follow the definitions printed on the page, and its exports are CSV a spreadsheet reads safely.

const today = lagosToday();
const ago = (days: number) => addDaysToDay(today, -days);

async function visit(v: { vendorId: number; memberId: number; serviceId: number; customerId: number; day: string; hour?: number; status: AppointmentStatus }) {
  const db = await getDb();
  const startsAt = lagosInstant(v.day, v.hour ?? 10);
  const { id } = await db
    .insertInto("appointments")
    .values({
      ref: bookingRef(),
      customer_id: v.customerId,
      vendor_id: v.vendorId,
      member_id: v.memberId,
      service_id: v.serviceId,
      starts_at: startsAt,
      ends_at: lagosInstant(v.day, (v.hour ?? 10) + 1),
      status: v.status,
      payment_status: "unpaid",
      payment_method: "vendor",
      total_kobo: 1_000_000,
      comment: null,
      pay_token: randomToken(),
      hold_expires_at: v.status === "held" ? new Date(Date.now() + 600_000).toISOString() : null,
      paid_by_name: null,
      paid_at: null,
      status_reason: null,
      created_at: startsAt,
      updated_at: startsAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function salon() {
  const { vendorId } = await createVendor(`report${Math.random().toString(36).slice(2, 8)}`);
  const cut = await serviceFor(vendorId, "Cut A");
  const braid = await serviceFor(vendorId, "Braid B");
  const owner = await ownerMemberOf(vendorId);
  const stylist = await addStylist(vendorId, "Report Stylist", [cut, braid]);
  const [c1, c2, c3, c4] = [await createCustomer("One"), await createCustomer("Two"), await createCustomer("Three"), await createCustomer("Four")];
  const at = (vendor: number) => ({ vendorId: vendor });
  const base = at(vendorId);
  const first = await visit({ ...base, memberId: owner, serviceId: cut, customerId: c1.id, day: ago(15), status: "completed" });
  await visit({ ...base, memberId: owner, serviceId: cut, customerId: c1.id, day: addDaysToDay(today, 5), status: "confirmed" });
  await visit({ ...base, memberId: stylist, serviceId: braid, customerId: c2.id, day: ago(30), status: "completed" });
  const second = await visit({ ...base, memberId: stylist, serviceId: braid, customerId: c2.id, day: ago(12), status: "completed" });
  await visit({ ...base, memberId: owner, serviceId: cut, customerId: c3.id, day: ago(14), status: "no_show" });
  await visit({ ...base, memberId: owner, serviceId: cut, customerId: c3.id, day: ago(13), status: "cancelled" });
  await visit({ ...base, memberId: owner, serviceId: cut, customerId: c3.id, day: ago(11), status: "declined" });
  await visit({ ...base, memberId: owner, serviceId: cut, customerId: c4.id, day: ago(19), status: "confirmed" });
  await visit({ ...base, memberId: owner, serviceId: cut, customerId: c4.id, day: ago(18), status: "expired" });
  const db = await getDb();
  await addLedgerEntries(db, [
    { vendorId, kind: "earning", amountKobo: 10_000, title: "Cut A", appointmentId: first, at: lagosInstant(ago(15), 12), account: "pending" },
    { vendorId, kind: "fee", amountKobo: -1_000, title: "Fee", appointmentId: first, at: lagosInstant(ago(15), 12), account: "pending" },
    { vendorId, kind: "earning", amountKobo: 20_000, title: "Braid B", appointmentId: second, at: lagosInstant(ago(12), 12) },
    { vendorId, kind: "fee", amountKobo: -2_000, title: "Fee", appointmentId: second, at: lagosInstant(ago(12), 12) },
    { vendorId, kind: "refund", amountKobo: -5_000, title: "Refund", appointmentId: second, at: lagosInstant(ago(12), 13) },
    { vendorId, kind: "earning", amountKobo: 7_000, title: "Old", appointmentId: first, at: lagosInstant(ago(40), 12) },
    { vendorId, kind: "withdrawal", amountKobo: -3_000, title: "Withdrawal to bank", at: lagosInstant(ago(14), 12) },
    { vendorId, kind: "release", amountKobo: -9_000, title: "Released", appointmentId: first, at: lagosInstant(ago(13), 12), account: "pending" },
    { vendorId, kind: "release", amountKobo: 9_000, title: "Released", appointmentId: first, at: lagosInstant(ago(13), 12) },
  ]);
  return { vendorId, owner, stylist };
}

describe(`Finance's report (${getDialect()})`, () => {
  test("visits by state, no-show and cancellation rates, new and returning clients and the rebooking rate, as defined on the page", async () => {
    const { vendorId, stylist } = await salon();
    const report = await financeReport({ vendorId, fromDay: ago(20), toDay: ago(10) });
    expect(report.visits).toEqual({ requested: 0, confirmed: 1, completed: 2, no_show: 1, cancelled: 1, declined: 1 });
    expect(report.noShowRate).toBeCloseTo(1 / 3);
    expect(report.cancellationRate).toBeCloseTo(1 / 5);
    expect([report.newClients, report.returningClients, report.rebookedClients]).toEqual([1, 1, 1]);
    expect(report.rebookingRate).toBe(0.5);
    expect(report.revenue).toEqual([
      { service: "Braid B", earningKobo: 20_000, deductedKobo: -7_000, netKobo: 13_000 },
      { service: "Cut A", earningKobo: 10_000, deductedKobo: -1_000, netKobo: 9_000 },
    ]);
    expect(report.netKobo).toBe(22_000);

    const theirs = await financeReport({ vendorId, fromDay: ago(20), toDay: ago(10), memberId: stylist });
    expect(theirs.visits.completed).toBe(1);
    expect([theirs.newClients, theirs.returningClients, theirs.rebookingRate]).toEqual([0, 1, 0]);
    expect(theirs.revenue.map((r) => r.service)).toEqual(["Braid B"]);
    const empty = await financeReport({ vendorId, fromDay: ago(9), toDay: ago(8) });
    expect([empty.noShowRate, empty.cancellationRate, empty.rebookingRate, empty.netKobo]).toEqual([null, null, null, 0]);
  });

  test("over all its history the report's net is Finance's Net Income, for a new salon and for the demo salon; members add up to the salon", async () => {
    const { vendorId, owner, stylist } = await salon();
    const whole = { fromDay: ago(365), toDay: today };
    const report = await financeReport({ vendorId, ...whole });
    expect(report.netKobo).toBe(29_000);
    expect(report.netKobo).toBe((await getVendorTotals(vendorId)).netIncomeKobo);
    const byMember =
      (await financeReport({ vendorId, ...whole, memberId: owner })).netKobo + (await financeReport({ vendorId, ...whole, memberId: stylist })).netKobo;
    expect(byMember).toBe(report.netKobo);

    const demo = await vendorBySlug();
    const demoReport = await financeReport({ vendorId: demo.id, ...whole });
    expect(demoReport.netKobo).toBeGreaterThan(0);
    expect(demoReport.netKobo).toBe((await getVendorTotals(demo.id)).netIncomeKobo);
  });

  test("the exports are CSV with commas, quotes and line breaks quoted and formulas disarmed; another salon's rows never appear", async () => {
    const { vendorId, owner } = await salon();
    const service = await serviceFor(vendorId, 'Wash, "Deep" Condition');
    const c = await createCustomer('=HYPERLINK("http://evil")');
    const db = await getDb();
    await db.updateTable("users").set({ last_name: "Line\nBreak", phone: "+2348030001111" }).where("id", "=", c.id).execute();
    await visit({ vendorId, memberId: owner, serviceId: service, customerId: c.id, day: ago(16), status: "completed" });
    const csv = await appointmentsCsv({ vendorId, fromDay: ago(20), toDay: ago(10) });
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Reference,Date,Time,Member,Client,Phone,E-mail,Service,State,Payment,Promo code,Discount (NGN),Gift cards (NGN),Total (NGN)");
    expect(csv).toContain('"\'=HYPERLINK(""http://evil"") Line\nBreak"');
    expect(csv).toContain("'+2348030001111");
    expect(csv).toContain('"Wash, ""Deep"" Condition"');
    expect(csv).toContain(",,0.00,0.00,10000.00\r\n");
    expect(csv).not.toContain("expired");
    // Seven visits in the range (the expired one is no booking), the header and the final line break.
    expect(lines).toHaveLength(1 + 7 + 1);

    // A visit with a promo code and a gift card: the code, what each took off, and what was left to pay.
    const paid = await visit({ vendorId, memberId: owner, serviceId: service, customerId: c.id, day: ago(15), status: "completed" });
    await db
      .updateTable("appointments")
      .set({ promo_code: "GLOW10", promo_kobo: 100_000, gift_kobo: 250_000, total_kobo: 650_000 })
      .where("id", "=", paid)
      .execute();
    const withOffers = await appointmentsCsv({ vendorId, fromDay: ago(20), toDay: ago(10) });
    const ref = (await db.selectFrom("appointments").select("ref").where("id", "=", paid).executeTakeFirstOrThrow()).ref;
    expect(withOffers.split("\r\n").find((l) => l.startsWith(`${ref},`))).toMatch(/,GLOW10,1000\.00,2500\.00,6500\.00$/);

    const ledger = await ledgerCsv({ vendorId, fromDay: ago(20), toDay: ago(10) });
    expect(ledger.split("\r\n")[0]).toBe("Date,Time,Kind,Account,Title,Group,Booking,Amount (NGN)");
    expect(ledger).toContain(",-50.00\r\n");
    expect(ledger).toContain("withdrawal,available,Withdrawal to bank,,,-30.00");
    const other = await createVendor(`other${Math.random().toString(36).slice(2, 8)}`);
    expect((await ledgerCsv({ vendorId: other.vendorId, fromDay: ago(20), toDay: ago(10) })).split("\r\n")).toHaveLength(2);
  });
});
