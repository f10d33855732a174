import { describe, expect, test } from "vitest";
import { getRequest } from "../../../tests/request";
import { outcome } from "../../../tests/loader";
import { loader } from "./route";
import { loader as mainLoader } from "../main.$slug";

const page = (slug: string, query = "") => outcome(() => loader({ request: getRequest(`/submenu/${slug}${query}`), params: { slug }, context: {} }));
const ids = (r: { data: { cards: { id: number }[] } }) => r.data.cards.map((c) => c.id);

describe("GET /submenu/{slug}", () => {
  test("the eight slugs have the spec's headings, case-insensitively", async () => {
    const headings: Record<string, string> = {
      men: "Select Cut Styles",
      women: "Select Braids Styles",
      spa: "Select Spa Types",
      manicure: "Select Manicure Styles",
      Pedicure: "Select Pedicure Styles",
      facials: "Select Facial types",
      Tatoo: "Select Tatoo Styles",
      Piercing: "Select Piercing types",
    };
    for (const [slug, heading] of Object.entries(headings)) {
      const r = await page(slug);
      expect(r.status, slug).toBe(200);
      expect(r.data.category.heading).toBe(heading);
      expect(r.data.category.styles).toHaveLength(6);
      expect(r.data.cards.length).toBeLessThanOrEqual(12);
      expect(r.data.cards.length).toBeGreaterThan(0);
    }
    expect((await page("men")).data.category.styles.map((s: { text: string }) => s.text)).toEqual([
      "Afro",
      "Buzz Cut with Lineup",
      "Relaxed Dread Undercut",
      "Textured Waves",
      "Messy Shag Top",
      "Afro Dread",
    ]);
    expect((await page("WOMEN")).data.category.styles.map((s: { text: string }) => s.text)).toEqual([
      "Type A",
      "Type B",
      "Type C",
      "Type D",
      "Type E",
      "Type F",
    ]);
  });

  test("an unknown slug is a 404 that names it", async () => {
    expect((await page("men\u0000")).status).toBe(200); // a NUL never reaches the query (PostgreSQL refuses it)
    const r = await page("haircuts-for-cats");
    expect(r.status).toBe(404);
    expect(r.data).toBe("We don't have a “haircuts-for-cats” category.");
  });

  test("each filter changes the cards and is echoed back for the form", async () => {
    const all = await page("women");
    for (const query of ["?price=10000-25000", "?home=1", "?recommended=1", "?near=Lekki%2C+Lagos&distance=5"]) {
      const r = await page("women", query);
      expect(r.status, query).toBe(200);
      // Fewer services match (the best rated may well still lead the first page).
      expect(r.data.total, query).toBeLessThan(all.data.total);
      expect(r.data.total, query).toBeGreaterThan(0);
    }
    // Every sample women's service is rated 4.3 stars or more (8.6 of 10): all are 8-10, none 6-8.
    expect((await page("women", "?rating=8-10")).data.total).toBe(all.data.total);
    expect((await page("women", "?rating=6-8")).data.total).toBe(0);
    // A location alone keeps that place's services: all of Abuja lists nothing from Lagos or Kano.
    const near = await page("women", "?near=Abuja");
    expect(near.data.total).toBeGreaterThan(0);
    expect(near.data.total).toBeLessThan(all.data.total);
    expect(near.data.cards.every((c: { city: string }) => c.city === "Abuja")).toBe(true);
    expect(ids(near)).not.toEqual(ids(all));
    const filtered = await page("women", "?price=40000-&home=1&recommended=1&near=Lagos&distance=25");
    expect(filtered.data.values).toMatchObject({ price: "40000-", home: true, recommended: true, near: "Lagos", distance: "25" });
  });

  test("a date keeps vendors open that day; a bad date says 'Date input not valid.' (400)", async () => {
    const bad = await page("men", "?date=32-13-2026");
    expect(bad.status).toBe(400);
    expect(bad.data.dateError).toBe("Date input not valid.");
    expect(bad.data.cards.length).toBeGreaterThan(0);
  });

  test("values that are not options are ignored, never a 500", async () => {
    const r = await page("spa", "?price=1-2&rating=11-12&distance=3&home=yes&near=" + "x".repeat(500));
    expect(r.status).toBe(200);
    expect(r.data.values).toMatchObject({ price: "", rating: "", distance: "", home: false, near: "" });
    const unknownPlace = await page("spa", "?near=Atlantis");
    expect(unknownPlace.data.problems[0]).toMatch(/We don't know the location “Atlantis”/);
  });

  test("a non-numeric page is a 400 with the first page; a page past the end a 404", async () => {
    expect((await page("women", "?page=two")).status).toBe(400);
    const far = await page("women", "?page=500");
    expect(far.status).toBe(404);
    expect(far.data.problems).toEqual(["There is no page 500 with these filters."]);
    const two = await page("women", "?page=2");
    expect(two.status).toBe(200);
    expect(ids(two).some((id: number) => ids(far).includes(id))).toBe(false);
  });
});

describe("GET /main/{men,women}", () => {
  const main = (slug: string) => outcome(() => mainLoader({ request: getRequest(`/main/${slug}`), params: { slug }, context: {} }));

  test("banner, tags and the featured rows Haircuts, Body Spa & Treatment, Tatoo", async () => {
    for (const slug of ["men", "women"]) {
      const r = await main(slug);
      expect(r.status).toBe(200);
      expect(r.data.rows.map((row: { title: string }) => row.title)).toEqual(["Haircuts", "Body Spa & Treatment", "Tatoo"]);
      expect(r.data.rows.every((row: { cards: unknown[] }) => row.cards.length > 0)).toBe(true);
      expect(r.data.tags.length).toBeGreaterThan(3);
      expect(r.data.banner.img1).toMatch(/^\/img\//);
    }
  });

  test("any other slug is a 404", async () => {
    expect((await main("kids")).status).toBe(404);
  });
});
