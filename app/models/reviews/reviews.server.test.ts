import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getServiceDetail, serviceReviews } from "~/models/catalogue/service-page.server";
import { lagosInstant } from "~/utils/time";
import { acceptRequest, autoCompleteVisits, choosePayToVendor, completeAppointment } from "~/models/appointments/transitions.server";
import { DomainError } from "~/models/refusal";
import { editableUntil, hideReview, replyToReview, saveReview, vendorReviews } from "./reviews.server";
import { REVIEW_MAX_LENGTH, reviewerName } from "./review-rules";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, mailsTo, vendorBySlug } from "../../../tests/booking";
import { createVendor } from "../../../tests/vendor";

const afterStart = (day: string, hour: number) => new Date(new Date(lagosInstant(day, hour)).getTime() + 60_000);

/** A customer's visit to the featured braids, confirmed and (unless `complete` is false) completed. */
async function visit(firstName = "Ngozi", hour = 10, complete = true) {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const customer = await createCustomer(firstName);
  const day = freshOpenDay(vendor.open_days);
  const { ref } = await hold(customer.id, service.id, day, hour);
  await choosePayToVendor(customer.id, ref, null);
  const { id } = await appointmentByRef(ref);
  await acceptRequest(vendor.id, id);
  if (complete) await completeAppointment(vendor.id, id, afterStart(day, hour));
  return { vendor, service, customer, ref, id, completedAt: afterStart(day, hour) };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).message;
};

async function totals(serviceId: number, vendorId: number) {
  const db = await getDb();
  const s = await db.selectFrom("services").select(["rating_count", "rating_sum"]).where("id", "=", serviceId).executeTakeFirstOrThrow();
  const v = await db.selectFrom("vendors").select(["vendor_rating_count", "vendor_rating_sum"]).where("id", "=", vendorId).executeTakeFirstOrThrow();
  return { count: s.rating_count, sum: s.rating_sum, vendorCount: v.vendor_rating_count, vendorSum: v.vendor_rating_sum };
}

