// Latency of Book Now (POST /booking) under concurrent customers, against the production build on loopback.
//
//   npx remix build && node scripts/bench-booking.mjs            (20 clients, at most 20 s or 3000 bookings)
//   BENCH_CLIENTS=20 BENCH_SECONDS=20 BENCH_MAX=3000 BENCH_PORT=3300 node scripts/bench-booking.mjs
//
// Every request is a real booking of a distinct free slot (so it runs the whole path: session, validation, the
// per-vendor lock, the overlap check, the insert), by a distinct customer (so the 3-holds rule never refuses it).
// A fresh SQLite database under data/bench/; results are printed and written to bench-results/booking.json.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const MAX = Number(process.env.BENCH_MAX ?? 3000);
const WARMUP = 40;
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const dataDir = path.resolve("data/bench");
const dbFile = path.join(dataDir, "glow.sqlite");

if (!fs.existsSync("build/index.js")) {
  console.error("No production build: run `npx remix build` first.");
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const server = spawn(process.execPath, ["scripts/start.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, NODE_ENV: "", PORT: String(PORT), DATABASE_URL: `file:${dbFile}`, LOG_LEVEL: "silent", RATE_LIMIT_FACTOR: "1000" },
});
const stop = () => new Promise((resolve) => (server.once("exit", resolve), server.kill("SIGTERM")));
const hardStop = setTimeout(
  () => {
    console.error("bench took too long; stopping");
    server.kill("SIGKILL");
    process.exit(1);
  },
  (SECONDS + 90) * 1000,
);

try {
  let healthy = false;
  for (let i = 0; i < 150 && !healthy; i++) {
    healthy = await fetch(`http://localhost:${PORT}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!healthy) await new Promise((r) => setTimeout(r, 200));
  }
  if (!healthy) throw new Error("the app server did not become healthy");

  const { jobs, cookies } = prepare(MAX + WARMUP);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  let next = 0;
  const latencies = [];
  const statuses = {};
  const deadline = Date.now() + SECONDS * 1000;
  const started = performance.now();

  async function client() {
    while (next < jobs.length && Date.now() < deadline) {
      const i = next++;
      const job = jobs[i];
      const body = new URLSearchParams({
        service: String(job.serviceId),
        date: job.day,
        time: String(job.hour),
        key: crypto.randomBytes(16).toString("base64url"),
      }).toString();
      const t0 = performance.now();
      const status = await post(agent, `/booking?service=${job.serviceId}&date=${job.day}&time=${job.hour}`, body, cookies[i]);
      const ms = performance.now() - t0;
      if (i >= WARMUP) {
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const pct = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;
  const result = {
    what: "POST /booking (Book Now), each a distinct free slot by a distinct customer",
    clients: CLIENTS,
    requests: latencies.length,
    seconds: Math.round(seconds * 10) / 10,
    perSecond: Math.round(latencies.length / seconds),
    statuses,
    p50ms: pct(50),
    p95ms: pct(95),
    p99ms: pct(99),
    maxms: Math.round(latencies.at(-1) * 10) / 10,
    database: "SQLite (WAL), one app process",
    at: new Date().toISOString(),
  };
  const booked = new Database(dbFile, { readonly: true }).prepare("select count(*) as n from appointments where status = 'held'").get().n;
  result.heldOrders = booked;
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/booking.json", `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `Book Now, ${CLIENTS} concurrent clients: p50 ${result.p50ms} ms, p99 ${result.p99ms} ms, ${result.perSecond} bookings/s (${result.requests} requests)`,
  );
} finally {
  clearTimeout(hardStop);
  await stop();
}

/** Distinct bookable slots across vendors (interleaved, so concurrent requests meet on some vendors) and customers. */
function prepare(count) {
  const db = new Database(dbFile);
  try {
    db.pragma("busy_timeout = 5000");
    const services = db
      .prepare(
        `select s.id, s.duration_min, v.id as vendor_id, v.opens_hour, v.closes_hour, v.open_days
         from services s join vendors v on v.id = s.vendor_id
         where s.status = 'active' and s.id = (select min(s2.id) from services s2 where s2.vendor_id = v.id and s2.status = 'active')`,
      )
      .all();
    const perVendor = services.map((s) => {
      const length = Math.max(1, Math.ceil(s.duration_min / 60));
      const open = s.open_days.split(",").map(Number);
      const slots = [];
      // Days 45..90 ahead: clear of the seeded story and of each other.
      for (let d = 45; d <= 89; d++) {
        const date = new Date(Date.now() + 60 * 60_000 + d * 86_400_000);
        const day = date.toISOString().slice(0, 10);
        if (!open.includes(date.getUTCDay() || 7)) continue;
        for (let hour = s.opens_hour; hour + length <= s.closes_hour; hour += length) slots.push({ serviceId: s.id, day, hour });
      }
      return slots;
    });
    const jobs = [];
    for (let i = 0; jobs.length < count && perVendor.some((slots) => i < slots.length); i++) {
      for (const slots of perVendor) if (i < slots.length && jobs.length < count) jobs.push(slots[i]);
    }
    const insertUser = db.prepare(
      "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values (?, '!unusable', 'Bench', 'Customer', 'customer', ?, ?)",
    );
    const insertSession = db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)");
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const cookies = db.transaction(() =>
      jobs.map((_, i) => {
        const userId = Number(insertUser.run(`bench${i}@customers.test`, now, now).lastInsertRowid);
        const token = crypto.randomBytes(32).toString("base64url");
        insertSession.run(crypto.createHash("sha256").update(token).digest("hex"), userId, expires, now);
        return `glow_session=${Buffer.from(JSON.stringify(token)).toString("base64")}`;
      }),
    )();
    return { jobs, cookies };
  } finally {
    db.close();
  }
}

function post(agent, pathAndQuery, body, cookie) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: pathAndQuery,
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Cookie: cookie,
          Origin: `http://localhost:${PORT}`,
          Host: `localhost:${PORT}`,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
