import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { lagosInstant } from "~/utils/time";
import { getRequest } from "../../tests/request";
import { outcome } from "../../tests/loader";
import { cookieFor } from "../../tests/session";
import { loader as detailLoader } from "../routes/details.$id/route";
import { shared, sharedForAnonymous } from "./shared-data.server";

const featured = async () =>
  await (await getDb()).selectFrom("services").select(["id", "vendor_id", "title"]).where("key", "=", "featured-braids").executeTakeFirstOrThrow();
const detail = (id: number, cookie?: string) =>
  outcome(() => detailLoader({ request: getRequest(`/details/${id}`, { cookie }), params: { id: String(id) }, context: {} }));

describe("shared data for anonymous visitors", () => {
  test("is read once, for everyone without our cookies, until it expires", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const anonymous = getRequest("/x");
    expect(await sharedForAnonymous("t1", anonymous, load)).toBe(1);
    expect(await sharedForAnonymous("t1", getRequest("/x"), load)).toBe(1);
    // Another URL, or a visitor with a session, gets their own.
    expect(await sharedForAnonymous("t1", getRequest("/x?page=2"), load)).toBe(2);
    expect(await sharedForAnonymous("t1", getRequest("/x", { cookie: "glow_session=abc" }), load)).toBe(3);
    expect(await sharedForAnonymous("t1", getRequest("/x", { cookie: "glow_session=abc" }), load)).toBe(4);
    // After ten seconds it is read again.
    expect(await shared("t2", load, 1_000)).toBe(5);
    expect(await shared("t2", load, 11_000)).toBe(5);
    expect(await shared("t2", load, 11_001)).toBe(6);
  });

  test("keeps no failure: a thrown 404 is thrown afresh for the next visitor", async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Response("gone", { status: 404 });
    };
    await expect(shared("t3", failing)).rejects.toBeInstanceOf(Response);
    await expect(shared("t3", failing)).rejects.toBeInstanceOf(Response);
    expect(calls).toBe(2);
  });

  test("a change to the catalogue shows at once; a sign-in or a page view leaves the shared copy alone", async () => {
    const db = await getDb();
    const service = await featured();
    expect((await detail(service.id)).data.service.title).toBe(service.title);

    let loads = 0;
    const load = async () => ++loads;
    expect(await shared("t4", load)).toBe(1);
    await cookieFor("customer@example.com"); // writes a session row
    expect(await shared("t4", load)).toBe(1);

    await db.updateTable("services").set({ title: "Knotless braids, waist length" }).where("id", "=", service.id).execute();
    expect(await shared("t4", load)).toBe(2);
    expect((await detail(service.id)).data.service.title).toBe("Knotless braids, waist length");
  });

  test("a time just booked leaves the service page's free times at once", async () => {
    const db = await getDb();
    const service = await featured();
    const before = (await detail(service.id)).data as { day: string; slots: { hour: number }[] };
    const hour = before.slots[0]!.hour;
    const customer = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("appointments")
      .values({
        ref: "GLW-SHARED",
        customer_id: customer.id,
        vendor_id: service.vendor_id,
        service_id: service.id,
        starts_at: lagosInstant(before.day, hour),
        ends_at: lagosInstant(before.day, hour + 2),
        status: "confirmed",
        payment_status: "unpaid",
        payment_method: null,
        total_kobo: 750_000,
        comment: null,
        pay_token: "shared-data-test-token",
        hold_expires_at: null,
        paid_by_name: null,
        paid_at: null,
        status_reason: null,
        created_at: now,
        updated_at: now,
        idempotency_key: null,
        location_address: null,
      })
      .execute();
    const after = (await detail(service.id)).data as { day: string; slots: { hour: number }[] };
    expect(after.day === before.day ? after.slots.map((s) => s.hour) : []).not.toContain(hour);
  });
});
