// Helpers shared by the benchmark scripts: a production server on its own data folder, a planted session,
// bounded autocannon runs on loopback.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { plantSessionRow } from "./plant-session.mjs";

export async function startAppServer({ port, dataDir, env = {} }) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const dbFile = path.join(dataDir, "glow.sqlite");
  // BENCH_SERVER=plain measures the stock remix-serve instead of our own server.
  const child = spawn(process.execPath, ["scripts/start.mjs", ...(process.env.BENCH_SERVER === "plain" ? ["--plain"] : [])], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "", PORT: String(port), DATABASE_URL: `file:${dbFile}`, LOG_LEVEL: "silent", RATE_LIMIT_FACTOR: "1000", ...env },
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, dbFile, stop: () => new Promise((r) => (child.once("exit", r), child.kill("SIGTERM"))) };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the app server did not become healthy");
}

/** A Cookie header for a seeded user, planted the way tests/e2e/fixtures.ts does. */
export function plantSession(dbFile, email) {
  const db = new Database(dbFile);
  try {
    const user = db.prepare("select id from users where email = ?").get(email);
    return `glow_session=${plantSessionRow(db, user.id)}`;
  } finally {
    db.close();
  }
}

export function queryOne(dbFile, sql, ...params) {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare(sql).get(...params);
  } finally {
    db.close();
  }
}

/** One bounded load run: `connections` clients for `seconds` seconds on loopback. */
export async function load(url, { connections = 50, seconds = 5, headers = {}, method = "GET", body } = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers, method, body });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
