import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { completeAppointment } from "~/models/appointments/transitions.server";
import { breakdownPage } from "~/models/money/breakdown.server";
import { saveReview, vendorReviews } from "~/models/reviews/reviews.server";
import { loader as financeLoader } from "~/routes/vendor.finance";
import { loader as reviewsLoader } from "~/routes/vendor.reviews/route";
import { createCustomer } from "./booking";
import { get, run } from "./booking-routes";
import { plantFor } from "./staff";
import { addStylist, ownerMemberOf, serviceFor } from "./team";
import { createVendor } from "./vendor";

// The "Stylist" filter of Finance's Breakdown and of the vendor's reviews (docs/domain.md, "The team"): one member's
// lines and reviews; the members' totals and what belongs to no visit add up to the unfiltered total; an id that is
// not one of the salon's members is "not found"; a salon of one is offered no filter.

type Finance = { rows: { ref: string | null }[]; lineCount: number; sumKobo: number; members: { id: number; name: string }[]; member: number | null };
type Reviews = { items: { id: number }[]; total: number; members: { id: number }[]; member: number | null };

/** A salon of three with a completed, reviewed visit paid in person for each member (two for the first stylist). */
async function salon(name: string) {
  const v = await createVendor(name);
  await serviceFor(v.vendorId, "Silk press");
  const owner = await ownerMemberOf(v.vendorId);
  const ada = await addStylist(v.vendorId, "Ada Filter", []);
  const bola = await addStylist(v.vendorId, "Bola Filter", []);
  for (const [memberId, hoursAgo] of [
    [owner, 30],
    [ada, 40],
    [ada, 50],
    [bola, 60],
  ] as const) {
    const customer = await createCustomer();
    const visit = await plantFor({ vendorId: v.vendorId, memberId, customerId: customer.id, hoursFromNow: -hoursAgo, status: "confirmed" });
    await completeAppointment(v.vendorId, visit.id);
    await saveReview(customer.id, visit.ref, { rating: 5, body: "Neat and on time." });
  }
  // A line of no visit: the salon's own withdrawal.
  await (
    await getDb()
  )
    .insertInto("ledger_entries")
    .values({
      vendor_id: v.vendorId,
      kind: "withdrawal",
      amount_kobo: -100_000,
      title: "Withdrawal",
      group_name: null,
      appointment_id: null,
      withdrawal_id: null,
      created_at: new Date().toISOString(),
      account: "available",
    })
    .execute();
  return { ...v, members: [owner, ada, bola], ada };
}

describe(`the Stylist filter (${getDialect()})`, () => {
  test("Finance's Breakdown: one member's lines; the members' sums and the lines of no visit add up to the unfiltered sum", async () => {
    const v = await salon("filter-money");
    const all = await breakdownPage({ vendorId: v.vendorId, page: 1, pageSize: 50 });
    const each = await Promise.all(v.members.map((memberId) => breakdownPage({ vendorId: v.vendorId, memberId, page: 1, pageSize: 50 })));
    expect(each.map((b) => b.total)).toEqual([1, 2, 1]);
    expect(each.every((b) => b.sumKobo !== 0)).toBe(true);
    const noVisit = all.lines.filter((l) => l.ref === null);
    expect(noVisit.map((l) => l.amountKobo)).toEqual([-100_000]);
    expect(each.reduce((s, b) => s + b.sumKobo, 0) + noVisit.reduce((s, l) => s + l.amountKobo, 0)).toBe(all.sumKobo);
    expect(each.reduce((s, b) => s + b.total, 0) + noVisit.length).toBe(all.total);

    // Over HTTP: the owner's page with the select, one member's lines, and refusals for ids not of the salon.
    const page = await run<Finance>(financeLoader, get(`/vendor/finance?member=${v.ada}`, v.cookie));
    expect(page.status).toBe(200);
    expect(page.body.members.map((m) => m.name)).toEqual(["Second Vendor", "Ada Filter", "Bola Filter"]);
    expect(page.body).toMatchObject({ member: v.ada, lineCount: 2, sumKobo: each[1]!.sumKobo });
    const other = await salon("filter-money-other");
    for (const bad of [String(other.ada), "999999999", "abc", "-1", "1.5"]) {
      const refused = await run(financeLoader, get(`/vendor/finance?member=${encodeURIComponent(bad)}`, v.cookie));
      expect(refused.status, bad).toBe(404);
      expect(await refused.response!.text()).toBe("We couldn't find that team member among yours.");
    }
  });

  test("the reviews: one member's visits; the members' counts and the reviews of no member add up to all", async () => {
    const v = await salon("filter-reviews");
    const all = await vendorReviews(v.vendorId, 1);
    const each = await Promise.all(v.members.map((memberId) => vendorReviews(v.vendorId, 1, memberId)));
    expect(each.map((r) => r.total)).toEqual([1, 2, 1]);
    expect(each.reduce((s, r) => s + r.total, 0)).toBe(all.total);

    const page = await run<Reviews>(reviewsLoader, get(`/vendor/reviews?member=${v.ada}`, v.cookie));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ member: v.ada, total: 2 });
    expect(page.body.items.map((r) => r.id).sort()).toEqual(each[1]!.items.map((r) => r.id).sort());
    expect((await run(reviewsLoader, get("/vendor/reviews?member=nobody", v.cookie))).status).toBe(404);
  });

  test("a salon of one is offered no filter; with no member chosen the lists are as before", async () => {
    const solo = await createVendor("filter-solo");
    const finance = await run<Finance>(financeLoader, get("/vendor/finance", solo.cookie));
    expect(finance.body).toMatchObject({ members: [], member: null });
    const reviews = await run<Reviews>(reviewsLoader, get("/vendor/reviews", solo.cookie));
    expect(reviews.body).toMatchObject({ members: [], member: null });
  });
});
