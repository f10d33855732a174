import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "./db.server";
import { seedIfEmpty, visitPlacer } from "./seed.server";
import * as catalogue from "~/data/catalogue";
import * as demo from "~/data/demo";
import { fitsSchedule, weekFromRow } from "~/models/schedule/schedule-rules";
import { addDaysToDay, lagosInstant } from "~/utils/time";
import { verifyPassword } from "~/utils/password.server";

// Runs on SQLite by default and on PostgreSQL when DATABASE_URL points there (npm run test:pg, CI).

describe(`migrations and seed (${getDialect()})`, () => {
  test("the catalogue is loaded: 8 categories with 6 styles each, vendors across cities, 150+ services", async () => {
    const db = await getDb();
    const categories = await db.selectFrom("categories").select(["slug", "heading"]).orderBy("sort").execute();
    expect(categories.map((c) => c.slug)).toEqual(["men", "women", "spa", "manicure", "pedicure", "tatoo", "piercing", "facials"]);
    expect(categories.find((c) => c.slug === "tatoo")?.heading).toBe("Select Tatoo Styles");
    const styles = await db
      .selectFrom("category_styles")
      .innerJoin("categories", "categories.id", "category_styles.category_id")
      .select(["categories.slug", "category_styles.text"])
      .orderBy("category_styles.sort")
      .execute();
    expect(styles.filter((s) => s.slug === "men").map((s) => s.text)).toEqual([
      "Afro",
      "Buzz Cut with Lineup",
      "Relaxed Dread Undercut",
      "Textured Waves",
      "Messy Shag Top",
      "Afro Dread",
    ]);
    expect(styles.filter((s) => s.slug === "spa").map((s) => s.text)).toEqual(["Type A", "Type B", "Type C", "Type D", "Type E", "Type F"]);

    const cities = await db.selectFrom("vendors").select("city").distinct().execute();
    expect(cities.map((c) => c.city)).toEqual(expect.arrayContaining(["Lagos", "Abuja", "Port Harcourt", "Kano", "Ibadan", "Enugu"]));
    const { count } = await db
      .selectFrom("services")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "active")
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThanOrEqual(150);
  });

  test("a search for 'hair' has several pages of 20", async () => {
    const db = await getDb();
    const { count } = await db
      .selectFrom("services")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "active")
      .where((eb) =>
        eb.or([eb(sql`lower(title)`, "like", "%hair%"), eb(sql`lower(group_name)`, "like", "%hair%"), eb(sql`lower(description)`, "like", "%hair%")]),
      )
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThan(40);
  });

  test("the spec's sample figures are data: 4.56 from 458 ratings, ₦7,500 in Lekki, a stylist with 456 ratings", async () => {
    const db = await getDb();
    const featured = await db
      .selectFrom("services")
      .innerJoin("vendors", "vendors.id", "services.vendor_id")
      .select(["services.id", "price_kobo", "rating_count", "rating_sum", "vendors.area", "vendors.id as vendorId"])
      .where("key", "=", "featured-braids")
      .executeTakeFirstOrThrow();
    expect(featured.price_kobo).toBe(750000);
    expect(featured.area).toBe("Lekki");
    const reviews = await db
      .selectFrom("reviews")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("rating").as("sum")])
      .where("service_id", "=", featured.id)
      .executeTakeFirstOrThrow();
    expect(Number(reviews.n)).toBe(458);
    expect((Number(reviews.sum) / 458).toFixed(2)).toBe("4.56");
    expect([featured.rating_count, featured.rating_sum]).toEqual([Number(reviews.n), Number(reviews.sum)]);
    const vendorRatings = await db
      .selectFrom("vendor_ratings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("vendor_id", "=", featured.vendorId)
      .executeTakeFirstOrThrow();
    expect(Number(vendorRatings.n)).toBe(456);
    // Vendors carry their ratings' count and sum (0006), and every one agrees with vendor_ratings.
    const totals = await db
      .selectFrom("vendors as v")
      .leftJoin("vendor_ratings as r", "r.vendor_id", "v.id")
      .select([
        "v.id",
        "v.vendor_rating_count",
        "v.vendor_rating_sum",
        (eb) => eb.fn.count<number>("r.id").as("n"),
        (eb) => eb.fn.sum<number>("r.rating").as("sum"),
      ])
      .groupBy(["v.id", "v.vendor_rating_count", "v.vendor_rating_sum"])
      .execute();
    expect(totals.length).toBeGreaterThan(10);
    for (const t of totals) expect([t.vendor_rating_count, t.vendor_rating_sum]).toEqual([Number(t.n), Number(t.sum ?? 0)]);
  });

  test("the demo accounts sign in with the README's passwords and have data on their pages", async () => {
    const db = await getDb();
    const users = await db
      .selectFrom("users")
      .select(["id", "email", "role", "password_hash"])
      .where("email", "in", ["customer@example.com", "vendor@example.com", "admin@example.com"])
      .execute();
    const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
    expect(byEmail["customer@example.com"]?.role).toBe("customer");
    expect(byEmail["vendor@example.com"]?.role).toBe("vendor");
    expect(byEmail["admin@example.com"]?.role).toBe("admin");
    expect(await verifyPassword("Customer123", byEmail["customer@example.com"]!.password_hash)).toBe(true);
    expect(await verifyPassword("Vendor123", byEmail["vendor@example.com"]!.password_hash)).toBe(true);
    expect(await verifyPassword("Admin1234", byEmail["admin@example.com"]!.password_hash)).toBe(true);
    expect(await verifyPassword("wrong", byEmail["admin@example.com"]!.password_hash)).toBe(false);

    const customerId = byEmail["customer@example.com"]!.id;
    const favourites = await db.selectFrom("favorites").select("service_id").where("user_id", "=", customerId).execute();
    expect(favourites.length).toBeGreaterThan(0);
    const customerAppointments = await db.selectFrom("appointments").select("status").where("customer_id", "=", customerId).execute();
    expect(customerAppointments.map((a) => a.status)).toEqual(expect.arrayContaining(["confirmed", "completed"]));

    const vendor = await db.selectFrom("vendors").select("id").where("user_id", "=", byEmail["vendor@example.com"]!.id).executeTakeFirstOrThrow();
    const requests = await db.selectFrom("appointments").select("id").where("vendor_id", "=", vendor.id).where("status", "=", "requested").execute();
    expect(requests).toHaveLength(4);
    const ledger = await db
      .selectFrom("ledger_entries")
      .select((eb) => eb.fn.sum<number>("amount_kobo").as("balance"))
      .where("vendor_id", "=", vendor.id)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.balance)).toBeGreaterThan(0);
    const banks = await db.selectFrom("bank_accounts").select("id").where("vendor_id", "=", vendor.id).execute();
    expect(banks.length).toBeGreaterThan(0);
    const conversations = await db.selectFrom("conversations").select("id").where("vendor_id", "=", vendor.id).execute();
    expect(conversations.length).toBeGreaterThanOrEqual(4);
    const activeServices = await db.selectFrom("services").select("status").where("vendor_id", "=", vendor.id).execute();
    expect(activeServices.filter((s) => s.status === "active").length).toBeGreaterThanOrEqual(8);
  });

  test("no two live appointments of one team member overlap in the seeded book", async () => {
    const db = await getDb();
    // The rule is per member (docs/domain.md, "The team"): the demo salon's calendar has members busy at one hour.
    const live = await db
      .selectFrom("appointments")
      .select(["vendor_id", "member_id", "starts_at", "ends_at"])
      .where("status", "in", ["requested", "confirmed", "held"])
      .orderBy("vendor_id")
      .orderBy("member_id")
      .orderBy("starts_at")
      .execute();
    // Rows come ordered by vendor, member and start, so two overlapping visits of one member are neighbours. Collect
    // every overlap (not just the first) and count the neighbouring pairs compared, so an empty book cannot pass.
    const overlaps: string[] = [];
    let pairs = 0;
    for (let i = 1; i < live.length; i++) {
      const [a, b] = [live[i - 1]!, live[i]!];
      if (a.vendor_id !== b.vendor_id || a.member_id !== b.member_id) continue;
      pairs++;
      if (b.starts_at < a.ends_at) overlaps.push(`member ${a.member_id}: ${a.starts_at}-${a.ends_at} overlaps ${b.starts_at}`);
    }
    expect(pairs, "pairs of one member's live appointments compared").toBeGreaterThan(0);
    expect(overlaps).toEqual([]);
  });

  test("every seeded appointment lies within its vendor's seeded hours", async () => {
    const db = await getDb();
    const rows = await db
      .selectFrom("appointments as a")
      .innerJoin("vendors as v", "v.id", "a.vendor_id")
      .select(["a.ref", "a.starts_at", "a.ends_at", "v.week_hours", "v.opens_hour", "v.closes_hour", "v.open_days"])
      .execute();
    expect(rows.length).toBeGreaterThan(30);
    for (const r of rows) expect(fitsSchedule({ week: weekFromRow(r), timeOff: [] }, r), `${r.ref} at ${r.starts_at}`).toBe(true);
  });

  test("the demo vendor's visits fall within its hours whichever weekday the seed runs on", () => {
    const vendor = catalogue.vendors.find((v) => v.email.toLowerCase() === demo.demoAccounts.vendor.email)!;
    expect(vendor.openDays).not.toContain(7); // closed on Sundays: the case the placement must avoid
    const week = vendor.openDays.map((day) => ({ day, opens: vendor.opensHour, closes: vendor.closesHour, breakStarts: null, breakEnds: null }));
    for (let i = 0; i < 7; i++) {
      const today = addDaysToDay("2026-11-23", i);
      const place = visitPlacer(vendor, today);
      const visits = [
        ...demo.demoAppointments.map((a) => [a.dayOffset, a.hour, 2] as const),
        ...Array.from({ length: 39 }, (_, d) => [-(d + 2), 9 + (d % 8), 1] as const),
      ];
      for (const [offset, hour, hours] of visits) {
        const at = place(offset, hour, hours);
        const span = { starts_at: lagosInstant(at.day, at.hour), ends_at: lagosInstant(at.day, at.hour + hours) };
        expect(fitsSchedule({ week, timeOff: [] }, span), `${today}: ${span.starts_at}`).toBe(true);
        expect(Math.sign(offset) === Math.sign(at.day.localeCompare(today)) || offset === 0, "a future visit stays in the future").toBe(true);
      }
    }
  });

  test("seeding again changes nothing", async () => {
    const db = await getDb();
    const before = await db
      .selectFrom("services")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await seedIfEmpty(db, getDialect())).toBe(false);
    const after = await db
      .selectFrom("services")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
