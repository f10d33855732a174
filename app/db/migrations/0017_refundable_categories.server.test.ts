import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "../db.server";
import { up } from "./0017_refundable_categories.server";

// The migration on a database that already holds the catalogue (as a running site's does): the categories whose
// services the old rule (the group named "Spa") made non-refundable are marked so, and only they.

describe(`migration 0017 on existing rows (${getDialect()})`, () => {
  test("marks the spa category non-refundable and leaves every other one refundable", async () => {
    const db = await getDb();
    // Back to the database as it was before 0017, with its seeded categories and services.
    await db.schema.alterTable("categories").dropColumn("refundable").execute();
    await up(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom("categories").select(["slug", "refundable"]).orderBy("sort").execute();
    expect(rows).toEqual(
      ["men", "women", "spa", "manicure", "pedicure", "tatoo", "piercing", "facials"].map((slug) => ({ slug, refundable: slug === "spa" ? 0 : 1 })),
    );
  });
});
