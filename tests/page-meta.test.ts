import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { describe as describeText, listingPath, pageMeta } from "~/components/page-meta";
import { loader as vendorLoader, meta as vendorMeta } from "~/routes/profile.vendor.$id/route";
import { loader as detailLoader, meta as detailMeta } from "~/routes/details.$id/route";
import { loader as homeLoader, meta as homeMeta } from "~/routes/_index";
import { loader as submenuLoader, meta as submenuMeta } from "~/routes/submenu.$slug/route";
import { loader as searchLoader, meta as searchMeta } from "~/routes/search.$slug";
import { getRequest } from "./request";
import { outcome } from "./loader";
import { featuredService, vendorBySlug } from "./booking";
import { createVendor } from "./vendor";

// Every public page's title, description, canonical address, link preview and structured data, as its meta function
// writes them from its loader's data (the rendered tags and the escaping: tests/e2e/search-engines.spec.ts).

const SITE = "https://glow.example";
type Descriptor = Record<string, unknown>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route's meta takes its own loader's data
function run(meta: (args: any) => unknown, data: unknown, path: string): Descriptor[] {
  const url = new URL(path, SITE);
  return meta({
    data,
    matches: [{ id: "root", data: { siteUrl: SITE } }],
    location: { pathname: url.pathname, search: url.search },
    params: {},
  }) as Descriptor[];
}
const content = (tags: Descriptor[], key: "name" | "property", value: string) => tags.find((t) => t[key] === value)?.content as string | undefined;
const canonical = (tags: Descriptor[]) => tags.find((t) => t.rel === "canonical")?.href;
const jsonLd = (tags: Descriptor[]) => tags.find((t) => "script:ld+json" in t)?.["script:ld+json"] as Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any -- schema.org data is any shape

async function vendorPage(id: number) {
  const r = await outcome(() => vendorLoader({ request: getRequest(`/profile/vendor/${id}`), params: { id: String(id) }, context: {} }));
  expect(r.status).toBe(200);
  return { data: r.data, tags: run(vendorMeta, r.data, `/profile/vendor/${id}`) };
}

describe("vendor pages", () => {
  test("HairSalon JSON-LD that says what the page shows: name, address in NG, hours, prices in naira, the rating", async () => {
    const { id } = await vendorBySlug();
    const { data, tags } = await vendorPage(id);
    const ld = jsonLd(tags)!;
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("HairSalon");
    expect(ld.name).toBe(data.vendor.name);
    expect(ld.url).toBe(`${SITE}/profile/vendor/${id}`);
    expect(ld.image).toBe(`${SITE}/og/vendor/${id}`);
    expect(ld.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: data.vendor.address,
      addressLocality: `${data.vendor.area}, ${data.vendor.city}`,
      addressRegion: data.vendor.state,
      addressCountry: "NG",
    });
    expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: data.vendor.geo.lat, longitude: data.vendor.geo.lng });
    // Every open day of the page's hours, at the same times.
    const openDays = data.vendor.week.length;
    expect(new Set(ld.openingHoursSpecification.map((o: { dayOfWeek: string }) => o.dayOfWeek)).size).toBe(openDays);
    expect(ld.openingHoursSpecification[0]).toMatchObject({ "@type": "OpeningHoursSpecification", opens: expect.stringMatching(/^\d\d:00$/) });
    expect(ld.priceRange).toMatch(/^₦[\d,]+ – ₦[\d,]+$/);
    expect(ld.makesOffer).toHaveLength(data.choices.length);
    for (const offer of ld.makesOffer) expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "NGN", price: expect.stringMatching(/^\d+\.\d\d$/) });
    const first = data.choices[0];
    expect(ld.makesOffer[0]).toMatchObject({
      price: (first.priceKobo / 100).toFixed(2),
      itemOffered: { name: first.title, url: `${SITE}/details/${first.id}` },
    });
    expect(data.vendor.ratingCount).toBeGreaterThan(0);
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: data.vendor.rating.toFixed(2),
      reviewCount: data.vendor.ratingCount,
      bestRating: 5,
      worstRating: 1,
    });
  });

  test("canonical, description from its data, Open Graph and Twitter card with the vendor's 1200x630 picture", async () => {
    const { id } = await vendorBySlug();
    const { data, tags } = await vendorPage(id);
    expect(canonical(tags)).toBe(`${SITE}/profile/vendor/${id}`);
    const description = content(tags, "name", "description")!;
    expect(description.startsWith(`${data.vendor.name} in ${data.vendor.area}, ${data.vendor.city}.`)).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(content(tags, "property", "og:title")).toBe(`${data.vendor.name}, ${data.vendor.area} | Glow`);
    expect(content(tags, "property", "og:description")).toBe(description);
    expect(content(tags, "property", "og:url")).toBe(`${SITE}/profile/vendor/${id}`);
    expect(content(tags, "property", "og:image")).toBe(`${SITE}/og/vendor/${id}`);
    expect([content(tags, "property", "og:image:width"), content(tags, "property", "og:image:height")]).toEqual(["1200", "630"]);
    expect(content(tags, "name", "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "name", "twitter:image")).toBe(`${SITE}/og/vendor/${id}`);
  });

  test("no aggregateRating and no offers for a vendor nobody has reviewed yet", async () => {
    const vendor = await createVendor("unrated");
    const { data, tags } = await vendorPage(vendor.vendorId);
    expect(data.vendor.ratingCount).toBe(0);
    const ld = jsonLd(tags)!;
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld.makesOffer).toEqual([]);
    expect(ld).not.toHaveProperty("priceRange");
    expect(ld["@type"]).toBe("BeautySalon");
  });
});

