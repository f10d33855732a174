import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { lagosInstant } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, newKey, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { addStylist, ownerMemberOf } from "../../../tests/team";
import { action, loader } from "./route";

// No double booking per team member, through Book Now's action under races (docs/domain.md, "The team"): the
// booking lock and the (member, start) backstop index decide, on SQLite and PostgreSQL alike.

async function customer() {
  const c = await createCustomer();
  return { ...c, cookie: await cookieFor(c.email) };
}

const book = (cookie: string, fields: Record<string, string>) => run(action, post("/booking", fields, cookie));

/** The demo vendor with three members on the featured braids: the owner and two stylists (made once per file). */
let team: Promise<{ serviceId: number; members: number[]; openDays: string }> | undefined;
function threeMembers() {
  team ??= (async () => {
    const service = await featuredService();
    const vendor = await vendorBySlug();
    const owner = await ownerMemberOf(vendor.id);
    const members = [owner, await addStylist(vendor.id, "Race One", [service.id]), await addStylist(vendor.id, "Race Two", [service.id])];
    return { serviceId: service.id, members, openDays: vendor.open_days };
  })();
  return team;
}

async function liveAt(day: string, hour: number) {
  const db = await getDb();
  return db
    .selectFrom("appointments")
    .select(["member_id", "member_chosen"])
    .where("starts_at", "=", lagosInstant(day, hour))
    .where("status", "in", ["held", "requested", "confirmed"])
    .execute();
}

describe(`Book Now with a team (${getDialect()})`, () => {
  test("50 customers race for one member and hour: exactly one booking, the others are told it was just taken", async () => {
    const { serviceId, members, openDays } = await threeMembers();
    const day = freshOpenDay(openDays);
    const racers = await Promise.all(Array.from({ length: 50 }, () => customer()));
    const results = await Promise.all(
      racers.map((c) => book(c.cookie, { service: String(serviceId), date: day, time: "11", member: String(members[1]), key: newKey() })),
    );
    expect(results.filter((r) => r.status === 303)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 303)) {
      expect(r.status).toBe(409);
      expect(firstError(r.body)).toBe("That time was just taken. Please pick another time.");
    }
    expect(await liveAt(day, 11)).toEqual([{ member_id: members[1], member_chosen: 1 }]);
  });

  test("50 customers race for anyone with three free members: exactly three bookings, one each, the rest just taken", async () => {
    const { serviceId, members, openDays } = await threeMembers();
    const day = freshOpenDay(openDays);
    const racers = await Promise.all(Array.from({ length: 50 }, () => customer()));
    const results = await Promise.all(racers.map((c) => book(c.cookie, { service: String(serviceId), date: day, time: "13", member: "any", key: newKey() })));
    expect(results.filter((r) => r.status === 303)).toHaveLength(3);
    const losers = results.filter((r) => r.status !== 303);
    expect(losers).toHaveLength(47);
    for (const r of losers) {
      expect(r.status).toBe(409);
      expect(firstError(r.body)).toBe("That time was just taken. Please pick another time.");
    }
    const booked = await liveAt(day, 13);
    expect(booked.map((b) => b.member_id).sort((a, b) => a! - b!)).toEqual([...members].sort((a, b) => a - b));
    expect(booked.every((b) => b.member_chosen === 0)).toBe(true);
  });

  test("two bookings at one hour with different members both succeed", async () => {
    const { serviceId, members, openDays } = await threeMembers();
    const day = freshOpenDay(openDays);
    const [a, b] = await Promise.all([customer(), customer()]);
    const results = await Promise.all([
      book(a.cookie, { service: String(serviceId), date: day, time: "15", member: String(members[0]), key: newKey() }),
      book(b.cookie, { service: String(serviceId), date: day, time: "15", member: String(members[2]), key: newKey() }),
    ]);
    expect(results.map((r) => r.status)).toEqual([303, 303]);
    expect((await liveAt(day, 15)).map((r) => r.member_id).sort()).toEqual([members[0], members[2]].sort());
  });

  test("a member of another vendor or an unreadable member is refused beside the picker and books nothing", async () => {
    const { serviceId, openDays } = await threeMembers();
    const day = freshOpenDay(openDays);
    const db = await getDb();
    const stranger = await db
      .selectFrom("team_members")
      .select("id")
      .where("vendor_id", "!=", (await vendorBySlug()).id)
      .executeTakeFirstOrThrow();
    const c = await customer();
    for (const member of [String(stranger.id), "abc", "99999999999"]) {
      const r = await book(c.cookie, { service: String(serviceId), date: day, time: "9", member, key: newKey() });
      expect(r.status).toBe(404);
      expect(firstError(r.body)).toBe("That team member does not take bookings for this service. Please choose another, or anyone available.");
    }
    expect(await liveAt(day, 9)).toEqual([]);
    const page = await run(loader, get(`/booking?service=${serviceId}&date=${day}&member=${stranger.id}`, c.cookie));
    expect(page.status).toBe(404);
    expect((page.body as { choice: { memberError: string; members: { name: string }[] } }).choice).toMatchObject({
      memberError: "That team member does not take bookings for this service. Please choose another, or anyone available.",
    });
  });
});
