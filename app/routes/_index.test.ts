import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { cookiesFrom, getRequest } from "../../tests/request";
import { outcome } from "../../tests/loader";
import { cookieFor } from "../../tests/session";
import { HOME_CARDS, HOME_SALONS, loader } from "./_index";
import { loader as notFound } from "./$";
import { loader as pixel } from "./details_.$id.viewed";

const home = (cookie?: string) => outcome(() => loader({ request: getRequest("/", { cookie }), params: {}, context: {} }));

describe("GET / (Home)", () => {
  test("every section's data comes from the database", async () => {
    const r = await home();
    expect(r.status).toBe(200);
    expect(r.data.popularSearches).toEqual(["Hair", "Nail", "Spa", "Gym Center"]);
    expect(r.data.categoryTags.map((t: { text: string }) => t.text)).toEqual(["Haircut", "Spa & Treatment", "Tatoo", "Pedicure", "Piercing"]);
    expect(r.data.popularCategories.map((c: { title: string; stats: string }) => `${c.title}: ${c.stats}`)).toEqual([
      "Hair: over 2,000 styles",
      "Nails: over 500 Nailtechs",
      "Makeover: over 1,000 artists",
      "Spa: over 700 professionals",
    ]);
    expect(r.data.serviceIcons.map((i: { text: string }) => i.text)).toEqual(["Hair Dressing", "Make Over", "Body Spa", "Manicure & Pedicure", "Shop"]);
    expect(r.data.trending.map((t: { text: string }) => t.text)).toEqual(["Hairstyles", "Nail Choices", "Make Over", "Spa Spots"]);
    expect(r.data.picks.map((t: { text: string }) => t.text)).toEqual(["Kiddies", "Men", "Colourful", "Bold"]);
    expect(r.data.popular).toHaveLength(HOME_CARDS);
    expect(r.data.featuredVendor).toMatchObject({ name: "Ronke's Beauty Lounge", ratingCount: 456 });
    expect(r.data.salons).toHaveLength(HOME_SALONS);
    expect(r.data.salons[0]).toMatchObject({
      name: expect.any(String),
      rating: expect.any(Number),
      ratingCount: expect.any(Number),
      fromKobo: expect.any(Number),
    });
    // Nobody signed in: the favourites most people saved; no recently viewed without a browser id.
    expect(r.data.signedIn).toBe(false);
    expect(r.data.favourites.length).toBeGreaterThan(0);
    expect(r.data.recentlyViewed).toEqual([]);
  });

  test("signed in: the person's own favourites and recently viewed, with hearts filled", async () => {
    const cookie = await cookieFor("customer@example.com");
    const r = await home(cookie);
    const db = await getDb();
    const user = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const saved = (await db.selectFrom("favorites").select("service_id").where("user_id", "=", user.id).execute()).map((f) => f.service_id);
    expect(r.data.signedIn).toBe(true);
    expect(r.data.favourites.every((c: { id: number; favorite: boolean }) => saved.includes(c.id) && c.favorite)).toBe(true);
    expect(r.data.recentlyViewed.length).toBeGreaterThan(0);
  });

  test("the lists everyone shares carry each signed-in person's own hearts, at once after a save", async () => {
    const customer = await cookieFor("customer@example.com");
    const other = await cookieFor("vendor@example.com");
    type Card = { id: number; favorite: boolean };
    const before = (await home(customer)).data.popular as Card[];
    const unsaved = before.find((c) => !c.favorite);
    expect(unsaved).toBeDefined();
    const db = await getDb();
    const user = await db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    await db.insertInto("favorites").values({ user_id: user.id, service_id: unsaved!.id, created_at: new Date().toISOString() }).execute();
    try {
      const heart = async (cookie?: string) => ((await home(cookie)).data.popular as Card[]).find((c) => c.id === unsaved!.id)?.favorite;
      expect(await heart(customer)).toBe(true);
      expect(await heart(other)).toBe(false);
      expect(await heart()).toBe(false);
    } finally {
      await db.deleteFrom("favorites").where("user_id", "=", user.id).where("service_id", "=", unsaved!.id).execute();
    }
  });

  test("an anonymous browser sees what it viewed, and only that", async () => {
    const svc = await (await getDb()).selectFrom("services").select("id").where("key", "=", "featured-braids").executeTakeFirstOrThrow();
    const request = getRequest(`/details/${svc.id}/viewed`);
    request.headers.set("User-Agent", "Mozilla/5.0 Chrome/120");
    const seen = await outcome(() => pixel({ request, params: { id: String(svc.id) }, context: {} }));
    const mine = await home(cookiesFrom(seen.response!));
    expect(mine.data.recentlyViewed.map((c: { id: number }) => c.id)).toEqual([svc.id]);
    expect((await home()).data.recentlyViewed).toEqual([]);
  });

  test("an unmatched path shows Home's content with status 404", async () => {
    const r = await outcome(() => notFound({ request: getRequest("/no/such/page"), params: { "*": "no/such/page" }, context: {} }));
    expect(r.status).toBe(404);
    expect(r.data.popular).toHaveLength(HOME_CARDS);
  });
});
