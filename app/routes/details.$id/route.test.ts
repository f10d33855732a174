import { describe, expect, test, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { blockedSentence, setClientBlocked } from "~/models/client-rules/client-rules.server";
import { addDaysToDay, isoWeekday, lagosInstant, lagosToday } from "~/utils/time";
import { cookiesFrom, getRequest } from "../../../tests/request";
import { outcome } from "../../../tests/loader";
import { cookieFor } from "../../../tests/session";
import { loader } from "./route";
import { loader as featuredLoader } from "../details._index";
import { loader as pixel } from "../details_.$id.viewed";

const detail = (id: string, query = "", cookie?: string) =>
  outcome(() => loader({ request: getRequest(`/details/${id}${query}`, { cookie }), params: { id }, context: {} }));
const view = (id: string, init: { cookie?: string; ua?: string } = {}) => {
  const request = getRequest(`/details/${id}/viewed`, { cookie: init.cookie });
  request.headers.set("User-Agent", init.ua ?? "Mozilla/5.0 (Linux; Android 10) Chrome/120 Mobile");
  return outcome(() => pixel({ request, params: { id }, context: {} }));
};
const featuredId = async () => (await (await getDb()).selectFrom("services").select("id").where("key", "=", "featured-braids").executeTakeFirstOrThrow()).id;

describe("GET /details/{id} and /details", () => {
  test("/details shows the featured service: Hair > Braids, ₦7,500, 120 min, 4.56 from 458 ratings; vendor Level 2 (earned: 38 completed visits at 4.51) with 456 ratings", async () => {
    const r = await outcome(() => featuredLoader({ request: getRequest("/details"), params: {}, context: {} }));
    expect(r.status).toBe(200);
    expect(r.data.service).toMatchObject({ group: "Hair", style: "Braids", priceKobo: 750_000, durationMin: 120, rating: 4.56, ratingCount: 458 });
    expect(r.data.service.vendor).toMatchObject({ level: 2, ratingCount: 456 });
    expect(r.data.reviews).toMatchObject({ total: 8, pages: 1, hasMore: true });
    expect(r.data.reviews.items.map((x: { author: string }) => x.author)).toEqual(["Chioma O.", "Aisha B."]);
    // "+ See more" pages through all of them.
    const more = await outcome(() => featuredLoader({ request: getRequest("/details?reviews=2"), params: {}, context: {} }));
    expect(more.data.reviews).toMatchObject({ total: 8, pages: 2, hasMore: false });
    expect(more.data.reviews.items).toHaveLength(8);
    expect(r.data.others.length).toBeGreaterThan(0);
    expect(r.data.others.every((c: { vendorName: string }) => c.vendorName === "Ronke's Beauty Lounge")).toBe(true);
    expect(r.data.alsoViewed).toHaveLength(4);
    // The related carousel holds four cards (one more than the widest screen shows), none of them also viewed.
    expect(r.data.related).toHaveLength(4);
    expect(r.data.related.some((c: { id: number }) => r.data.alsoViewed.some((a: { id: number }) => a.id === c.id))).toBe(false);
  });

  test("the page everyone shares shows each signed-in person's own hearts, on the service and its card lists", async () => {
    const id = await featuredId();
    const db = await getDb();
    const user = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const first = await detail(String(id), "", await cookieFor("customer@example.com"));
    const card = [...first.data.others, ...first.data.related].find((c: { favorite: boolean }) => !c.favorite) as { id: number };
    await db
      .insertInto("favorites")
      .values([id, card.id].map((service_id) => ({ user_id: user.id, service_id, created_at: new Date().toISOString() })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    try {
      const hearts = (r: Awaited<ReturnType<typeof detail>>) => [
        r.data.service.favorite,
        [...r.data.others, ...r.data.related].find((c: { id: number }) => c.id === card.id).favorite,
      ];
      expect(hearts(await detail(String(id), "", await cookieFor("customer@example.com")))).toEqual([true, true]);
      expect(hearts(await detail(String(id), "", await cookieFor("vendor@example.com")))).toEqual([false, false]);
      expect(hearts(await detail(String(id)))).toEqual([false, false]);
    } finally {
      const added = first.data.service.favorite ? [card.id] : [id, card.id];
      await db.deleteFrom("favorites").where("user_id", "=", user.id).where("service_id", "in", added).execute();
    }
  });

  test("an unknown, non-numeric or non-public service id is a clear 404", async () => {
    for (const id of ["999999", "abc", "1.5", "-1", "9".repeat(40)]) {
      const r = await detail(id);
      expect(r.status, id).toBe(404);
      expect(r.data).toMatch(/couldn't find that service/);
    }
    const paused = await (await getDb()).selectFrom("services").select("id").where("status", "=", "paused").executeTakeFirstOrThrow();
    expect((await detail(String(paused.id))).status).toBe(404);
  });

  test("a malformed or past date says 'Date input not valid.' (400); 'tomorrow' gives tomorrow's free hours", async () => {
    const id = String(await featuredId());
    const bad = await detail(id, "?date=banana");
    expect(bad.status).toBe(400);
    expect(bad.data.dateError).toBe("Date input not valid.");
    expect((await detail(id, `?date=${addDaysToDay(lagosToday(), -1)}`)).data.dateError).toBe("Date input not valid.");
    const tomorrow = await detail(id, "?date=tomorrow");
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.data.day).toBe(addDaysToDay(lagosToday(), 1));
  });

  test("the time picker offers only hours the vendor is free, hourly, as h:mm am/pm", async () => {
    const db = await getDb();
    const service = await db.selectFrom("services").select(["id", "vendor_id", "duration_min"]).where("key", "=", "featured-braids").executeTakeFirstOrThrow();
    let day = addDaysToDay(lagosToday(), 20);
    while (isoWeekday(day) === 7) day = addDaysToDay(day, 1);
    const before = await detail(String(service.id), `?date=${day}`);
    expect(before.data.slots.map((s: { label: string }) => s.label)).toContain("11:00 am");
    const customer = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    await db
      .insertInto("appointments")
      .values({
        ref: "GLW-TEST01",
        customer_id: customer.id,
        vendor_id: service.vendor_id,
        service_id: service.id,
        starts_at: lagosInstant(day, 11),
        ends_at: lagosInstant(day, 13),
        status: "confirmed",
        payment_status: "unpaid",
        payment_method: null,
        total_kobo: 750_000,
        comment: null,
        pay_token: "test-token-details",
        hold_expires_at: null,
        paid_by_name: null,
        paid_at: null,
        status_reason: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const after = await detail(String(service.id), `?date=${day}`);
    const hours = after.data.slots.map((s: { hour: number }) => s.hour);
    // A 2-hour service cannot start at 10 (runs into 11), 11 or 12 (overlap the 11-13 booking).
    expect(hours).not.toContain(10);
    expect(hours).not.toContain(11);
    expect(hours).not.toContain(12);
    expect(hours).toContain(13);
  });

  test("a date without free times says why: a closed weekday, a day off with its note, the horizon, the notice, fully booked", async () => {
    const db = await getDb();
    const service = await db.selectFrom("services").select(["id", "vendor_id"]).where("key", "=", "featured-braids").executeTakeFirstOrThrow();
    const vendor = await db.selectFrom("vendors").select("business_name").where("id", "=", service.vendor_id).executeTakeFirstOrThrow();
    const id = String(service.id);
    const openDay = (from: number) => {
      let day = addDaysToDay(lagosToday(), from);
      while (isoWeekday(day) === 7) day = addDaysToDay(day, 1);
      return day;
    };
    const reason = async (day: string) => {
      const r = await detail(id, `?date=${day}`);
      expect(r.status).toBe(200);
      expect(r.data.day).toBe(day);
      expect(r.data.slots).toEqual([]);
      return r.data.noSlotsReason as string;
    };
    let sunday = addDaysToDay(lagosToday(), 8);
    while (isoWeekday(sunday) !== 7) sunday = addDaysToDay(sunday, 1);
    expect(await reason(sunday)).toBe(`${vendor.business_name} is closed on Sundays. Please choose another day.`);

    const holiday = openDay(10);
    await db
      .insertInto("vendor_time_off")
      .values({ vendor_id: service.vendor_id, starts_on: holiday, ends_on: holiday, note: "Public holiday", created_at: new Date().toISOString() })
      .execute();
    expect(await reason(holiday)).toMatch(new RegExp(`^${vendor.business_name} is closed on .+ \\(Public holiday\\)\\. Please choose another day\\.$`));

    await db.updateTable("vendors").set({ max_days_ahead: 30 }).where("id", "=", service.vendor_id).execute();
    expect(await reason(openDay(40))).toBe(`${vendor.business_name} takes bookings up to 30 days ahead. Please choose an earlier date.`);

    // Three days' notice: every time up to the end of the day after tomorrow is too soon.
    await db.updateTable("vendors").set({ min_notice_minutes: 4320 }).where("id", "=", service.vendor_id).execute();
    expect(await reason(openDay(1))).toBe(`${vendor.business_name} needs 3 days notice, so no time is left on this day. Please choose a later day.`);
    await db.updateTable("vendors").set({ min_notice_minutes: 120 }).where("id", "=", service.vendor_id).execute();

    const full = openDay(12);
    const customer = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("appointments")
      .values({
        ref: "GLW-FULL01",
        customer_id: customer.id,
        vendor_id: service.vendor_id,
        service_id: service.id,
        starts_at: lagosInstant(full, 0),
        ends_at: lagosInstant(full, 24),
        status: "confirmed",
        payment_status: "unpaid",
        payment_method: "vendor",
        total_kobo: 750_000,
        comment: null,
        pay_token: "test-token-full",
        hold_expires_at: null,
        paid_by_name: null,
        paid_at: null,
        status_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await reason(full)).toBe("Fully booked on this day. Please choose another day.");
    // A day with free times has no reason to give.
    expect((await detail(id, `?date=${openDay(14)}`)).data.noSlotsReason).toBeNull();
  });

  test("'+ See more' pages through written reviews; a silly reviews page is bounded", async () => {
    const db = await getDb();
    const many = await db
      .selectFrom("reviews")
      .select(["service_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("body", "is not", null)
      .groupBy("service_id")
      .having((eb) => eb.fn.countAll(), ">", 3)
      .executeTakeFirstOrThrow();
    const id = String(many.service_id);
    const one = await detail(id);
    expect(one.data.reviews.items).toHaveLength(2);
    expect(one.data.reviews.hasMore).toBe(true);
    const two = await detail(id, "?reviews=2");
    expect(two.data.reviews.items.length).toBeGreaterThan(2);
    expect(two.data.reviews.items.slice(0, 2)).toEqual(one.data.reviews.items);
    expect((await detail(id, "?reviews=abc")).status).toBe(200);
    expect((await detail(id, "?reviews=999999999")).data.reviews.pages).toBe(100);
  });
});

describe("GET /details/{id}/viewed (recently viewed)", () => {
  test("an anonymous browser gets a random id cookie and its own history; another browser sees none of it", async () => {
    const id = await featuredId();
    const first = await view(String(id));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/gif");
    const cookie = cookiesFrom(first.response!);
    expect(cookie).toMatch(/^glow_bid=/);
    await view(String(id + 1), { cookie });
    const db = await getDb();
    const owner = (
      await db
        .selectFrom("recently_viewed")
        .select("owner")
        .where("service_id", "=", id + 1)
        .where("owner", "like", "b:%")
        .executeTakeFirstOrThrow()
    ).owner;
    const rows = await db.selectFrom("recently_viewed").select("service_id").where("owner", "=", owner).orderBy("viewed_at", "desc").execute();
    expect(rows.map((r) => r.service_id).sort()).toEqual([id, id + 1]);
  });

  test("a signed-in person's views are theirs; crawlers, unknown and hidden services record nothing", async () => {
    const cookie = await cookieFor("customer@example.com");
    const id = await featuredId();
    // The view's own row, stamped by this request (the seeded views of the demo customer may share its millisecond,
    // so "the newest row" would not name it reliably).
    const viewedFrom = Date.now() - 1;
    expect((await view(String(id), { cookie })).headers.get("Set-Cookie")).toBeNull();
    const db = await getDb();
    const user = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const mine = await db
      .selectFrom("recently_viewed")
      .select("viewed_at")
      .where("owner", "=", `u:${user.id}`)
      .where("service_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(new Date(mine.viewed_at).getTime()).toBeGreaterThanOrEqual(viewedFrom);

    const count = async () =>
      Number(
        (
          await db
            .selectFrom("recently_viewed")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await view(String(id), { ua: "Googlebot/2.1 (+http://www.google.com/bot.html)" })).status).toBe(200);
    expect((await view("999999")).status).toBe(404);
    expect((await view("abc")).status).toBe(404);
    const paused = await db.selectFrom("services").select("id").where("status", "=", "paused").executeTakeFirstOrThrow();
    expect((await view(String(paused.id))).status).toBe(404);
    expect(await count()).toBe(before);
  });

  test("each owner keeps only its latest 20 views", async () => {
    const db = await getDb();
    const ids = (await db.selectFrom("services").select("id").where("status", "=", "active").orderBy("id").limit(25).execute()).map((r) => r.id);
    // One view a minute, so "latest" is well defined.
    vi.useFakeTimers({ toFake: ["Date"] });
    let now = Date.now();
    vi.setSystemTime(now);
    const first = await view(String(ids[0]));
    const cookie = cookiesFrom(first.response!);
    for (const id of ids.slice(1)) {
      vi.setSystemTime((now += 60_000));
      await view(String(id), { cookie });
    }
    vi.useRealTimers();
    // Remix cookies carry base64 of the JSON value.
    const owner = `b:${JSON.parse(Buffer.from(decodeURIComponent(cookie.slice("glow_bid=".length)), "base64").toString("utf8"))}`;
    const rows = await db.selectFrom("recently_viewed").select("service_id").where("owner", "=", owner).execute();
    expect(rows.map((r) => r.service_id).sort((a, b) => a - b)).toEqual(ids.slice(5));
  });

  test("a client the salon blocked sees why where the free times would be, and no time to book; everyone else sees the times", async () => {
    const id = await featuredId();
    const db = await getDb();
    const vendor = await db.selectFrom("services").select("vendor_id").where("id", "=", id).executeTakeFirstOrThrow();
    const customer = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    await setClientBlocked(vendor.vendor_id, customer.id, true);
    try {
      const blocked = await detail(String(id), "", await cookieFor("customer@example.com"));
      expect(blocked.status).toBe(200);
      expect(blocked.data.slots).toEqual([]);
      expect(blocked.data.noSlotsReason).toBe(blockedSentence("Ronke's Beauty Lounge"));
      for (const cookie of [undefined, await cookieFor("vendor@example.com")]) {
        const page = await detail(String(id), "", cookie);
        expect(page.data.slots.length).toBeGreaterThan(0);
        expect(page.data.noSlotsReason).toBeNull();
      }
    } finally {
      await setClientBlocked(vendor.vendor_id, customer.id, false);
    }
    expect((await detail(String(id), "", await cookieFor("customer@example.com"))).data.slots.length).toBeGreaterThan(0);
  });
});
