import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getRequest } from "../../../tests/request";
import { outcome } from "../../../tests/loader";
import { loader } from "./route";
import { loader as featured } from "../profile.vendor._index";

describe("GET /profile/vendor/{id} and /profile/vendor", () => {
  test("/profile/vendor is the featured vendor: rating, about, tags, location, at most 8 services, similar stylists", async () => {
    const r = await outcome(() => featured({ request: getRequest("/profile/vendor"), params: {}, context: {} }));
    expect(r.status).toBe(200);
    expect(r.data.vendor).toMatchObject({ name: "Ronke's Beauty Lounge", area: "Lekki", city: "Lagos", level: 1, ratingCount: 456 });
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

  test("an unknown or malformed id is a 404", async () => {
    for (const id of ["99999", "x", ""]) {
      const r = await outcome(() => loader({ request: getRequest(`/profile/vendor/${id}`), params: { id }, context: {} }));
      expect(r.status, id).toBe(404);
    }
  });
});
