import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { addDaysToDay, isoWeekday, lagosToday } from "~/utils/time";
import { averageRating, cardLists, cardsByIds } from "./service-cards.server";
import { categoryServices, CATEGORY_PAGE_SIZE, getCategoryPage, popularServices, servicesByCategory } from "./category-pages.server";
import { distanceSql, findPlace, listPlaces } from "./places.server";
import { haversineKm } from "./distance";
import { getServiceDetail, serviceIdByKey, serviceReviews } from "./service-page.server";
import { getPublicVendorProfile, topVendors } from "./vendor-pages.server";
import { otherServices, searchServices, SEARCH_PAGE_SIZE, termWords } from "./search.server";

// Runs on SQLite by default and on PostgreSQL with DATABASE_URL=postgres://... (the same queries on both).

const db = () => getDb();

async function serviceRows(ids: number[]) {
  return (await db())
    .selectFrom("services as s")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .select([
      "s.id",
      "s.status",
      "s.category_id",
      "s.price_kobo",
      "s.promo_price_kobo",
      "s.rating_sum",
      "s.rating_count",
      "s.service_type",
      "s.recommended",
      "v.open_days",
      "v.area",
      "v.city",
    ])
    .where("s.id", "in", ids.length ? ids : [0])
    .execute();
}

const nonActiveIds = async () => (await (await db()).selectFrom("services").select("id").where("status", "!=", "active").execute()).map((r) => r.id);

describe(`search (${getDialect()})`, () => {
  test("words are lower-cased, bounded, de-pluralised and split on spaces and hyphens", () => {
    expect(termWords("Knotless-Braids")).toEqual(["knotless", "braid"]);
    expect(termWords("  Gym   Center ")).toEqual(["gym", "center"]);
    expect(termWords("nails")).toEqual(["nail"]);
    expect(termWords("a b c d e f g h")).toHaveLength(6);
    expect(termWords("%_")).toEqual([]);
    expect(termWords("x".repeat(10_000))[0]!.length).toBeLessThanOrEqual(30);
  });

  test("'hair' finds pages of 20 active services; page 2 is different from page 1", async () => {
    const one = await searchServices({ term: "hair", page: 1, viewerId: null });
    const two = await searchServices({ term: "hair", page: 2, viewerId: null });
    expect(one.total).toBeGreaterThan(40);
    expect(one.cards).toHaveLength(SEARCH_PAGE_SIZE);
    expect(one.pageCount).toBe(Math.ceil(one.total / SEARCH_PAGE_SIZE));
    const ids = new Set(one.cards.map((c) => c.id));
    expect(two.cards.some((c) => ids.has(c.id))).toBe(false);
    const hidden = await nonActiveIds();
    expect(one.cards.concat(two.cards).some((c) => hidden.includes(c.id))).toBe(false);
  });

  test("matches title, group, style, tags, category and vendor; 'tattoo' and 'tatoo' find each other", async () => {
    const byVendor = await searchServices({ term: "Kunle Cuts", page: 1, viewerId: null });
    expect(byVendor.total).toBeGreaterThan(0);
    expect(byVendor.cards.every((c) => c.vendorName === "Kunle Cuts Barbershop")).toBe(true);
    const byTag = await searchServices({ term: "gym center", page: 1, viewerId: null });
    expect(byTag.total).toBeGreaterThan(0);
    const tattoo = await searchServices({ term: "tattoo", page: 1, viewerId: null });
    const tatoo = await searchServices({ term: "Tatoo", page: 1, viewerId: null });
    expect(tattoo.total).toBe(tatoo.total);
    expect(tattoo.total).toBeGreaterThanOrEqual(16);
  });

  test("a term with no match gives no results; LIKE wildcards in a term are literal", async () => {
    expect((await searchServices({ term: "zzqqxx", page: 1, viewerId: null })).total).toBe(0);
    expect((await searchServices({ term: "%", page: 1, viewerId: null })).total).toBe(0);
    expect((await searchServices({ term: "%%qxj__", page: 1, viewerId: null })).total).toBe(0);
  });

  test("a location narrows to the vendor's area or city", async () => {
    const all = await searchServices({ term: "braids", page: 1, viewerId: null });
    const lekki = await searchServices({ term: "braids", location: "Lekki", page: 1, viewerId: null });
    expect(lekki.total).toBeGreaterThan(0);
    expect(lekki.total).toBeLessThan(all.total);
    // Lekki is an area, and also in the address of the Ajah studio on the Lekki-Epe Expressway.
    expect(new Set(lekki.cards.map((c) => c.area))).toEqual(new Set(["Lekki", "Ajah"]));
    const abuja = await searchServices({ term: "hair", location: "abuja", page: 1, viewerId: null });
    expect(abuja.cards.every((c) => c.city === "Abuja")).toBe(true);
  });

  test("a date keeps only vendors open that day", async () => {
    let sunday = addDaysToDay(lagosToday(), 1);
    while (isoWeekday(sunday) !== 7) sunday = addDaysToDay(sunday, 1);
    const all = await searchServices({ term: "hair", page: 1, viewerId: null });
    const open = await searchServices({ term: "hair", day: sunday, page: 1, viewerId: null });
    expect(open.total).toBeGreaterThan(0);
    expect(open.total).toBeLessThan(all.total);
    const rows = await serviceRows(open.cards.map((c) => c.id));
    expect(rows.every((r) => r.open_days.split(",").includes("7"))).toBe(true);
  });

  test("a page past the end is empty but still knows the total", async () => {
    const far = await searchServices({ term: "hair", page: 999, viewerId: null });
    expect(far.cards).toEqual([]);
    expect(far.total).toBeGreaterThan(40);
  });

  test("'Other services' never match the term", async () => {
    const others = await otherServices({ term: "hair", viewerId: null });
    expect(others.length).toBeGreaterThan(0);
    const hair = await searchServices({ term: "hair", page: 1, viewerId: null });
    const all = new Set(
      (await Promise.all([1, 2, 3, 4, 5].map((page) => searchServices({ term: "hair", page, viewerId: null })))).flatMap((r) => r.cards.map((c) => c.id)),
    );
    expect(hair.total).toBe(all.size);
    expect(others.some((c) => all.has(c.id))).toBe(false);
  });
});

