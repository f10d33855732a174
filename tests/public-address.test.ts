import { beforeEach, describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { loader as servicePage } from "~/routes/details.$id/route";
import { loader as vendorPage } from "~/routes/profile.vendor.$id/route";
import { loader as bookingPage } from "~/routes/booking/route";
import { loader as paymentPage } from "~/routes/payment._index/route";
import { loader as appointmentPage } from "~/routes/user.appointment/route";
import { loader as calendar } from "~/routes/user.appointment_.calendar[.ics]";
import { loader as searchPage } from "~/routes/search.$slug";
import { visitReminder } from "~/models/appointments/reminders.server";
import { createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "./booking";
import { outcome } from "./loader";
import { getRequest } from "./request";
import { cookieFor } from "./session";

// A vendor's personal address (vendors.address, the profile's "Address") is never public: the service page, the
// public profile, the booking pages, the appointment, its calendar file, its reminder and the search show the business
// address when there is one, else only the area and city (docs/security.md, "Personal data").

const PERSONAL = "7 Private Close, Ikoyi";
const BUSINESS = "12 Admiralty Way, Lekki Phase 1";

async function everythingPublic(businessAddress: string | null) {
  const db = await getDb();
  const vendor = await vendorBySlug();
  await db.updateTable("vendors").set({ address: PERSONAL, business_address: businessAddress }).where("id", "=", vendor.id).execute();
  const service = await featuredService();
  const customer = await createCustomer("Bisi");
  const cookie = await cookieFor(customer.email);
  const day = freshOpenDay(vendor.open_days);
  const held = await hold(customer.id, service.id, day, 10);
  const ref = held.ref;
  const texts: string[] = [];
  const page = async (fn: (args: never) => unknown, path: string, params: Record<string, string> = {}) => {
    const r = await outcome(() => fn({ request: getRequest(path, { cookie }), params, context: {} } as never));
    expect(r.status, path).toBeLessThan(400);
    texts.push(`${path}: ${typeof r.data === "string" ? r.data : JSON.stringify(r.data)}`);
  };
  await page(servicePage, `/details/${service.id}`, { id: String(service.id) });
  await page(vendorPage, `/profile/vendor/${vendor.id}`, { id: String(vendor.id) });
  await page(bookingPage, `/booking?service=${service.id}&date=${day}`);
  await page(paymentPage, `/payment?order=${ref}`);
  // Confirmed (paid at the vendor is enough for the detail, the calendar file and the reminder).
  await db.updateTable("appointments").set({ status: "confirmed", hold_expires_at: null }).where("ref", "=", ref).execute();
  await page(appointmentPage, `/user/appointment?ref=${ref}`);
  await page(calendar, `/user/appointment/calendar.ics?ref=${ref}`);
  const found = await outcome(() =>
    searchPage({ request: getRequest(`/search/braids?location=${encodeURIComponent("Private Close")}`), params: { slug: "braids" }, context: {} }),
  );
  texts.push(`search: ${JSON.stringify(found.data.cards)}`);
  const visit = await db.selectFrom("appointments").select(["id", "starts_at"]).where("ref", "=", ref).executeTakeFirstOrThrow();
  const payload = { appointmentId: visit.id, reminder: "24h" as const, startsAt: visit.starts_at };
  const job = { id: 0, kind: "visit.reminder", key: "test", attempts: 0 };
  await visitReminder.run({ db, payload, job, now: new Date(Date.parse(visit.starts_at) - 24 * 3_600_000) });
  const outbox = await db.selectFrom("outbox").select(["subject", "text"]).where("to_address", "=", customer.email).execute();
  texts.push(`mail: ${JSON.stringify(outbox)}`);
  return { texts, found: found.data.cards as unknown[] };
}

describe("the vendor's personal address is never public", () => {
  beforeEach(async () => {
    const db = await getDb();
    const vendor = await vendorBySlug();
    await db.updateTable("vendors").set({ address: "Admiralty Way", business_address: "Admiralty Way" }).where("id", "=", vendor.id).execute();
  });

  test("with a business address: every public place shows it, none shows the personal one", async () => {
    const { texts, found } = await everythingPublic(BUSINESS);
    for (const text of texts) expect(text).not.toContain("Private Close");
    expect(texts.filter((t) => t.includes("Admiralty Way")).length).toBeGreaterThanOrEqual(6);
    expect(found).toEqual([]);
  });

  test("without one: the area and city only", async () => {
    const { texts } = await everythingPublic(null);
    for (const text of texts) expect(text).not.toContain("Private Close");
    expect(texts.some((t) => t.includes("Lekki, Lagos"))).toBe(true);
  });
});
