// The soak (not run in CI; docs/performance.md says how and what it found): SOAK_PEOPLE simulated people (50) for
// SOAK_MINUTES (10) against the production build on PostgreSQL, served by two app processes (BACKGROUND_WORK=off)
// and one worker (scripts/worker.mjs), as a deployment runs them. Customers browse, book, pay with the test checkout,
// cancel and message salons; salon owners accept their new requests. Afterwards it counts from the database: every
// acknowledged booking, payment, cancellation, acceptance and message is there once, in its state; no answer was a
// 5xx; and each process's resident memory in the last tenth of the run is within 10 % of the third tenth.
//
//   npx remix build && SOAK_MINUTES=2 SOAK_PEOPLE=20 node scripts/soak.mjs
//
// Settings: SOAK_MINUTES, SOAK_PEOPLE, SOAK_PORT (3400: it and the next), SOAK_PG_URL (postgres://postgres@127.0.0.1:5432/test).
// It works in a fresh schema of that database, dropped at the end. Exit code 1 when a check fails.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { newSession } from "./plant-session.mjs";
import { compareBookings, compareMessages, memoryFlat, statusCounts } from "./soak-lib.mjs";
import { serverNodeFlags } from "../server/node-flags.mjs";

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const peopleCount = Number(process.env.SOAK_PEOPLE ?? 50);
const port = Number(process.env.SOAK_PORT ?? 3400);
const pgUrl = process.env.SOAK_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `soak_${crypto.randomBytes(4).toString("hex")}`;
const runMs = minutes * 60_000;
const PASSWORD_HASH = "not-used: sessions are planted";

const env = {
  ...process.env,
  NODE_ENV: "production",
  GLOW_LOCAL: "true",
  DATABASE_URL: pgUrl,
  DATABASE_SCHEMA: schema,
  SESSION_SECRET: "soak-session-secret-0123456789abcdef",
  BACKGROUND_WORK: "off",
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
  // Every simulated person comes from an address of their own (X-Forwarded-For, as the proxy in front sets it).
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
};

