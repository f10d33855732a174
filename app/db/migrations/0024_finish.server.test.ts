import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "../db.server";

// After 0024 every existing service is its own live version (no copy of another), and a copy names its live service.

describe(`migration 0024 (${getDialect()})`, () => {
  test("existing services are no copies; revision_of takes a live service's id", async () => {
    const db = await getDb();
    const rows = await db.selectFrom("services").select(["id", "revision_of"]).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.revision_of !== null)).toEqual([]);
    const [first] = rows;
    const copy = await db
      .insertInto("services")
      .columns([
        "vendor_id",
        "category_id",
        "group_name",
        "style",
        "title",
        "gender",
        "description",
        "about",
        "duration_min",
        "price_kobo",
        "promo_price_kobo",
        "image",
        "service_type",
        "recommended",
        "status",
        "status_reason",
        "rating_count",
        "rating_sum",
        "created_at",
        "updated_at",
        "revision_of",
      ])
      .expression((eb) =>
        eb
          .selectFrom("services")
          .select([
            "vendor_id",
            "category_id",
            "group_name",
            "style",
            "title",
            "gender",
            "description",
            "about",
            "duration_min",
            "price_kobo",
            "promo_price_kobo",
            "image",
            "service_type",
            "recommended",
          ])
          .select((e) => [
            e.val("draft").as("status"),
            e.val(null).as("status_reason"),
            e.val(0).as("rating_count"),
            e.val(0).as("rating_sum"),
            "created_at",
            "updated_at",
            e.val(first!.id).as("revision_of"),
          ])
          .where("id", "=", first!.id),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await db.selectFrom("services").select("revision_of").where("id", "=", copy.id).executeTakeFirstOrThrow()).revision_of).toBe(first!.id);
  });
});