describe("service pages", () => {
  test("Service JSON-LD with its price in NGN and its provider, the rating only with reviews, equal to the page's", async () => {
    const { id } = await featuredService();
    const r = await outcome(() => detailLoader({ request: getRequest(`/details/${id}?date=2099-01-01&reviews=2`), params: { id: String(id) }, context: {} }));
    const tags = run(detailMeta, r.data, `/details/${id}?date=2099-01-01&reviews=2`);
    const s = r.data.service;
    expect(canonical(tags)).toBe(`${SITE}/details/${id}`);
    const ld = jsonLd(tags)!;
    // The service page's JSON-LD is built by its loader from APP_URL (the root's siteUrl on a real site), so the
    // browser downloads no builder for this first view.
    expect(ld).toMatchObject({
      "@type": "Service",
      name: s.title,
      url: `${getEnv().APP_URL}/details/${id}`,
      offers: { "@type": "Offer", price: (s.priceKobo / 100).toFixed(2), priceCurrency: "NGN" },
      provider: { "@type": "HairSalon", name: s.vendor.name, address: { addressCountry: "NG", addressRegion: s.vendor.state } },
    });
    if (s.ratingCount > 0) expect(ld.aggregateRating).toMatchObject({ ratingValue: s.rating.toFixed(2), reviewCount: s.ratingCount });
    else expect(ld).not.toHaveProperty("aggregateRating");
    expect(content(tags, "property", "og:image")).toBe(`${SITE}/og/service/${id}`);
    expect(content(tags, "name", "description")).toContain(s.title);

    const db = await getDb();
    await db.updateTable("services").set({ rating_count: 0, rating_sum: 0 }).where("id", "=", id).execute();
    const unrated = await outcome(() => detailLoader({ request: getRequest(`/details/${id}?x=1`), params: { id: String(id) }, context: {} }));
    expect(jsonLd(run(detailMeta, unrated.data, `/details/${id}`))).not.toHaveProperty("aggregateRating");
  });
});

describe("listings", () => {
  test("Home: canonical '/', a description naming what is on it, the branded preview", async () => {
    const r = await outcome(() => homeLoader({ request: getRequest("/?utm_source=whatsapp"), params: {}, context: {} }));
    const tags = run(homeMeta, r.data, "/?utm_source=whatsapp");
    expect(canonical(tags)).toBe(`${SITE}/`);
    expect(content(tags, "name", "description")).toContain(r.data.popular[0].title);
    expect(content(tags, "property", "og:image")).toBe(`${SITE}/og/site/glow`);
  });

  test("a category: filters point at the listing itself, a later page at that page", async () => {
    const page = async (search: string) => {
      const r = await outcome(() => submenuLoader({ request: getRequest(`/submenu/Spa${search}`), params: { slug: "Spa" }, context: {} }));
      return run(submenuMeta, r.data, `/submenu/Spa${search}`);
    };
    expect(canonical(await page("?price=low&rating=4"))).toBe(`${SITE}/submenu/spa`);
    expect(canonical(await page("?page=2&price=low"))).toBe(`${SITE}/submenu/spa?page=2`);
    expect(canonical(await page("?page=1"))).toBe(`${SITE}/submenu/spa`);
    expect(content(await page(""), "name", "description")).toMatch(/^Spa in Nigerian cities: \d+ services? to book on Glow\./);
  });

  test("search results are not kept by search engines (noindex, no canonical)", async () => {
    const r = await outcome(() => searchLoader({ request: getRequest("/search/hair"), params: { slug: "hair" }, context: {} }));
    const tags = run(searchMeta, r.data, "/search/hair");
    expect(content(tags, "name", "robots")).toBe("noindex, follow");
    expect(canonical(tags)).toBeUndefined();
  });
});

describe("the helpers", () => {
  test("a description is one line of at most 160 characters, cut at a word", () => {
    const long = `Braids\n\n  and "twists" & </script> ${"word ".repeat(60)}`;
    const d = describeText(long);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d).not.toMatch(/\n/);
    expect(d.startsWith('Braids and "twists" & </script> word')).toBe(true);
    expect(d.endsWith("word…")).toBe(true);
  });

  test("listing paths keep only a real page number past the first", () => {
    expect(listingPath("/submenu/spa", "?page=3&near=Lekki")).toBe("/submenu/spa?page=3");
    for (const search of ["?page=1", "?page=0", "?page=abc", "?page=-2", "?page=1e3", "", "?page=99999999"])
      expect(listingPath("/submenu/spa", search)).toBe("/submenu/spa");
  });

  test("a page without data of its own still has a title, a description and the branded picture", () => {
    const tags = pageMeta(SITE, { title: "T", description: "D", path: "/x" });
    expect(tags).toContainEqual({ property: "og:image", content: `${SITE}/og/site/glow` });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${SITE}/x` });
  });
});
