import { beforeAll, describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { createCustomer, featuredService, freshOpenDay, newKey, vendorBySlug } from "../../../tests/booking";
import { cookieFor, get, post, run } from "../../../tests/booking-routes";
import { action, loader } from "./route";

// A home visit outside how far the vendor travels is refused by Book Now itself (docs/domain.md, "Places"), not only
// warned about on the service page. The featured service becomes "both" (salon or home) for a vendor pinned on Lekki's
// centre who travels up to 5 km.

type Reply = { result: { error?: Record<string, string[] | null> } };

let serviceId = 0;
let day = "";

beforeAll(async () => {
  const db = await getDb();
  const service = await featuredService();
  serviceId = service.id;
  await db.updateTable("services").set({ service_type: "both" }).where("id", "=", service.id).execute();
  await db.updateTable("vendors").set({ travel_km: 5, lat: 6.4474, lng: 3.4723 }).where("id", "=", service.vendor_id).execute();
  day = freshOpenDay((await vendorBySlug()).open_days);
});

async function customer() {
  const c = await createCustomer();
  return { ...c, cookie: await cookieFor(c.email) };
}

const fields = (extra: Record<string, string>) => ({
  service: String(serviceId),
  date: day,
  key: newKey(),
  location: "home",
  address: "3 Admiralty Road",
  ...extra,
});

async function ordersOf(customerId: number) {
  const db = await getDb();
  return db.selectFrom("appointments").select(["id", "location_type"]).where("customer_id", "=", customerId).execute();
}

describe(`Book Now checks how far the vendor travels (${getDialect()})`, () => {
  test("a home visit from an area further than the vendor travels is refused beside the area, and nothing is held", async () => {
    const { id, cookie } = await customer();
    const { status, body } = await run<Reply>(action, post("/booking", fields({ time: "10", area: "Ikeja, Lagos" }), cookie));
    expect(status).toBe(400);
    expect(body.result.error?.area).toEqual([
      "Ronke's Beauty Lounge travels up to 5 km for home service, and Ikeja, Lagos is about 21.7 km away. You can still book a visit at the salon.",
    ]);
    expect(await ordersOf(id)).toEqual([]);
  });

  test("a home visit names the customer's area; an area not on the list is refused", async () => {
    const { id, cookie } = await customer();
    const none = await run<Reply>(action, post("/booking", fields({ time: "10" }), cookie));
    expect(none.status).toBe(400);
    expect(none.body.result.error?.area).toEqual(["Please choose your area: Ronke's Beauty Lounge travels up to 5 km for home service."]);
    for (const area of ["Atlantis", '</script><b>"&', "x".repeat(81)]) {
      const odd = await run<Reply>(action, post("/booking", fields({ time: "10", area }), cookie));
      expect(odd.status).toBe(400);
      expect(odd.body.result.error?.area).toEqual(["Please choose your area from the list."]);
    }
    expect(await ordersOf(id)).toEqual([]);
  });

  test("within the distance, and at the salon from anywhere, the visit is held", async () => {
    const near = await customer();
    expect((await run(action, post("/booking", fields({ time: "11", area: "Lekki, Lagos" }), near.cookie))).status).toBe(303);
    expect(await ordersOf(near.id)).toMatchObject([{ location_type: "home" }]);
    const salon = await customer();
    expect((await run(action, post("/booking", fields({ time: "14", location: "salon", area: "Ikeja, Lagos" }), salon.cookie))).status).toBe(303);
    expect(await ordersOf(salon.id)).toMatchObject([{ location_type: "salon" }]);
  });

  test("the page offers the list of areas and keeps the area the service page was told", async () => {
    const { cookie } = await customer();
    const page = await run<{ areas: string[]; area: string }>(
      loader,
      get(`/booking?service=${serviceId}&date=${day}&from=${encodeURIComponent("Yaba, Lagos")}`, cookie),
    );
    expect(page.body.areas).toContain("Lekki, Lagos");
    expect(page.body.area).toBe("Yaba, Lagos");
    const odd = await run<{ area: string }>(loader, get(`/booking?service=${serviceId}&from=${encodeURIComponent("<b>")}`, cookie));
    expect(odd.body.area).toBe("");
  });
});
