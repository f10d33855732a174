import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { lagosInstant } from "~/utils/time";
import { getRequest } from "../../tests/request";
import { outcome } from "../../tests/loader";
import { cookieFor } from "../../tests/session";
import { loader as detailLoader } from "../routes/details.$id/route";
import { shared, sharedByIds, sharedForAnonymous } from "./shared-data.server";

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

  test("values by id: only the ids not kept are read, in one go; one not found is kept as none; a catalogue write drops them", async () => {
    const asked: number[][] = [];
    const load = async (ids: number[]) => {
      asked.push(ids);
      return new Map(ids.filter((id) => id !== 404).map((id) => [id, `card ${id} #${asked.length}`]));
    };
    const first = await sharedByIds("t5", [1, 2, 404], load, 1_000);
    expect([...first]).toEqual([
      [1, "card 1 #1"],
      [2, "card 2 #1"],
      [404, null],
    ]);
    const second = await sharedByIds("t5", [2, 3, 404, 1], load, 2_000);
    expect(asked).toEqual([[1, 2, 404], [3]]);
    expect(second.get(1)).toBe("card 1 #1");
    expect(second.get(3)).toBe("card 3 #2");
    expect(second.get(404)).toBeNull();
    // Another name is another value; past ten seconds an id is read again.
    await sharedByIds("t6", [1], load, 2_000);
    expect((await sharedByIds("t5", [1, 3], load, 11_500)).get(1)).toBe("card 1 #4");
    expect(asked.slice(2)).toEqual([[1], [1]]);
    // A write to the catalogue drops every kept value at once.
    const db = await getDb();
    const service = await featured();
    await db.updateTable("services").set({ title: service.title }).where("id", "=", service.id).execute();
    expect((await sharedByIds("t5", [3], load, 11_600)).get(3)).toBe("card 3 #5");
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

  test("a change to the catalogue shows at once; a sign-in, a page view or a heart leaves the shared copy alone", async () => {
    const db = await getDb();
    const service = await featured();
    expect((await detail(service.id)).data.service.title).toBe(service.title);

    let loads = 0;
    const load = async () => ++loads;
    expect(await shared("t4", load)).toBe(1);
    await cookieFor("customer@example.com"); // writes a session row
    expect(await shared("t4", load)).toBe(1);
    const customer = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    await db.deleteFrom("favorites").where("user_id", "=", customer.id).where("service_id", "=", service.id).execute();
    await db.insertInto("favorites").values({ user_id: customer.id, service_id: service.id, created_at: new Date().toISOString() }).execute(); // a heart
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
