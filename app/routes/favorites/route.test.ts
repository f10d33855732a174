import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { formRequest, getRequest } from "../../../tests/request";
import { outcome } from "../../../tests/loader";
import { cookieFor } from "../../../tests/session";
import { action, loader } from "./route";

const db = () => getDb();
const userId = async (email: string) => (await (await db()).selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const favoritesOf = async (email: string) =>
  (
    await (
      await db()
    )
      .selectFrom("favorites")
      .select("service_id")
      .where("user_id", "=", await userId(email))
      .execute()
  ).map((r) => r.service_id);
const activeIds = async () => (await (await db()).selectFrom("services").select("id").where("status", "=", "active").orderBy("id").execute()).map((r) => r.id);
const post = (fields: Record<string, string>, init: { cookie?: string; origin?: string | null } = {}) =>
  outcome(() => action({ request: formRequest("/favorites", fields, init), params: {}, context: {} }));
const page = (query = "", cookie?: string) => outcome(() => loader({ request: getRequest(`/favorites${query}`, { cookie }), params: {}, context: {} }));

describe("POST /favorites (the heart)", () => {
  test("without a session: off to sign in, then back to the page the heart was on; nothing saved", async () => {
    const [id] = await activeIds();
    const r = await post({ serviceId: String(id), favorite: "1", redirectTo: "/search/hair?page=2#result-5" });
    expect(r.status).toBe(303);
    expect(r.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/search/hair?page=2#result-5" })}`);
  });

  test("saves and removes (idempotent), redirecting back with a toast; with JavaScript it answers data", async () => {
    const cookie = await cookieFor("customer@example.com");
    const saved0 = await favoritesOf("customer@example.com");
    const fresh = (await activeIds()).find((i) => !saved0.includes(i))!;
    const saved = await post({ serviceId: String(fresh), favorite: "1", redirectTo: "/submenu/women" }, { cookie });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/submenu/women");
    expect(saved.headers.get("Set-Cookie")).toMatch(/glow_toast=/);
    await post({ serviceId: String(fresh), favorite: "1" }, { cookie });
    expect((await favoritesOf("customer@example.com")).filter((i) => i === fresh)).toHaveLength(1);

    const removed = await post({ serviceId: String(fresh), favorite: "0", via: "fetcher" }, { cookie });
    expect(removed.status).toBe(200);
    expect(removed.data).toEqual({ favorite: false });
    expect(await favoritesOf("customer@example.com")).not.toContain(fresh);
  });

  test("only the signed-in person's own favourites change, whatever the form says", async () => {
    const cookie = await cookieFor("customer@example.com");
    const [id] = await activeIds();
    const otherBefore = await favoritesOf("admin@example.com");
    await post({ serviceId: String(id), favorite: "1", user_id: String(await userId("admin@example.com")), userId: "2" }, { cookie });
    expect(await favoritesOf("admin@example.com")).toEqual(otherBefore);
    expect(await favoritesOf("customer@example.com")).toContain(id);
  });

  test("bad input changes nothing: unknown or hidden service, bad values, cross-site, not a form", async () => {
    const cookie = await cookieFor("customer@example.com");
    const before = await favoritesOf("customer@example.com");
    const paused = await (await db()).selectFrom("services").select("id").where("status", "=", "paused").executeTakeFirstOrThrow();
    expect((await post({ serviceId: String(paused.id), favorite: "1", via: "fetcher" }, { cookie })).status).toBe(404);
    expect((await post({ serviceId: "999999", favorite: "1" }, { cookie })).headers.get("Location")).toBe("/favorites");
    expect((await post({ serviceId: "abc", favorite: "1", via: "fetcher" }, { cookie })).status).toBe(400);
    expect((await post({ serviceId: "1", favorite: "yes", via: "fetcher" }, { cookie })).status).toBe(400);
    expect((await post({ serviceId: "1", favorite: "1", redirectTo: "https://evil.example/" }, { cookie })).headers.get("Location")).toBe("/favorites");
    expect((await post({ serviceId: "1", favorite: "1" }, { cookie, origin: "https://evil.example" })).status).toBe(403);
    const json = new Request("http://localhost:3000/favorites", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", Cookie: cookie },
    });
    expect((await outcome(() => action({ request: json, params: {}, context: {} }))).status).toBe(415);
    expect((await favoritesOf("customer@example.com")).filter((i) => i !== 1).sort()).toEqual(before.filter((i) => i !== 1).sort());
  });
});

describe("GET /favorites", () => {
  test("'My Favorites (N)' counts the person's public favourites; filters narrow; a visitor sees 0 and a Join prompt", async () => {
    const cookie = await cookieFor("customer@example.com");
    const all = await page("", cookie);
    const n = (
      await (
        await db()
      )
        .selectFrom("favorites as f")
        .innerJoin("services as s", "s.id", "f.service_id")
        .select("s.id")
        .where("f.user_id", "=", await userId("customer@example.com"))
        .where("s.status", "=", "active")
        .execute()
    ).length;
    expect(all.status).toBe(200);
    expect(all.data).toMatchObject({ signedIn: true, count: n, filter: "All" });
    expect(all.data.cards).toHaveLength(n);
    expect(all.data.cards.every((c: { favorite: boolean }) => c.favorite)).toBe(true);
    const hair = await page("?filter=Hair", cookie);
    expect(hair.data.filter).toBe("Hair");
    expect(hair.data.count).toBe(n);
    expect(hair.data.cards.length).toBeLessThan(n);
    expect((await page("?filter=nonsense", cookie)).data.filter).toBe("All");
    expect((await page("?page=x", cookie)).status).toBe(400);
    expect((await page("?page=40", cookie)).status).toBe(404);

    const visitor = await page();
    expect(visitor.data).toMatchObject({ signedIn: false, count: 0, cards: [] });
  });
});
