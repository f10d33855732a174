// The people the benchmark signs in as: many seeded customers, each with their own favourites, recently viewed
// services and appointments, and a session each, so that a figure for a signed-in page is what any person's page
// costs, not one person's page kept warm. Vendors are the owners of the salons those appointments are at.
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { newSession } from "./plant-session.mjs";

/**
 * Deterministic draws in [0, 1): AES-128 in counter mode over zeros, keyed by the seed, read 32 bits at a time. The
 * same people on every run, so runs compare.
 */
function randomFrom(seed) {
  const key = crypto.createHash("sha256").update(`bench-people:${seed}`).digest().subarray(0, 16);
  const stream = crypto.createCipheriv("aes-128-ctr", key, Buffer.alloc(16));
  let bytes = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 4 > bytes.length) {
      bytes = stream.update(Buffer.alloc(64 * 1024));
      at = 0;
    }
    at += 4;
    return bytes.readUInt32BE(at - 4) / 4294967296;
  };
}

const HOUR = 3_600_000;

/**
 * @typedef {(sql: string, params: unknown[]) => Promise<Record<string, any>[]>} Query
 * Runs one statement (written with `?` placeholders, in SQL that SQLite and PostgreSQL both read) and gives its rows.
 */

/**
 * Adds `count` customers to the app's database, each with 2–9 favourites, 3–8 recently viewed services and 1–3
 * appointments (some past and completed, some to come), and plants a session for each; then one for each owner of
 * the `vendorCount` salons with the most appointments.
 * @param {Query} query
 * @param {{ count?: number, vendorCount?: number, seed?: number }} options
 * @returns {Promise<{ customers: { userId: number, cookie: string }[], vendors: { userId: number, cookie: string }[], serviceIds: number[] }>}
 */
export async function seedBenchPeople(query, { count = 1000, vendorCount = 30, seed = 1 } = {}) {
  const random = randomFrom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const services = await query(
    `select s.id, s.vendor_id, s.title, s.price_kobo, s.duration_min, t.id as member_id
     from services s join team_members t on t.vendor_id = s.vendor_id and t.role = 'owner' where s.status = 'active' order by s.id`,
    [],
  );
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const plant = async (userId) => {
    const { row, cookieValue } = newSession(userId);
    await query("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)", [row.id, row.user_id, row.expires_at, row.created_at]);
    return `glow_session=${cookieValue}`;
  };
  const customers = [];
  for (let i = 0; i < count; i++) {
    const created = iso(now - between(30, 400) * 24 * HOUR);
    const [{ id: userId }] = await query(
      "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values (?, '!unusable', ?, ?, 'customer', ?, ?) returning id",
      [`bench-${seed}-${i}@bench.glow.example`, `Bench${i}`, `Customer${seed}`, created, created],
    );
    for (let f = between(2, 9); f > 0; f--) {
      const values = [userId, pick(services).id, iso(now - between(1, 60) * 24 * HOUR)];
      await query("insert into favorites (user_id, service_id, created_at) values (?, ?, ?) on conflict do nothing", values);
    }
    for (let v = between(3, 8); v > 0; v--) {
      const values = [`u:${userId}`, pick(services).id, iso(now - between(1, 600) * HOUR)];
      await query("insert into recently_viewed (owner, service_id, viewed_at) values (?, ?, ?) on conflict do nothing", values);
    }
    for (let a = between(1, 3); a > 0; a--) {
      const s = pick(services);
      const past = random() < 0.5;
      // Whole hours, 08:00–17:00 UTC, within the next or last three weeks; a member's time is booked once (a
      // unique index), so a taken time is tried again elsewhere.
      for (let attempt = 0; attempt < 50; attempt++) {
        const day = Math.floor(now / (24 * HOUR)) + (past ? -between(1, 21) : between(1, 21));
        const starts = day * 24 * HOUR + between(8, 17) * HOUR;
        const rows = await query(
          `insert into appointments (ref, customer_id, vendor_id, member_id, service_id, starts_at, ends_at, status, payment_status, payment_method,
             total_kobo, pay_token, paid_at, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, 'paid', 'online', ?, ?, ?, ?, ?) on conflict do nothing returning id`,
          [
            `GLW-B${seed}${i}X${a}`,
            userId,
            s.vendor_id,
            s.member_id,
            s.id,
            iso(starts),
            iso(starts + Math.ceil(s.duration_min / 60) * HOUR),
            past ? "completed" : "confirmed",
            s.price_kobo,
            `bench-${seed}-${i}-${a}`,
            iso(starts - 2 * 24 * HOUR),
            iso(starts - 3 * 24 * HOUR),
            iso(starts - 2 * 24 * HOUR),
          ],
        );
        if (rows.length === 0) continue;
        await query("insert into appointment_items (appointment_id, kind, name, price_kobo) values (?, 'service', ?, ?)", [rows[0].id, s.title, s.price_kobo]);
        break;
      }
    }
    customers.push({ userId, cookie: await plant(userId) });
  }
  // The salons with the most appointments first: their owners' books are the fullest.
  const owners = await query(
    `select t.user_id from team_members t join appointments a on a.vendor_id = t.vendor_id
     where t.role = 'owner' and t.user_id is not null group by t.user_id order by count(*) desc, t.user_id limit ?`,
    [vendorCount],
  );
  const vendors = [];
  for (const { user_id: userId } of owners) vendors.push({ userId, cookie: await plant(userId) });
  return { customers, vendors, serviceIds: [...new Set(services.map((s) => s.id))] };
}

/** seedBenchPeople on the app's SQLite file, in one transaction (a commit per row would take minutes). */
export async function seedBenchPeopleInFile(dbFile, options) {
  const db = new Database(dbFile);
  try {
    db.exec("begin");
    const query = async (sql, params) => {
      const statement = db.prepare(sql);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    };
    const people = await seedBenchPeople(query, options);
    db.exec("commit");
    return people;
  } finally {
    db.close();
  }
}

/** Hands out the people in turn: each call the next one, round and round. */
export function rotation(people) {
  if (people.length === 0) throw new Error("no one to rotate over");
  let next = 0;
  return () => {
    const person = people[next];
    next = (next + 1) % people.length;
    return person;
  };
}
