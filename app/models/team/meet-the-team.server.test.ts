import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { hideReview, saveReview } from "~/models/reviews/reviews.server";
import { setMemberActive } from "~/models/team/edit-team.server";
import { createCustomer } from "../../../tests/booking";
import { plantFor } from "../../../tests/staff";
import { addStylist, ownerMemberOf, serviceFor } from "../../../tests/team";
import { createVendor } from "../../../tests/vendor";
import { averageRating, meetTheTeam } from "./meet-the-team.server";

// "Meet the team": active members in display order, each rated by the reviews of their own visits.

async function reviewedVisit(vendorId: number, memberId: number, rating: number) {
  const customer = await createCustomer();
  const visit = await plantFor({ vendorId, memberId, customerId: customer.id, hoursFromNow: -30, status: "confirmed" });
  await (await getDb()).updateTable("appointments").set({ status: "completed" }).where("id", "=", visit.id).execute();
  await saveReview(customer.id, visit.ref, { rating, body: "Lovely work, thank you." });
  return (await (await getDb()).selectFrom("reviews").select("id").where("appointment_id", "=", visit.id).executeTakeFirstOrThrow()).id;
}

describe(`meet the team (${getDialect()})`, () => {
  test("the average of a member's own reviewed visits with the count; none is null; a hidden review counts for no one", async () => {
    const v = await createVendor("meet-team");
    await serviceFor(v.vendorId, "Silk press");
    const owner = await ownerMemberOf(v.vendorId);
    const ada = await addStylist(v.vendorId, "Ada Five", []);
    const bola = await addStylist(v.vendorId, "Bola New", []);
    const gone = await addStylist(v.vendorId, "Gone Away", []);
    await reviewedVisit(v.vendorId, ada, 5);
    await reviewedVisit(v.vendorId, ada, 4);
    const rude = await reviewedVisit(v.vendorId, ada, 1);
    await hideReview(rude, "Abusive language");
    await reviewedVisit(v.vendorId, owner, 3);
    await setMemberActive(v.vendorId, gone, false);

    const team = await meetTheTeam(v.vendorId);
    expect(team.map((m) => [m.id, m.rating, m.reviewCount])).toEqual([
      [owner, 3, 1],
      [ada, 4.5, 2],
      [bola, null, 0],
    ]);
    expect(team[1]).toMatchObject({ name: "Ada Five", title: "Stylist", photo: null });
  });

  test("a salon whose owner is the only active member shows no team", async () => {
    const v = await createVendor("meet-solo");
    expect(await meetTheTeam(v.vendorId)).toEqual([]);
    const left = await addStylist(v.vendorId, "Left Already", []);
    expect((await meetTheTeam(v.vendorId)).map((m) => m.name)).toHaveLength(2);
    await setMemberActive(v.vendorId, left, false);
    expect(await meetTheTeam(v.vendorId)).toEqual([]);
  });

  test("averages round to one decimal", () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(14, 3)).toBe(4.7);
  });
});