describe(`category pages and their filters (${getDialect()})`, () => {
  const categoryId = async (slug: string) => (await getCategoryPage(slug))!.id;

  test("slugs are case-insensitive; unknown ones are null; tiles are the category's kinds of service", async () => {
    const pedicure = await getCategoryPage("Pedicure");
    expect(pedicure).toMatchObject({ slug: "pedicure", heading: "Select Pedicure Styles" });
    expect(pedicure!.styles).toHaveLength(6);
    expect(pedicure!.tiles.length).toBeGreaterThan(2);
    expect(await getCategoryPage("nope")).toBeNull();
  });

  test("12 cards a page, only the category's active services", async () => {
    const women = await categoryServices({ categoryId: await categoryId("women"), filters: {}, page: 1, viewerId: null });
    expect(women.cards).toHaveLength(CATEGORY_PAGE_SIZE);
    const rows = await serviceRows(women.cards.map((c) => c.id));
    const id = await categoryId("women");
    expect(rows.every((r) => r.category_id === id && r.status === "active")).toBe(true);
  });

  test("each price range keeps prices inside it (promo price when there is one)", async () => {
    const id = await categoryId("women");
    for (const [price, min, max] of [
      ["5000-10000", 5000, 10000],
      ["10000-25000", 10000, 25000],
      ["25000-40000", 25000, 40000],
      ["40000-", 40000, Infinity],
    ] as const) {
      const result = await categoryServices({ categoryId: id, filters: { price }, page: 1, viewerId: null });
      expect(result.total, price).toBeGreaterThan(0);
      for (const card of result.cards) {
        expect(card.priceKobo / 100).toBeGreaterThanOrEqual(min);
        expect(card.priceKobo / 100).toBeLessThanOrEqual(max);
      }
    }
  });

  test("rating ranges are on a 10-point scale (stars x 2); the featured 4.56 stars is in 8-10", async () => {
    const id = await categoryId("women");
    const high = await categoryServices({ categoryId: id, filters: { rating: "8-10" }, page: 1, viewerId: null });
    expect(high.total).toBeGreaterThan(0);
    expect(high.cards.every((c) => c.rating * 2 >= 8)).toBe(true);
    const mid = await categoryServices({ categoryId: id, filters: { rating: "6-8" }, page: 1, viewerId: null });
    expect(mid.cards.every((c) => c.rating * 2 >= 6 && c.rating * 2 < 8.01)).toBe(true);
    const all = await categoryServices({ categoryId: id, filters: {}, page: 1, viewerId: null });
    const sums = await Promise.all(
      ["0-2", "2-4", "4-6", "6-8", "8-10"].map((rating) => categoryServices({ categoryId: id, filters: { rating: rating as "0-2" }, page: 1, viewerId: null })),
    );
    expect(sums.reduce((n, r) => n + r.total, 0)).toBe(all.total);
    const featured = await serviceIdByKey("featured-braids");
    const pages = await Promise.all([1, 2, 3].map((page) => categoryServices({ categoryId: id, filters: { rating: "8-10" }, page, viewerId: null })));
    expect(pages.flatMap((p) => p.cards.map((c) => c.id))).toContain(featured);
  });

  test("home service, recommended and a date each narrow the list", async () => {
    const id = await categoryId("women");
    const all = await categoryServices({ categoryId: id, filters: {}, page: 1, viewerId: null });
    const home = await categoryServices({ categoryId: id, filters: { homeService: true }, page: 1, viewerId: null });
    const recommended = await categoryServices({ categoryId: id, filters: { recommended: true }, page: 1, viewerId: null });
    expect(home.total).toBeGreaterThan(0);
    expect(home.total).toBeLessThan(all.total);
    expect((await serviceRows(home.cards.map((c) => c.id))).every((r) => r.service_type !== "salon")).toBe(true);
    expect(recommended.total).toBeLessThan(all.total);
    expect((await serviceRows(recommended.cards.map((c) => c.id))).every((r) => r.recommended === 1)).toBe(true);
  });

  test("a chosen place keeps its own vendors, nearest first (All of Lagos never lists Kano); a distance keeps those within it from any place", async () => {
    const places = await listPlaces();
    expect(places.map((p) => p.city.name)).toContain("Lagos");
    const lekki = findPlace(places, "lekki, lagos");
    expect(lekki).toMatchObject({ name: "Lekki, Lagos", city: "Lagos" });
    const id = await categoryId("women");
    const all = await categoryServices({ categoryId: id, filters: {}, page: 1, viewerId: null });
    const lagos = await categoryServices({ categoryId: id, filters: { near: findPlace(places, "Lagos") }, page: 1, viewerId: null });
    expect(lagos.total).toBeGreaterThan(0);
    expect(lagos.total).toBeLessThan(all.total);
    expect(lagos.cards.every((c) => c.city === "Lagos")).toBe(true);
    const distances = lagos.cards.map((c) => c.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const inLekki = await categoryServices({ categoryId: id, filters: { near: lekki }, page: 1, viewerId: null });
    expect(inLekki.total).toBeGreaterThan(0);
    expect(inLekki.cards.every((c) => c.area === "Lekki" && c.city === "Lagos")).toBe(true);
    const within = await categoryServices({ categoryId: id, filters: { near: lekki, distanceKm: 25 }, page: 1, viewerId: null });
    expect(within.cards.every((c) => c.distanceKm! <= 25)).toBe(true);
    expect(within.cards.some((c) => c.area !== "Lekki")).toBe(true);
    // The chosen area travels on in the cards' links (to the service page's "Where are you?"); a whole city does not.
    expect(inLekki.cards.every((c) => c.fromArea === "Lekki, Lagos")).toBe(true);
    expect(lagos.cards.every((c) => c.fromArea === undefined)).toBe(true);
    expect(findPlace(places, "Atlantis")).toBeNull();
  });

  test("the lists' SQL distance is the haversine of distance.ts for every vendor, Lagos to Ibadan included", async () => {
    const lagos = { lat: 6.5244, lng: 3.3792 };
    const rows = await (
      await db()
    )
      .selectFrom("vendors as v")
      .select(["v.id", "v.lat", "v.lng", distanceSql(lagos).as("km")])
      .execute();
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) expect(Number(r.km)).toBeCloseTo(haversineKm(lagos, { lat: Number(r.lat), lng: Number(r.lng) }), 6);
    // Known pairs, as the database computes them: Lagos to Ibadan about 114 km, to Abuja about 526 km.
    const at = (place: { lat: number; lng: number }) =>
      sql<{ lat: number; lng: number }>`(select cast(${place.lat} as double precision) as lat, cast(${place.lng} as double precision) as lng)`.as("v");
    const km = async (place: { lat: number; lng: number }) =>
      Number((await (await db()).selectFrom(at(place)).select(distanceSql(lagos).as("km")).executeTakeFirstOrThrow()).km);
    expect(await km({ lat: 7.3775, lng: 3.947 })).toBeCloseTo(113.69, 1);
    expect(await km({ lat: 9.0765, lng: 7.3986 })).toBeCloseTo(525.9, 1);
  });
});

