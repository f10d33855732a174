import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "../db.server";
import { backfillTeams } from "./0018_team.server";

// The migration on a database that already holds vendors, services and appointments (as a running site's does):
// every vendor becomes a team of one, its owner, who performs every service and has every appointment; and the
// no-double-booking backstop is per member.

describe(`migration 0018 on existing rows (${getDialect()})`, () => {
  test("every vendor gets one owner member with all its services and all its appointments", async () => {
    const db = await getDb();
    // Back to the rows as they were before 0018: no members, appointments with nobody.
    await db.updateTable("appointments").set({ member_id: null }).execute();
    await db.deleteFrom("team_members").execute();
    expect(await db.selectFrom("team_member_services").select("member_id").execute()).toEqual([]);
    await backfillTeams(db as unknown as Kysely<unknown>);

    const vendors = await db
      .selectFrom("vendors")
      .innerJoin("users", "users.id", "vendors.user_id")
      .select(["vendors.id", "vendors.user_id", "users.first_name", "users.last_name"])
      .execute();
    const members = await db.selectFrom("team_members").selectAll().execute();
    expect(members).toHaveLength(vendors.length);
    for (const v of vendors) {
      const member = members.find((m) => m.vendor_id === v.id)!;
      expect(member).toMatchObject({ user_id: v.user_id, name: `${v.first_name} ${v.last_name}`, role: "owner", bookable: 1, active: 1, week_hours: null });
    }
    const services = await db.selectFrom("services").select(["id", "vendor_id"]).execute();
    const performed = await db.selectFrom("team_member_services").selectAll().execute();
    expect(performed).toHaveLength(services.length);
    for (const s of services) {
      const row = performed.find((p) => p.service_id === s.id)!;
      expect(members.find((m) => m.id === row.member_id)!.vendor_id).toBe(s.vendor_id);
      expect(row).toMatchObject({ price_kobo: null, duration_min: null });
    }
    const appointments = await db.selectFrom("appointments").select(["vendor_id", "member_id"]).execute();
    expect(appointments.length).toBeGreaterThan(0);
    for (const a of appointments) expect(members.find((m) => m.id === a.member_id)!.vendor_id).toBe(a.vendor_id);
  });

  test("two accepted appointments of one member cannot start at the same instant; of two members they can", async () => {
    const db = await getDb();
    const source = await db.selectFrom("appointments").selectAll().where("status", "=", "confirmed").orderBy("id").executeTakeFirstOrThrow();
    const second = await db
      .insertInto("team_members")
      .values({
        vendor_id: source.vendor_id,
        user_id: null,
        name: "Second Chair",
        photo: null,
        role: "stylist",
        week_hours: null,
        created_at: source.created_at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const copy = (memberId: number, ref: string) => {
      const { id: _id, ...rest } = source;
      return db
        .insertInto("appointments")
        .values({ ...rest, ref, pay_token: `${ref}-token`, idempotency_key: null, member_id: memberId })
        .execute();
    };
    await expect(copy(source.member_id!, "GLW-DUP001")).rejects.toThrow();
    await copy(second.id, "GLW-DUP002");
    const atThatTime = await db
      .selectFrom("appointments")
      .select("member_id")
      .where("starts_at", "=", source.starts_at)
      .where("status", "=", "confirmed")
      .execute();
    expect(atThatTime.map((a) => a.member_id).sort()).toEqual([source.member_id, second.id].sort());
  });
});
