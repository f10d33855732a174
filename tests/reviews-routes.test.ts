import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { acceptRequest, choosePayToVendor, completeAppointment } from "~/models/appointments/transitions.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.reviews/route";
import { action as detailAction, loader as detailLoader } from "~/routes/user.appointment/route";
import { loader as serviceLoader } from "~/routes/details.$id/route";
import { action as vendorAction, loader as vendorLoader } from "~/routes/vendor.reviews/route";
import { lagosInstant } from "~/utils/time";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "./booking";
import { cookieFor, firstError, get, post, run } from "./booking-routes";
import { createVendor, demoVendor } from "./vendor";

// Reviews over HTTP: who may write, reply and hide, and what the service page shows right after.

async function completedVisit(firstName: string, hour: number, complete = true) {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const customer = await createCustomer(firstName);
  const day = freshOpenDay(vendor.open_days);
  const { ref } = await hold(customer.id, service.id, day, hour);
  await choosePayToVendor(customer.id, ref, null);
  const { id } = await appointmentByRef(ref);
  await acceptRequest(vendor.id, id);
  if (complete) await completeAppointment(vendor.id, id, new Date(new Date(lagosInstant(day, hour)).getTime() + 60_000));
  return { ref, id, service, cookie: await cookieFor(customer.email) };
}

const reviewCount = async (appointmentId: number) =>
  (await (await getDb()).selectFrom("reviews").select("id").where("appointment_id", "=", appointmentId).execute()).length;

type ServicePage = { service: { rating: number; ratingCount: number }; reviews: { items: { author: string; body: string; reply: string | null }[] } };

