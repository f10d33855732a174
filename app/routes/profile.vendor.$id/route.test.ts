import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getRequest } from "../../../tests/request";
import { outcome } from "../../../tests/loader";
import { loader } from "./route";
import { loader as featured } from "../profile.vendor._index";
import { saveWeek } from "~/models/schedule/edit-schedule.server";
import { createVendor } from "../../../tests/vendor";
import { addStylist } from "../../../tests/team";

describe("GET /profile/vendor/{id} and /profile/vendor", () => {
  test("/profile/vendor is the featured vendor: rating, about, tags, location, at most 8 services, similar stylists", async () => {
    const r = await outcome(() => featured({ request: getRequest("/profile/vendor"), params: {}, context: {} }));
    expect(r.status).toBe(200);
    expect(r.data.vendor).toMatchObject({ name: "Ronke's Beauty Lounge", area: "Lekki", city: "Lagos", level: 2, ratingCount: 456 });
    expect(r.data.vendor.tags.length).toBeGreaterThan(0);
    expect(r.data.services.length).toBeGreaterThan(0);
    expect(r.data.services.length).toBeLessThanOrEqual(8);
    expect(r.data.similar.length).toBeGreaterThanOrEqual(3);
    expect(r.data.similar.some((v: { id: number }) => v.id === r.data.vendor.id)).toBe(false);
  });

  test("a vendor with more than 8 active services shows only the first 8", async () => {
    const db = await getDb();
    const busiest = await db
      .selectFrom("services")
      .select(["vendor_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("status", "=", "active")
      .groupBy("vendor_id")
      .orderBy((eb) => eb.fn.countAll(), "desc")
      .executeTakeFirstOrThrow();
    expect(Number(busiest.n)).toBeGreaterThan(8);
    const r = await outcome(() =>
      loader({ request: getRequest(`/profile/vendor/${busiest.vendor_id}`), params: { id: String(busiest.vendor_id) }, context: {} }),
    );
    expect(r.data.services).toHaveLength(8);
  });

  test("Meet the team: the demo salon's active members in display order with their ratings; a salon of one has none; anonymous visitors see a change", async () => {
    const r = await outcome(() => featured({ request: getRequest("/profile/vendor"), params: {}, context: {} }));
    expect(r.data.team.map((m: { name: string; title: string }) => [m.name, m.title])).toEqual([
      ["Ronke Alabi", ""],
      ["Tolu Bakare", "Senior braider"],
      ["Chidi Okafor", "Nail technician"],
    ]);
    expect(r.data.team.every((m: { rating: number | null; reviewCount: number }) => (m.rating === null) === (m.reviewCount === 0))).toBe(true);

    const solo = await createVendor("profile-solo");
    const page = () => outcome(() => loader({ request: getRequest(`/profile/vendor/${solo.vendorId}`), params: { id: String(solo.vendorId) }, context: {} }));
    expect((await page()).data.team).toEqual([]);
    // The anonymous page's shared data is dropped on the write: the next visitor meets the new member.
    await addStylist(solo.vendorId, "Nkechi Joined", []);
    expect((await page()).data.team.map((m: { name: string }) => m.name)).toEqual(["Second Vendor", "Nkechi Joined"]);
  });

  test("an unknown or malformed id is a 404", async () => {
    for (const id of ["99999", "x", ""]) {
      const r = await outcome(() => loader({ request: getRequest(`/profile/vendor/${id}`), params: { id }, context: {} }));
      expect(r.status, id).toBe(404);
    }
  });

  test("opening hours are the vendor's own week, day by day: a short Saturday, a break, midnight, closed days", async () => {
    const seeded = await outcome(() => featured({ request: getRequest("/profile/vendor"), params: {}, context: {} }));
    expect(seeded.data.vendor.openingHours).toEqual([
      { days: "Mon – Sat", hours: ["9:00 am – 7:00 pm"] },
      { days: "Sun", hours: ["Closed"] },
    ]);

    const id = seeded.data.vendor.id as number;
    const day = (d: number, opens: number, closes: number, breakStarts: number | null = null, breakEnds: number | null = null) => ({
      day: d,
      opens,
      closes,
      breakStarts,
      breakEnds,
    });
    await saveWeek(id, [day(1, 9, 19), day(2, 9, 19), day(3, 9, 19, 13, 14), day(5, 12, 24), day(6, 10, 16)]);
    const r = await outcome(() => loader({ request: getRequest(`/profile/vendor/${id}`), params: { id: String(id) }, context: {} }));
    expect(r.data.vendor.openingHours).toEqual([
      { days: "Mon – Tue", hours: ["9:00 am – 7:00 pm"] },
      { days: "Wed", hours: ["9:00 am – 1:00 pm", "2:00 pm – 7:00 pm"] },
      { days: "Thu", hours: ["Closed"] },
      { days: "Fri", hours: ["12:00 pm – 12:00 am (midnight)"] },
      { days: "Sat", hours: ["10:00 am – 4:00 pm"] },
      { days: "Sun", hours: ["Closed"] },
    ]);
  });
});