/** @type {{ name: string, child: import("node:child_process").ChildProcess }[]} */
const processes = [];
function start(name, args, extra = {}) {
  const child = spawn(process.execPath, args, { env: { ...env, ...extra }, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr.on("data", (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  processes.push({ name, child });
  return child;
}

async function healthy(url) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy`);
}

const bases = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`];
// A server already answering there (another run's) would be measured instead of ours.
for (const base of bases) {
  const taken = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on ${base}: choose another SOAK_PORT`);
}
const sql = new pg.Client({ connectionString: pgUrl });
await sql.connect();
const q = async (text, params = []) => (await sql.query(text, params)).rows;

// The first server migrates and seeds the schema; the second and the worker start once it is there.
start("app-1", [...serverNodeFlags(env), "server/index.mjs", "./build/index.js"], { PORT: String(port), APP_URL: bases[0] });
await healthy(bases[0]);
start("app-2", [...serverNodeFlags(env), "server/index.mjs", "./build/index.js"], { PORT: String(port + 1), APP_URL: bases[1] });
start("worker", ["scripts/worker.mjs"], { APP_URL: bases[0] });
await healthy(bases[1]);
await q(`set search_path to ${schema}`);

// Customers (confirmed e-mail, signed in by a planted session) and the owners of the salons they book.
const now = new Date().toISOString();
const customers = [];
for (let i = 0; i < peopleCount; i++) {
  const [row] = await q(
    "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values ($1, $2, 'Soak', $3, 'customer', $4, $4) returning id",
    [`soak${i}@example.com`, PASSWORD_HASH, `Person${i}`, now],
  );
  customers.push({ id: row.id, cookie: await plant(row.id), ip: `198.51.100.${(i % 250) + 1}` });
}
const services = await q("select s.id, s.vendor_id from services s where s.status = 'active' order by s.id limit 40");
const vendorIds = [...new Set(services.map((s) => s.vendor_id))];
const owners = [];
for (const [i, id] of vendorIds.entries()) {
  const [v] = await q("select user_id from vendors where id = $1", [id]);
  owners.push({ vendorId: id, cookie: await plant(v.user_id), ip: `203.0.113.${(i % 250) + 1}` });
}

async function plant(userId) {
  const { row, cookieValue } = newSession(userId);
  await q("insert into sessions (id, user_id, expires_at, created_at) values ($1, $2, $3, $4)", [row.id, row.user_id, row.expires_at, row.created_at]);
  return `glow_session=${cookieValue}`;
}

const statuses = [];
const errors = [];
/** @type {import("./soak-lib.mjs").BookingAck[]} */
const bookings = [];
const messagesAcked = new Map();
const counts = { browse: 0, book: 0, pay: 0, cancel: 0, message: 0, accept: 0, acceptRefused: 0, full: 0, atCap: 0, messageLimited: 0 };

/** One request as a browser sends it (redirects not followed); null after an error, which is recorded. */
async function send(who, method, path, expect, form) {
  const base = bases[Math.floor(Math.random() * bases.length)];
  const headers = { Cookie: who.cookie, "X-Forwarded-For": who.ip };
  let body;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers.Origin = base;
  }
  try {
    const response = await fetch(base + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    statuses.push(response.status);
    if (!expect.includes(response.status)) {
      if (errors.length < 200)
        errors.push(
          `${method} ${path}: ${response.status} ${text
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .slice(0, 160)}`,
        );
      return null;
    }
    return { status: response.status, location: response.headers.get("Location") ?? "", text };
  } catch (error) {
    if (errors.length < 200) errors.push(`${method} ${path}: ${error.name === "TimeoutError" ? "timeout" : error.message}`);
    return null;
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const lagosDay = (daysAhead) => new Date(Date.now() + 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);

async function browse(who) {
  const service = pick(services);
  for (const path of [pick(["/", "/search/hair", "/submenu/women", "/search/nails"]), `/details/${service.id}`]) await send(who, "GET", path, [200]);
  counts.browse++;
}

/** Books a free time, pays it with the test checkout (or leaves it to pay the salon), as the booking pages lead. */
async function bookAndPay(who) {
  const service = pick(services);
  const day = lagosDay(2 + Math.floor(Math.random() * 12));
  const page = await send(who, "GET", `/booking?service=${service.id}&date=${day}`, [200]);
  if (!page) return;
  const key = /name="key" value="([\w-]+)"/.exec(page.text)?.[1];
  const times = [...page.text.matchAll(/href="\/booking\?service=\d+&amp;date=[\d-]+&amp;time=(\d+)"/g)].map((m) => m[1]);
  if (!key || times.length === 0) return;
  const time = pick(times);
  const form = { service: String(service.id), date: day, time, key };
  if (page.text.includes('name="address"')) form.address = "12 Admiralty Way, Lekki, Lagos";
  const booked = await send(who, "POST", `/booking?service=${service.id}&date=${day}&time=${time}`, [303, 400, 409], form);
  if (!booked) return;
  if (booked.status === 409) return void counts.full++;
  if (booked.status === 400) {
    // The one 400 a booking of a free time may get: the cap on open unpaid bookings ("Pay to vendor" ones wait for salons).
    if (!booked.text.includes("unpaid bookings open")) errors.push(`booking ${service.id} ${day} ${time}: 400 without the cap's message`);
    return void counts.atCap++;
  }
  const ref = /order=(GLW-[A-Z0-9]{6})/.exec(booked.location)?.[1];
  if (!ref) return void errors.push(`booking: redirected to ${booked.location}`);
  const ack = { ref, customerId: who.id, paid: false, cancelled: false, accepted: false };
  bookings.push(ack);
  counts.book++;
  const online = Math.random() < 0.6;
  const chose = await send(who, "POST", `/payment?order=${ref}`, [303], { order: ref, method: online ? "online" : "vendor", comment: "" });
  if (!chose || !online) return;
  const reference = /\/checkout\/([\w-]+)/.exec(chose.location)?.[1];
  if (!reference) return void errors.push(`pay ${ref}: redirected to ${chose.location}, not to the test checkout`);
  const paid = await send(who, "POST", `/checkout/${reference}`, [303], { intent: "succeed", channel: "card" });
  if (!paid) return;
  const back = await send(who, "GET", new URL(paid.location, bases[0]).pathname + new URL(paid.location, bases[0]).search, [303, 200]);
  if (!back) return;
  ack.paid = true;
  counts.pay++;
}

async function cancelOne(who) {
  const ack = bookings.find((b) => b.customerId === who.id && !b.cancelled && !b.accepted);
  if (!ack) return;
  if (await send(who, "POST", "/user/appointment", [303, 409], { intent: "cancel", ref: ack.ref }).then((r) => r?.status === 303)) {
    ack.cancelled = true;
    counts.cancel++;
  }
}

async function message(who) {
  const service = pick(services);
  const opened = await send(who, "POST", "/messages", [303], { vendorId: String(service.vendor_id) });
  const id = Number(/\/messages\/(\d+)/.exec(opened?.location ?? "")?.[1]);
  if (!id) return;
  const sent = await send(who, "POST", `/messages/${id}`, [303, 429], { intent: "send", body: `Hello, is ${lagosDay(3)} free? (${crypto.randomUUID()})` });
  if (sent?.status === 303) {
    messagesAcked.set(id, (messagesAcked.get(id) ?? 0) + 1);
    counts.message++;
  } else if (sent) counts.messageLimited++;
}

/** A salon owner opens New requests and accepts one. */
async function accept(owner) {
  const page = await send(owner, "GET", "/vendor/appointment?tab=new", [200]);
  const ids = [...(page?.text ?? "").matchAll(/name="intent" value="accept"\/><input type="hidden" name="id" value="(\d+)"/g)].map((m) => m[1]);
  if (ids.length === 0) return;
  const id = pick(ids);
  const [row] = await q("select ref from appointments where id = $1", [Number(id)]);
  const done = await send(owner, "POST", "/vendor/appointment", [303, 400, 409], { intent: "accept", id, back: "/vendor/appointment?tab=new" });
  if (done && done.status !== 303) {
    // Refused: right only when the request is no longer new (its customer cancelled it meanwhile).
    const [now] = await q("select status from appointments where id = $1", [Number(id)]);
    if (now?.status === "requested") errors.push(`accept ${row?.ref}: ${done.status} while it was still a new request`);
    else counts.acceptRefused++;
  }
  if (done?.status === 303) {
    const ack = bookings.find((b) => b.ref === row?.ref);
    if (ack && !ack.cancelled) ack.accepted = true;
    counts.accept++;
  }
}

// Memory of each process every 5 s (every second in runs under 5 minutes, so each tenth holds several samples).
const started = Date.now();
const memory = new Map(processes.map((p) => [p.name, []]));
const sampler = setInterval(
  () => {
    for (const p of processes) {
      const status = fs.existsSync(`/proc/${p.child.pid}/status`) ? fs.readFileSync(`/proc/${p.child.pid}/status`, "utf8") : "";
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
      if (kb) memory.get(p.name).push({ at: Date.now() - started, mb: kb / 1024 });
    }
  },
  Math.min(5_000, runMs / 100),
);

const until = started + runMs;
const think = () => new Promise((r) => setTimeout(r, 500 + Math.random() * 1500));
await Promise.all([
  ...customers.map(async (who, i) => {
    await new Promise((r) => setTimeout(r, (i * 5_000) / peopleCount));
    while (Date.now() < until) {
      const r = Math.random();
      if (r < 0.45) await browse(who);
      else if (r < 0.75) await bookAndPay(who);
      else if (r < 0.85) await cancelOne(who);
      else await message(who);
      await think();
    }
  }),
  ...owners.map(async (owner) => {
    while (Date.now() < until) {
      await accept(owner);
      await new Promise((r) => setTimeout(r, 3_000 + Math.random() * 4_000));
    }
  }),
]);
clearInterval(sampler);
const ran = Date.now() - started;

// Let the worker catch up with what the run queued, then count.
await new Promise((r) => setTimeout(r, 3_000));
const rows = await q("select a.ref, a.customer_id, a.status, a.payment_status from appointments a where a.customer_id = any($1)", [customers.map((c) => c.id)]);
const stored = await q("select m.conversation_id, count(*)::int as n from messages m where m.sender_id = any($1) group by m.conversation_id", [
  customers.map((c) => c.id),
]);
const bookingCheck = compareBookings(bookings, rows);
const messageCheck = compareMessages(messagesAcked, stored);
const { counts: byStatus, serverErrors } = statusCounts(statuses);
const memoryChecks = [...memory].map(([name, samples]) => ({ name, ...memoryFlat(samples, ran) }));

for (const p of processes) p.child.kill("SIGTERM");
await Promise.all(processes.map((p) => new Promise((r) => (p.child.exitCode !== null ? r() : p.child.once("exit", r)))));
await q(`drop schema if exists ${schema} cascade`);
await sql.end();

const report = {
  minutes,
  people: peopleCount,
  salons: owners.length,
  requests: statuses.length,
  perSecond: Math.round(statuses.length / (ran / 1000)),
  statuses: byStatus,
  journeys: counts,
  errors: errors.length,
  firstErrors: errors.slice(0, 5),
  bookings: {
    acknowledged: bookings.length,
    lost: bookingCheck.lost,
    wrongState: bookingCheck.wrongState,
    unacknowledged: bookingCheck.unacknowledged,
    duplicated: bookingCheck.duplicated,
  },
  messages: { acknowledged: counts.message, lost: messageCheck.lost, duplicated: messageCheck.duplicated },
  memory: memoryChecks.map((m) => ({
    process: m.name,
    thirdTenthMb: Math.round(m.third),
    lastTenthMb: Math.round(m.last),
    change: `${(m.change * 100).toFixed(1)} %`,
    flat: m.flat,
  })),
};
console.log(JSON.stringify(report, null, 2));
const failed =
  serverErrors > 0 ||
  errors.length > 0 ||
  bookingCheck.lost.length + bookingCheck.wrongState.length + bookingCheck.duplicated.length + bookingCheck.unacknowledged.length > 0 ||
  messageCheck.lost.length + messageCheck.duplicated.length > 0 ||
  memoryChecks.some((m) => !m.flat);
console.log(failed ? "SOAK FAILED" : "SOAK PASSED");
process.exit(failed ? 1 : 0);