describe(`detail, vendors and the JSON list (${getDialect()})`, () => {
  test("the featured service carries the spec's figures, computed from data", async () => {
    const id = (await serviceIdByKey("featured-braids"))!;
    const detail = (await getServiceDetail(id))!;
    expect(detail).toMatchObject({
      title: "Knotless Box Braids",
      group: "Hair",
      style: "Braids",
      durationMin: 120,
      priceKobo: 750_000,
      rating: 4.56,
      ratingCount: 458,
    });
    expect(detail.vendor).toMatchObject({ name: "Ronke's Beauty Lounge", level: 2, ratingCount: 456 });
    expect(detail.images.length).toBeGreaterThan(1);
    const reviews = await serviceReviews(id, 1);
    // The two newest seeded reviews come first; older written ones are behind "+ See more".
    expect(reviews.total).toBe(8);
    expect(reviews.items.map((r) => r.author)).toEqual(["Chioma O.", "Aisha B."]);
  });

  test("a service that is not active has no public page", async () => {
    for (const id of await nonActiveIds()) expect(await getServiceDetail(id)).toBeNull();
    expect(await getServiceDetail(999_999)).toBeNull();
  });

  test("averages round to two decimals; no ratings is 0", () => {
    expect(averageRating(2089, 458)).toBe(4.56);
    expect(averageRating(0, 0)).toBe(0);
  });

  test("vendor profiles and top vendors compute stars from vendor_ratings", async () => {
    const demo = (await getPublicVendorProfile({ slug: "demo-vendor" }))!;
    expect(demo).toMatchObject({ name: "Ronke's Beauty Lounge", ratingCount: 456, area: "Lekki" });
    expect(demo.rating).toBeGreaterThan(4);
    const salons = await topVendors({ groups: ["Hair"], limit: 8 });
    expect(salons).toHaveLength(8);
    const ratings = salons.map((s) => (s.rating * s.ratingCount + 12) / (s.ratingCount + 3));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(salons.every((s) => s.fromKobo > 0)).toBe(true);
    expect(await getPublicVendorProfile({ id: 999_999 })).toBeNull();
  });

  test("popular services are active and ordered by how many rated them", async () => {
    const cards = await popularServices(8);
    expect(cards).toHaveLength(8);
    const counts = cards.map((c) => c.ratingCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  test("services_by_categories: category 1 is men; an unknown category is null", async () => {
    const men = (await servicesByCategory(1))!;
    expect(men.length).toBeGreaterThan(10);
    expect(men[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      price: expect.stringMatching(/^₦[\d,]+/),
      url: expect.stringMatching(/^\/details\/\d+$/),
    });
    const categories = await (
      await db()
    )
      .selectFrom("services")
      .select("category_id")
      .where(
        "id",
        "in",
        men.map((m) => m.id),
      )
      .execute();
    expect(new Set(categories.map((c) => c.category_id))).toEqual(new Set([1]));
    expect(await servicesByCategory(999)).toBeNull();
  });
});

describe("cards by id", () => {
  test("each list keeps its order, drops what is not public, and marks the viewer's favourites, compiled or not", async () => {
    const d = await db();
    const active = (await d.selectFrom("services").select("id").where("status", "=", "active").orderBy("id").limit(30).execute()).map((r) => r.id);
    const [hidden] = await nonActiveIds();
    const viewer = await d.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const saved = new Set((await d.selectFrom("favorites").select("service_id").where("user_id", "=", viewer.id).execute()).map((r) => r.service_id));
    const first = [active[3]!, active[0]!, hidden!, active[5]!];
    const second = [active[5]!, active[1]!];
    const [a, b] = await cardLists([first, second], viewer.id);
    expect(a!.map((c) => c.id)).toEqual([active[3], active[0], active[5]]);
    expect(b!.map((c) => c.id)).toEqual([active[5], active[1]]);
    for (const card of [...a!, ...b!]) expect(card.favorite, String(card.id)).toBe(saved.has(card.id));
    expect(active.some((id) => saved.has(id))).toBe(true);
    // Nobody's cards are nobody's favourites; more ids than are compiled (24) take the query built each time.
    expect((await cardsByIds(first, null)).some((c) => c.favorite)).toBe(false);
    const many = await cardsByIds(active, viewer.id);
    expect(many.map((c) => c.id)).toEqual(active);
    expect(many.filter((c) => c.favorite).map((c) => c.id)).toEqual(active.filter((id) => saved.has(id)));
    expect(await cardsByIds(active.slice(0, 3), viewer.id)).toEqual(many.slice(0, 3));
  });
});