describe("reviews", () => {
  test("completion invites the customer by e-mail to review the visit", async () => {
    const { customer, ref } = await visit();
    const mail = (await mailsTo(customer.email)).at(-1)!;
    expect(mail.subject).toMatch(/^Thank you for visiting/);
    expect(mail.text).toContain(`/user/appointment?tab=past&ref=${ref}#review`);
    expect(mail.text).toMatch(/Rate your visit/);
  });

  test("a review of a completed visit counts at once for the service and its vendor; an edit replaces it", async () => {
    const { vendor, service, customer, ref, completedAt } = await visit();
    const before = await totals(service.id, vendor.id);
    expect(await saveReview(customer.id, ref, { rating: 2, body: "  Late start, but neat work.  " }, completedAt)).toBe("created");
    const after = await totals(service.id, vendor.id);
    expect(after).toEqual({ count: before.count + 1, sum: before.sum + 2, vendorCount: before.vendorCount + 1, vendorSum: before.vendorSum + 2 });
    const detail = await getServiceDetail(service.id);
    expect(detail!.ratingCount).toBe(before.count + 1);
    const newest = (await serviceReviews(service.id, 1)).items[0]!;
    expect(newest).toMatchObject({ author: "Ngozi T.", rating: 2, body: "Late start, but neat work.", reply: null });

    // One per appointment: a second save edits it, it never adds another.
    expect(await saveReview(customer.id, ref, { rating: 5, body: "She made up for it." }, new Date(completedAt.getTime() + 86_400_000))).toBe("updated");
    expect(await totals(service.id, vendor.id)).toEqual({ ...after, sum: before.sum + 5, vendorSum: before.vendorSum + 5 });
    const db = await getDb();
    const rows = await db
      .selectFrom("reviews")
      .select("id")
      .where("appointment_id", "=", (await appointmentByRef(ref)).id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test("editable for 14 days after it is written, then refused and unchanged", async () => {
    const { customer, ref, completedAt } = await visit("Bisi", 12);
    await saveReview(customer.id, ref, { rating: 4, body: "Good." }, completedAt);
    const created = await (await getDb()).selectFrom("reviews").select("created_at").where("user_id", "=", customer.id).executeTakeFirstOrThrow();
    const late = new Date(new Date(editableUntil(created.created_at)).getTime() + 1000);
    expect(await refusal(saveReview(customer.id, ref, { rating: 1, body: "Changed my mind" }, late))).toBe(
      "A review can be changed for 14 days after it is written.",
    );
    const row = await (await getDb()).selectFrom("reviews").select(["rating", "body"]).where("user_id", "=", customer.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 4, body: "Good." });
  });

  test("only that customer, only a completed visit, only 1-5 stars and a bounded text", async () => {
    const { customer, ref, service, vendor } = await visit("Chidi", 14, false);
    const before = await totals(service.id, vendor.id);
    expect(await refusal(saveReview(customer.id, ref, { rating: 5, body: "Great" }))).toBe("You can review a visit once the vendor has marked it completed.");
    const done = await visit("Dapo", 16);
    const stranger = await createCustomer("Eve");
    expect(await refusal(saveReview(stranger.id, done.ref, { rating: 1, body: "Never went" }))).toBe("We couldn't find that appointment.");
    expect(await refusal(saveReview(done.customer.id, done.ref, { rating: 6, body: "Too good" }))).toBe("Please choose 1 to 5 stars.");
    expect(await refusal(saveReview(done.customer.id, done.ref, { rating: 0, body: "x" }))).toBe("Please choose 1 to 5 stars.");
    expect(await refusal(saveReview(done.customer.id, done.ref, { rating: 4, body: "   " }))).toBe("Please tell others about your visit.");
    expect(await refusal(saveReview(done.customer.id, done.ref, { rating: 4, body: "x".repeat(REVIEW_MAX_LENGTH + 1) }))).toMatch(/under 1000 characters/);
    expect(await totals(service.id, vendor.id)).toEqual(before);
  });

  test("two saves of one appointment at once make one review", async () => {
    const { customer, ref, id, service, vendor } = await visit("Femi", 11);
    const before = await totals(service.id, vendor.id);
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((n) => saveReview(customer.id, ref, { rating: n, body: `Try ${n}` })));
    expect(outcomes.every((o) => o.status === "fulfilled")).toBe(true);
    const rows = await (await getDb()).selectFrom("reviews").select(["rating"]).where("appointment_id", "=", id).execute();
    expect(rows).toHaveLength(1);
    const after = await totals(service.id, vendor.id);
    expect(after.count).toBe(before.count + 1);
    expect(after.sum).toBe(before.sum + rows[0]!.rating);
  });

  test("the vendor replies once, publicly; another vendor cannot", async () => {
    const { customer, ref, vendor, service } = await visit("Gbenga", 13);
    await saveReview(customer.id, ref, { rating: 3, body: "Okay <b>visit</b>" });
    const reviewId = (await vendorReviews(vendor.id, 1)).items.find((r) => r.author === "Gbenga T.")!.id;
    const other = await createVendor("rival");
    expect(await refusal(replyToReview(other.vendorId, reviewId, "Come to us instead"))).toBe("We couldn't find that review.");
    await replyToReview(vendor.id, reviewId, "Thank you, we'll do better.");
    expect(await refusal(replyToReview(vendor.id, reviewId, "Again"))).toBe("You have already replied to this review.");
    const shown = (await serviceReviews(service.id, 50)).items.find((r) => r.id === reviewId)!;
    expect(shown).toMatchObject({ body: "Okay <b>visit</b>", reply: "Thank you, we'll do better." });
  });

  test("a hidden review stops counting and showing at once; its author can no longer edit it", async () => {
    const { customer, ref, vendor, service } = await visit("Hauwa", 15);
    const before = await totals(service.id, vendor.id);
    await saveReview(customer.id, ref, { rating: 1, body: "Abusive words" });
    const reviewId = (await vendorReviews(vendor.id, 1)).items.find((r) => r.author === "Hauwa T.")!.id;
    expect(await refusal(hideReview(reviewId, "  "))).toBe("Please give a reason.");
    await hideReview(reviewId, "Insults the stylist");
    expect(await totals(service.id, vendor.id)).toEqual(before);
    expect((await serviceReviews(service.id, 50)).items.some((r) => r.id === reviewId)).toBe(false);
    expect(await refusal(hideReview(reviewId, "again"))).toBe("This review is already hidden.");
    expect(await refusal(saveReview(customer.id, ref, { rating: 5, body: "Sorry" }))).toBe("This review was hidden by Glow and can no longer be changed.");
    expect((await vendorReviews(vendor.id, 1)).items.find((r) => r.id === reviewId)!.hiddenReason).toBe("Insults the stylist");
  });

  test("reviewers show as first name and initial", () => {
    expect(reviewerName("Tolu", "adebayo", null)).toBe("Tolu A.");
    expect(reviewerName("Tolu", "", null)).toBe("Tolu");
    expect(reviewerName(null, null, "Chioma O.")).toBe("Chioma O.");
  });

  test("automatic completion invites the review too (the same transition)", async () => {
    const { customer, ref } = await visit("Auto", 9, false);
    const until = new Date(Date.now() + 400 * 86_400_000);
    expect(await autoCompleteVisits(until)).toBeGreaterThan(0);
    expect((await appointmentByRef(ref)).status).toBe("completed");
    expect((await mailsTo(customer.email)).at(-1)!.text).toContain(`ref=${ref}#review`);
    expect(await saveReview(customer.id, ref, { rating: 5, body: "Auto-completed, still lovely" }, until)).toBe("created");
  });
});
