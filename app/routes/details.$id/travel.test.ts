import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getRequest } from "../../../tests/request";
import { outcome } from "../../../tests/loader";
import { loader } from "./route";

// A home-service customer outside the distance the vendor travels is told so on the service page, before choosing a
// time (docs/domain.md, "Places").

async function homeService() {
  const db = await getDb();
  const s = await db
    .selectFrom("services as s")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .select(["s.id", "v.id as vendorId", "v.business_name"])
    .where("v.slug", "=", "demo-vendor")
    .where("s.status", "=", "active")
    .where("s.service_type", "in", ["home", "both"])
    .orderBy("s.id")
    .executeTakeFirstOrThrow();
  // The demo vendor works in Lekki (its area's centre) and travels 10 km.
  await db.updateTable("vendors").set({ travel_km: 10, lat: 6.4474, lng: 3.4723 }).where("id", "=", s.vendorId).execute();
  return s;
}

const page = (id: number, from: string) =>
  outcome(() => loader({ request: getRequest(`/details/${id}?date=tomorrow&from=${encodeURIComponent(from)}`), params: { id: String(id) }, context: {} }));

describe("the travel distance of a home service", () => {
  test("a customer further away is told before the times; one within it, or who says nothing, is not", async () => {
    const s = await homeService();
    const far = await page(s.id, "Ikeja, Lagos");
    expect(far.status).toBe(200);
    expect(far.data.areas).toContain("Ikeja, Lagos");
    expect(far.data.from).toBe("Ikeja, Lagos");
    expect(far.data.travelNote).toMatch(new RegExp(`^${s.business_name} travels up to 10 km for home service, and Ikeja, Lagos is about 21\\.7 km away\\.`));
    expect((await page(s.id, "Victoria Island, Lagos")).data.travelNote).toBeNull();
    expect((await page(s.id, "")).data.travelNote).toBeNull();
  });

  test("an area that is not on the list is ignored, whatever it says", async () => {
    const s = await homeService();
    for (const from of ["Atlantis, Lagos", "</script>", "x".repeat(500), "Lekki"]) {
      const r = await page(s.id, from);
      expect(r.status, from).toBe(200);
      expect(r.data.travelNote, from).toBeNull();
      expect(r.data.from, from).toBe("");
    }
  });
});