describe("reviews over HTTP", () => {
  test("the customer of a completed visit reviews it with an ordinary form; the service page counts it at once", async () => {
    const { ref, id, service, cookie } = await completedVisit("Kunle", 10);
    const page = await run<{ review: unknown; detail: { status: string } }>(detailLoader, get(`/user/appointment?tab=past&ref=${ref}`, cookie));
    expect(page.body).toMatchObject({ review: null, detail: { status: "completed" } });
    const before = (await run<ServicePage>(serviceLoader, get(`/details/${service.id}`), { id: String(service.id) })).body;

    const sent = await run(detailAction, post("/user/appointment", { intent: "review", ref, rating: "5", body: "<script>alert(1)</script> Lovely" }, cookie));
    expect(sent.status).toBe(303);
    expect(sent.response!.headers.get("Location")).toBe(`/user/appointment?tab=past&ref=${ref}#review`);
    expect(await reviewCount(id)).toBe(1);

    const after = (await run<ServicePage>(serviceLoader, get(`/details/${service.id}`), { id: String(service.id) })).body;
    expect(after.service.ratingCount).toBe(before.service.ratingCount + 1);
    expect(after.reviews.items[0]).toMatchObject({ author: "Kunle T.", body: "<script>alert(1)</script> Lovely" });
  });

  test("IDOR: another customer's appointment, or one not completed, is refused and nothing is stored", async () => {
    const { ref, id } = await completedVisit("Lola", 12);
    const stranger = await cookieFor((await createCustomer("Mallory")).email);
    const forged = await run(detailAction, post("/user/appointment", { intent: "review", ref, rating: "1", body: "fake" }, stranger));
    expect(forged.status).toBe(404);
    expect(firstError(forged.body)).toBe("We couldn't find that appointment.");
    expect(await reviewCount(id)).toBe(0);

    const open = await completedVisit("Musa", 14, false);
    const early = await run(detailAction, post("/user/appointment", { intent: "review", ref: open.ref, rating: "5", body: "early" }, open.cookie));
    expect(early.status).toBe(409);
    expect(await reviewCount(open.id)).toBe(0);

    const bad = await run(
      detailAction,
      post("/user/appointment", { intent: "review", ref, rating: "9", body: "x" }, (await completedVisit("Nkem", 16)).cookie),
    );
    expect(bad.status).toBe(400);
    const anonymous = await run(detailAction, post("/user/appointment", { intent: "review", ref, rating: "4", body: "x" }));
    expect([302, 303, 401]).toContain(anonymous.status);
    expect(await reviewCount(id)).toBe(0);
  });

  test("the vendor sees the review and replies once; another vendor and a customer cannot reply", async () => {
    const { ref, id, cookie } = await completedVisit("Obi", 11);
    await run(detailAction, post("/user/appointment", { intent: "review", ref, rating: "3", body: "Fine" }, cookie));
    const reviewId = (await (await getDb()).selectFrom("reviews").select("id").where("appointment_id", "=", id).executeTakeFirstOrThrow()).id;
    const demo = await demoVendor();
    const list = await run<{ items: { id: number; author: string }[] }>(vendorLoader, get("/vendor/reviews", demo.cookie));
    expect(list.body.items.some((r) => r.id === reviewId && r.author === "Obi T.")).toBe(true);

    const rival = await createVendor("rivalreply");
    expect((await run(vendorAction, post("/vendor/reviews", { id: String(reviewId), reply: "Us instead" }, rival.cookie))).status).toBe(404);
    expect((await run(vendorAction, post("/vendor/reviews", { id: String(reviewId), reply: "Me" }, cookie))).status).toBe(403);
    expect((await run(vendorAction, post("/vendor/reviews", { id: String(reviewId), reply: "Thanks, Obi!" }, demo.cookie))).status).toBe(303);
    expect((await run(vendorAction, post("/vendor/reviews", { id: String(reviewId), reply: "Twice" }, demo.cookie))).status).toBe(303);
    const row = await (await getDb()).selectFrom("reviews").select("reply_body").where("id", "=", reviewId).executeTakeFirstOrThrow();
    expect(row.reply_body).toBe("Thanks, Obi!");
  });

  test("only the admin hides a review, with a reason; it stops counting at once", async () => {
    const { ref, id, service, cookie } = await completedVisit("Pelu", 15);
    await run(detailAction, post("/user/appointment", { intent: "review", ref, rating: "1", body: "Rude words" }, cookie));
    const reviewId = (await (await getDb()).selectFrom("reviews").select("id").where("appointment_id", "=", id).executeTakeFirstOrThrow()).id;
    const counted = (await run<ServicePage>(serviceLoader, get(`/details/${service.id}`), { id: String(service.id) })).body.service.ratingCount;
    const demo = await demoVendor();
    expect((await run(adminAction, post("/admin/reviews", { id: String(reviewId), reason: "Abusive" }, demo.cookie))).status).toBe(403);
    expect((await run(adminLoader, get("/admin/reviews", cookie))).status).toBe(403);
    const admin = await cookieFor("admin@example.com");
    expect((await run(adminAction, post("/admin/reviews", { id: String(reviewId), reason: "" }, admin))).status).toBe(303);
    expect((await run(adminAction, post("/admin/reviews", { id: String(reviewId), reason: "Abusive language" }, admin))).status).toBe(303);
    const after = (await run<ServicePage>(serviceLoader, get(`/details/${service.id}`), { id: String(service.id) })).body;
    expect(after.service.ratingCount).toBe(counted - 1);
    expect(after.reviews.items.some((r) => r.body === "Rude words")).toBe(false);
  });

  test("the admin lists all, shown or hidden reviews, the catalogue's own too, and shows a hidden one again; it counts again", async () => {
    const admin = await cookieFor("admin@example.com");
    type List = { filter: string; total: number; items: { id: number; hidden: boolean; vendorName: string }[] };
    const list = async (query: string) => (await run<List>(adminLoader, get(`/admin/reviews${query}`, admin))).body;
    const all = await list("");
    // The seeded catalogue's reviews (written before Glow took bookings) are there to moderate as well.
    const seeded = await (await getDb()).selectFrom("reviews").select("id").where("appointment_id", "is", null).where("body", "is not", null).execute();
    expect(seeded.length).toBeGreaterThan(0);
    expect(all.total).toBeGreaterThanOrEqual(seeded.length);
    expect(all.items[0]!.vendorName).toMatch(/\S/);

    const { ref, id, service, cookie } = await completedVisit("Tunde", 16);
    await run(detailAction, post("/user/appointment", { intent: "review", ref, rating: "2", body: "Fine, hidden by mistake" }, cookie));
    const reviewId = (await (await getDb()).selectFrom("reviews").select("id").where("appointment_id", "=", id).executeTakeFirstOrThrow()).id;
    const counted = (await run<ServicePage>(serviceLoader, get(`/details/${service.id}`), { id: String(service.id) })).body.service.ratingCount;
    const hid = await run(adminAction, post("/admin/reviews?show=shown", { intent: "hide", id: String(reviewId), reason: "Looked abusive" }, admin));
    expect(hid.response?.headers.get("Location")).toBe("/admin/reviews?show=shown");
    const hidden = await list("?show=hidden");
    expect(hidden.filter).toBe("hidden");
    expect(hidden.items.every((r) => r.hidden)).toBe(true);
    expect(hidden.items.map((r) => r.id)).toContain(reviewId);
    expect((await list("?show=shown")).items.some((r) => r.id === reviewId || r.hidden)).toBe(false);
    expect((await list("?show=nonsense")).filter).toBe("all");

    // A customer or a vendor cannot show it again.
    const demo = await demoVendor();
    expect((await run(adminAction, post("/admin/reviews", { intent: "unhide", id: String(reviewId) }, demo.cookie))).status).toBe(403);
    const shown = await run(adminAction, post("/admin/reviews?show=hidden", { intent: "unhide", id: String(reviewId) }, admin));
    expect(shown.status).toBe(303);
    expect(shown.response?.headers.get("Location")).toBe("/admin/reviews?show=hidden");
    const after = (await run<ServicePage>(serviceLoader, get(`/details/${service.id}`), { id: String(service.id) })).body;
    expect(after.service.ratingCount).toBe(counted);
    expect(after.reviews.items.some((r) => r.body === "Fine, hidden by mistake")).toBe(true);
    // Twice is refused without changing anything; an unknown review is a 404; a bad intent a 400.
    expect((await run(adminAction, post("/admin/reviews", { intent: "unhide", id: String(reviewId) }, admin))).status).toBe(303);
    expect((await run(adminAction, post("/admin/reviews", { intent: "unhide", id: "99999999" }, admin))).status).toBe(404);
    expect((await run(adminAction, post("/admin/reviews", { intent: "erase", id: String(reviewId) }, admin))).status).toBe(400);
    expect((await run<ServicePage>(serviceLoader, get(`/details/${service.id}`), { id: String(service.id) })).body.service.ratingCount).toBe(counted);
    const audit = await (await getDb()).selectFrom("audit_events").select("action").where("record_id", "=", String(reviewId)).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["review.hide", "review.unhide"]);
  });
});
