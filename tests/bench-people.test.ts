import { CompiledQuery } from "kysely";
import { expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { loader as favoritesLoader } from "~/routes/favorites/route";
import { loader as rootLoader } from "~/root";
import { rotation, seedBenchPeople, type Query } from "../scripts/bench-people.mjs";
import { getRequest } from "./request";
import { outcome } from "./loader";

// `npm run bench` signs in as many people in turn, so that no cache kept for one person flatters a signed-in page's
// figure: the people it seeds and the rotation it sends them in must really be different people, each seeing
// their own page.

/** The bench's statements, run on the database under test ($1, $2... for PostgreSQL). */
const query: Query = async (text, params) => {
  const db = await getDb();
  let n = 0;
  const sql = getDialect() === "postgres" ? text.replace(/\?/g, () => `$${++n}`) : text;
  return (await db.executeQuery(CompiledQuery.raw(sql, params))).rows as Record<string, unknown>[];
};

test("the bench's rotation signs in a different seeded person on each request, each with their own favourites", async () => {
  const { customers, vendors } = await seedBenchPeople(query, { count: 12, vendorCount: 3 });
  const next = rotation(customers);
  const sent = Array.from({ length: 24 }, () => next().cookie);
  expect(new Set(sent.slice(0, 12)).size).toBe(12);
  expect(sent.slice(12)).toEqual(sent.slice(0, 12));

  const db = await getDb();
  const seen = new Map<string, number>();
  for (const [i, cookie] of sent.slice(0, 12).entries()) {
    const root = await outcome(() => rootLoader({ request: getRequest("/", { cookie }), params: {}, context: {} }));
    const favourites = await outcome(() => favoritesLoader({ request: getRequest("/favorites", { cookie }), params: {}, context: {} }));
    const own = await db.selectFrom("favorites").select("service_id").where("user_id", "=", customers[i]!.userId).execute();
    expect(root.data.user.firstName).toBe(`Bench${i}`);
    expect(favourites.data.count).toBe(own.length);
    expect(favourites.data.count).toBeGreaterThanOrEqual(2);
    seen.set(root.data.user.firstName, favourites.data.count);
  }
  expect(seen.size).toBe(12);
  // Not all alike: the people's favourites differ in number too.
  expect(new Set(seen.values()).size).toBeGreaterThan(1);

  // Vendors are different salons' owners, each with appointments in their book.
  expect(new Set(vendors.map((v) => v.userId)).size).toBe(3);
  for (const v of vendors) {
    const [{ n }] = (await query("select count(*) as n from appointments a join team_members t on t.vendor_id = a.vendor_id where t.user_id = ?", [
      v.userId,
    ])) as [{ n: number | string }];
    expect(Number(n)).toBeGreaterThan(0);
  }
});
