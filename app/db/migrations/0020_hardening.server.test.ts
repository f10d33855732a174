import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "../db.server";
import { up } from "./0020_hardening.server";

// The migration on a database that already holds accounts, vendors and reported visits (as a running site's does):
// every existing account counts as confirmed, every vendor gets the default grace period, every reported visit is
// a problem, and the new tables start empty.

describe(`migration 0020 on existing rows (${getDialect()})`, () => {
  test("existing accounts are confirmed, vendors wait 15 minutes before a no-show, the audit trail starts empty", async () => {
    const db = await getDb();
    // In one transaction: other test files migrating at the same time list every table of the database, and a table
    // dropped and made again in the open made their listing fail ("relation … does not exist").
    await db.transaction().execute(async (tx) => {
      // Back to the database as it was before 0020, with its seeded rows.
      await tx.schema.dropTable("audit_events").execute();
      await tx.schema.dropTable("email_confirmations").execute();
      await tx.schema.alterTable("users").dropColumn("email_confirmed_at").execute();
      await tx.schema.alterTable("vendors").dropColumn("no_show_grace_minutes").execute();
      await tx.schema.alterTable("visit_problems").dropColumn("kind").execute();
      await up(tx as unknown as Kysely<unknown>, getDialect());
    });

    const users = await db.selectFrom("users").select(["created_at", "email_confirmed_at"]).execute();
    expect(users.length).toBeGreaterThan(0);
    for (const u of users) expect(u.email_confirmed_at).toBe(u.created_at);
    const graces = await db.selectFrom("vendors").select("no_show_grace_minutes").distinct().execute();
    expect(graces).toEqual([{ no_show_grace_minutes: 15 }]);
    expect(await db.selectFrom("audit_events").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("email_confirmations").selectAll().execute()).toEqual([]);
  });
});
