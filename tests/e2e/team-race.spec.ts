import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { lagosInstant } from "../../app/utils/time";
import { AppServer, createCustomers, dropStore, openSql, plantSession, postgresStore, sqliteStore, type SqlHandle, type Store } from "./resilience-lib";

// No double booking per team member, over HTTP (docs/domain.md, "The team"): 50 customers press Book Now at once
// against a production server, on SQLite and on PostgreSQL. One server and one set of racers per database, reused by
// the three races below, so the file stays within CI's budget. Counts come from the database afterwards.
// Not a browser test: it runs once, in the "http" project (playwright.config.ts). CI starts PostgreSQL before
// `npm test` (.ci/run), so the PostgreSQL half needs it on 127.0.0.1:5432 (PG_TEST_URL to point elsewhere).

const basePort = Number(process.env.E2E_PORT ?? 3100) + 40;
const RACERS = 50;
const TAKEN = "That time was just taken. Please pick another time.";

/** A weekday `weekday` (2 = Tuesday) about five weeks out, Lagos time: the demo salon is open then, and no other test books it. */
function dayOn(weekday: number, weeksOut: number): string {
  const d = new Date(Date.now() + 60 * 60_000 + weeksOut * 7 * 86_400_000);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface Rig {
  server: AppServer;
  sql: SqlHandle;
  store: Store;
  serviceId: number;
  /** The members who perform the featured braids, on the salon's hours: the owner and two added here. */
  members: number[];
  /** The Cookie header of each racer, signed in as a customer of their own. */
  cookies: string[];
}

async function rig(store: Store, port: number): Promise<Rig> {
  // Background work off: its sweeps would expire the held bookings while the counts are read.
  const server = new AppServer(store, port, { BACKGROUND_WORK: "off" });
  await server.start();
  const sql = await openSql(store);
  const [service] = await sql.all<{ id: number; vendor_id: number }>("select id, vendor_id from services where key = 'featured-braids'");
  // Two members on the salon's own hours beside the owner, who performs every service of the salon: three for "anyone".
  for (const name of ["Race Second", "Race Third"]) {
    const [added] = await sql.all<{ id: number }>(
      "insert into team_members (vendor_id, user_id, name, title, photo, role, bookable, active, sort, week_hours, created_at) values (?, null, ?, 'Stylist', null, 'stylist', 1, 1, 99, null, ?) returning id",
      service!.vendor_id,
      name,
      new Date().toISOString(),
    );
    await sql.all("insert into team_member_services (member_id, service_id, price_kobo, duration_min) values (?, ?, null, null)", added!.id, service!.id);
  }
  const performers = await sql.all<{ id: number }>(
    "select m.id from team_members m join team_member_services ms on ms.member_id = m.id where ms.service_id = ? and m.active = 1 and m.bookable = 1 order by m.sort, m.id",
    service!.id,
  );
  const people = await createCustomers(sql, `team-race-${port}.`, RACERS, "Racer12345");
  const cookies: string[] = [];
  for (const p of people) cookies.push(await plantSession(sql, p.id));
  return { server, sql, store, serviceId: service!.id, members: performers.map((p) => p.id), cookies };
}

/** Book Now's POST for one racer: the status, and the refusal's sentence when there is one. */
async function book(r: Rig, cookie: string, fields: { date: string; time: number; member: string }) {
  const response = await fetch(`${r.server.base}/booking?service=${r.serviceId}&date=${fields.date}&time=${fields.time}&member=${fields.member}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: r.server.base },
    body: new URLSearchParams({
      service: String(r.serviceId),
      date: fields.date,
      time: String(fields.time),
      member: fields.member,
      key: crypto.randomBytes(16).toString("base64url"),
    }),
  });
  return { status: response.status, location: response.headers.get("Location"), body: await response.text() };
}

async function liveAt(r: Rig, day: string, hour: number) {
  return r.sql.all<{ member_id: number; member_chosen: number }>(
    "select member_id, member_chosen from appointments where service_id = ? and starts_at = ? and status in ('held', 'requested', 'confirmed') order by member_id",
    r.serviceId,
    lagosInstant(day, hour),
  );
}

function expectJustTaken(losers: { status: number; body: string }[]) {
  for (const loser of losers) {
    expect(loser.status).toBe(409);
    expect(loser.body).toContain(TAKEN);
  }
}

const stores: { label: string; make: () => Promise<Store> }[] = [
  { label: "SQLite", make: async () => sqliteStore("team-race") },
  {
    label: "PostgreSQL",
    make: async () => {
      const store = await postgresStore();
      if (!store) throw new Error("The PostgreSQL half of the team races needs PostgreSQL on 127.0.0.1:5432 (or PG_TEST_URL), as CI provides.");
      return store;
    },
  },
];

stores.forEach(({ label, make }, index) => {
  test.describe(`team races over HTTP on ${label}`, () => {
    test.describe.configure({ mode: "serial", timeout: 120_000 });
    let r: Rig;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      r = await rig(await make(), basePort + index);
    });

    test.afterAll(async () => {
      await r?.sql.close();
      await r?.server.stop();
      if (r) await dropStore(r.store);
    });

    test("50 customers book the same named member and hour: exactly one booking, the rest are told it was just taken", async () => {
      const day = dayOn(2, 5);
      const named = r.members[1]!;
      const answers = await Promise.all(r.cookies.map((cookie) => book(r, cookie, { date: day, time: 10, member: String(named) })));
      const winners = answers.filter((a) => a.status === 303);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.location).toMatch(/^\/payment\?order=GLW-[A-Z0-9]{6}$/);
      expectJustTaken(answers.filter((a) => a.status !== 303));
      expect(await liveAt(r, day, 10)).toEqual([{ member_id: named, member_chosen: 1 }]);
    });

    test("50 customers book anyone where three members are free: three bookings, one each, the rest just taken", async () => {
      const day = dayOn(3, 5);
      expect(r.members).toHaveLength(3);
      const answers = await Promise.all(r.cookies.map((cookie) => book(r, cookie, { date: day, time: 10, member: "any" })));
      expect(answers.filter((a) => a.status === 303)).toHaveLength(3);
      const losers = answers.filter((a) => a.status !== 303);
      expect(losers).toHaveLength(RACERS - 3);
      expectJustTaken(losers);
      const booked = await liveAt(r, day, 10);
      expect(booked.map((b) => b.member_id)).toEqual([...r.members].sort((a, b) => a - b));
      expect(booked.every((b) => b.member_chosen === 0)).toBe(true);
    });

    test("two bookings at one hour with different named members both succeed", async () => {
      const day = dayOn(4, 5);
      const [owner, , third] = r.members as [number, number, number];
      const answers = await Promise.all([
        book(r, r.cookies[0]!, { date: day, time: 15, member: String(owner) }),
        book(r, r.cookies[1]!, { date: day, time: 15, member: String(third) }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([303, 303]);
      expect((await liveAt(r, day, 15)).map((b) => b.member_id)).toEqual([owner, third].sort((a, b) => a - b));
    });
  });
});
