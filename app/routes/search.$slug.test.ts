import { describe, expect, test } from "vitest";
import { getRequest } from "../../tests/request";
import { outcome } from "../../tests/loader";
import { addDaysToDay, lagosToday } from "~/utils/time";
import { loader } from "./search.$slug";
import { loader as landing } from "./search._index";
import { getDb } from "~/db/db.server";

const search = (slug: string, query = "") =>
  outcome(() => loader({ request: getRequest(`/search/${encodeURIComponent(slug)}${query}`), params: { slug }, context: {} }));

describe("GET /search/{slug}", () => {
  test("the landing form's GET is sent on to /search/{slug}, keeping location and date", async () => {
    const response = await outcome(() => landing({ request: getRequest("/search?q=Knotless+Braids&location=Lekki&date=tomorrow"), params: {}, context: {} }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/search/knotless%20braids?location=Lekki&date=tomorrow");
  });

  test("20 results a page; page 2 is different; the heading's term and the total are there", async () => {
    const one = await search("hair");
    const two = await search("hair", "?page=2");
    expect(one.status).toBe(200);
    expect(one.data).toMatchObject({ term: "hair", page: 1, problems: [] });
    expect(one.data.cards).toHaveLength(20);
    expect(one.data.pageCount).toBeGreaterThan(2);
    const firstIds = new Set(one.data.cards.map((c: { id: number }) => c.id));
    expect(two.data.cards.some((c: { id: number }) => firstIds.has(c.id))).toBe(false);
    expect(one.data.others.length).toBeGreaterThan(0);
  });

  test("a term with no match: a clear empty page (200) with other services to try", async () => {
    const r = await search("qwertyuiop");
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ total: 0, cards: [], problems: [] });
    expect(r.data.others.length).toBeGreaterThan(0);
    expect(r.data.popularSearches).toEqual(["Hair", "Nail", "Spa", "Gym Center"]);
  });

  test("a page that is not a number is a 400 that shows the first page", async () => {
    const r = await search("hair", "?page=abc");
    expect(r.status).toBe(400);
    expect(r.data.page).toBe(1);
    expect(r.data.cards).toHaveLength(20);
    expect(r.data.problems).toEqual(["That page number isn't valid, so here is the first page."]);
    expect((await search("hair", "?page=-3")).status).toBe(400);
    expect((await search("hair", "?page=1e3")).status).toBe(400);
  });

  test("a huge page number is a 404 that says how many pages there are", async () => {
    const r = await search("hair", "?page=999999999");
    expect(r.status).toBe(404);
    expect(r.data.cards).toEqual([]);
    expect(r.data.beyond).toBe(true);
    expect(r.data.problems[0]).toMatch(/^There is no page 999,999,999: these results have \d+ pages\.$/);
    expect((await search("hair", "?page=99999999999999999999")).status).toBe(400);
  });

  test("a malformed or past date says 'Date input not valid.' (400) and still lists results", async () => {
    for (const date of ["31/31/2026", "not a date", "2020-01-01", "x".repeat(500)]) {
      const r = await search("hair", `?date=${encodeURIComponent(date)}`);
      expect(r.status, date).toBe(400);
      expect(r.data.dateError).toBe("Date input not valid.");
      expect(r.data.cards.length).toBeGreaterThan(0);
    }
  });

  test("'tomorrow' is tomorrow; a location narrows", async () => {
    const r = await search("hair", "?date=tomorrow");
    expect(r.status).toBe(200);
    expect(r.data.day).toBe(addDaysToDay(lagosToday(), 1));
    const abuja = await search("hair", "?location=Abuja");
    expect(abuja.data.total).toBeGreaterThan(0);
    expect(abuja.data.cards.every((c: { city: string }) => c.city === "Abuja")).toBe(true);
  });

  test("a very long or odd term is bounded and never a 500", async () => {
    const r = await search("%".repeat(5000));
    expect(r.status).toBe(200);
    expect(r.data.term.length).toBeLessThanOrEqual(80);
    expect((await search("<script>alert(1)</script>")).status).toBe(200);
    // PostgreSQL refuses NUL in text: control characters never reach a query.
    expect((await search("hair\u0000", "?location=Lek%00ki")).status).toBe(200);
  });

  test("the category pages' filters narrow the results: price, rating, home service, recommended; a bad value is ignored", async () => {
    const all = await search("hair");
    const priced = await search("hair", "?price=10000-25000");
    expect(priced.status).toBe(200);
    expect(priced.data.total).toBeGreaterThan(0);
    expect(priced.data.total).toBeLessThan(all.data.total);
    const fixed = priced.data.cards.filter((c: { priceFrom?: boolean }) => !c.priceFrom);
    expect(fixed.every((c: { priceKobo: number }) => c.priceKobo >= 1_000_000 && c.priceKobo <= 2_500_000)).toBe(true);

    const rated = await search("hair", "?rating=8-10");
    expect(rated.data.total).toBeGreaterThan(0);
    expect(rated.data.cards.every((c: { rating: number; ratingCount: number }) => c.ratingCount > 0 && c.rating >= 4)).toBe(true);
    const unrated = await search("hair", "?rating=0-2");
    expect(unrated.data.total).toBeLessThan(all.data.total);
    expect(unrated.data.cards.every((c: { rating: number }) => c.rating <= 1)).toBe(true);

    const home = await search("hair", "?home=1");
    expect(home.data.total).toBeGreaterThan(0);
    expect(home.data.total).toBeLessThan(all.data.total);
    const db = await getDb();
    const types = await db
      .selectFrom("services")
      .select("service_type")
      .where(
        "id",
        "in",
        home.data.cards.map((c: { id: number }) => c.id),
      )
      .execute();
    expect(types.map((t) => t.service_type).every((t) => t === "home" || t === "both")).toBe(true);

    const odd = await search("hair", "?price=1-2&rating=zzz&home=yes&sort=cheapest");
    expect(odd.status).toBe(200);
    expect(odd.data.total).toBe(all.data.total);
    expect(odd.data.values).toMatchObject({ price: "", rating: "", home: false, sort: "" });
  });

  test("sorts: lowest price first, best rated first; relevance stays the default", async () => {
    const cheap = await search("hair", "?sort=price");
    expect(cheap.data.values.sort).toBe("price");
    const prices = cheap.data.cards.filter((c: { priceFrom?: boolean }) => !c.priceFrom).map((c: { priceKobo: number }) => c.priceKobo);
    expect(prices.length).toBeGreaterThan(5);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));

    const best = await search("hair", "?sort=rating");
    const weighted = best.data.cards.map((c: { rating: number; ratingCount: number }) => (c.rating * c.ratingCount + 12) / (c.ratingCount + 3));
    for (let i = 1; i < weighted.length; i++) expect(weighted[i]).toBeLessThanOrEqual(weighted[i - 1] + 0.01);

    const relevant = await search("hair");
    expect(relevant.data.cards.map((c: { id: number }) => c.id)).not.toEqual(cheap.data.cards.map((c: { id: number }) => c.id));
  });

  test("near a place: only its services, each card saying how far; within a distance keeps those; nearest first sorts by it", async () => {
    const everywhere = await search("hair");
    const lagos = await search("hair", "?near=Lagos");
    expect(lagos.status).toBe(200);
    expect(lagos.data.values.near).toBe("Lagos");
    expect(lagos.data.total).toBeLessThan(everywhere.data.total);
    expect(lagos.data.cards.every((c: { city: string }) => c.city === "Lagos")).toBe(true);
    const kms = lagos.data.cards.map((c: { distanceKm: number }) => c.distanceKm);
    expect(kms.every((km: number) => typeof km === "number")).toBe(true);
    expect(new Set(kms).size).toBeGreaterThan(1);

    const within = await search("hair", "?near=Lekki%2C%20Lagos&distance=10");
    expect(within.data.total).toBeGreaterThan(0);
    expect(within.data.total).toBeLessThan(everywhere.data.total);
    expect(within.data.cards.every((c: { distanceKm: number }) => c.distanceKm <= 10)).toBe(true);

    const nearest = await search("hair", "?near=Lagos&sort=distance");
    const ordered = nearest.data.cards.map((c: { distanceKm: number }) => c.distanceKm);
    expect(ordered).toEqual([...ordered].sort((a: number, b: number) => a - b));
    expect(ordered[0]).toBeLessThan(ordered.at(-1));
  });

  test("a distance or nearest first without a known place says what to choose and lists by relevance; an unknown place is said", async () => {
    const relevant = await search("hair");
    const nowhere = await search("hair", "?distance=5&sort=distance");
    expect(nowhere.status).toBe(200);
    expect(nowhere.data.problems).toEqual([
      "Choose a place under Near to see services within a distance of it.",
      "Choose a place under Near to sort by distance; the most relevant come first meanwhile.",
    ]);
    expect(nowhere.data.cards.map((c: { id: number }) => c.id)).toEqual(relevant.data.cards.map((c: { id: number }) => c.id));
    const unknown = await search("hair", "?near=Atlantis&distance=5");
    expect(unknown.data.problems[0]).toBe("We don't know the location “Atlantis” yet, so all locations are shown.");
    expect(unknown.data.total).toBe(relevant.data.total);
    expect(unknown.data.values).toMatchObject({ near: "", distance: "" });
  });

  test("filters and order carry to page 2 and past the last page", async () => {
    const one = await search("hair", "?sort=price&home=1");
    const beyond = await search("hair", "?sort=price&home=1&page=999");
    expect(beyond.status).toBe(404);
    expect(beyond.data.total).toBe(one.data.total);
  });
});
