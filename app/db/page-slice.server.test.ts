import { expect, test } from "vitest";
import { getDb } from "./db.server";
import { pageSlice } from "./page-slice.server";

test("a page's limit and offset are written into the SQL as whole numbers; anything else is refused", async () => {
  const db = await getDb();
  const query = db.selectFrom("categories").select("id").orderBy("id");
  const compiled = pageSlice(query, 3, 6).compile();
  expect(compiled.sql).toMatch(/ limit 3 offset 6$/);
  expect(compiled.parameters).toEqual([]);
  const all = (await query.execute()).map((r) => r.id);
  expect(all.length).toBeGreaterThan(4);
  expect((await pageSlice(query, 3, 2).execute()).map((r) => r.id)).toEqual(all.slice(2, 5));
  expect(await pageSlice(query, 3, all.length).execute()).toEqual([]);
  for (const [limit, offset] of [
    [Number.NaN, 0],
    [1.5, 0],
    [3, -1],
    [Number.POSITIVE_INFINITY, 0],
    [3, 2 ** 60],
  ] as const) {
    expect(() => pageSlice(query, limit, offset)).toThrow(RangeError);
  }
});
