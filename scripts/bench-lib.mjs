// Helpers shared by the benchmark scripts: a production server on its own data folder, a planted session,
// bounded autocannon runs on loopback.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { rotation } from "./bench-people.mjs";
import { plantSessionRow } from "./plant-session.mjs";

/**
 * The environment of a local production server of ours for a bench (as `npm start` runs one): on `dbFile`, quiet,
 * and with rate limits far above what a bench sends.
 */
export function benchServerEnv(port, dbFile) {
  return {
    ...process.env,
    NODE_ENV: "production",
    GLOW_LOCAL: "true",
    PORT: String(port),
    DATABASE_URL: `file:${dbFile}`,
    LOG_LEVEL: "silent",
    RATE_LIMIT_FACTOR: "1000",
  };
}

/** Waits until the server at `base` answers /healthz (30 s at most). */
export async function untilHealthy(base, what = base) {
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not become healthy`);
}

/**
 * The pages the CPU and A/B benches time, as `npm run bench` names them, the floor first: `people` sign in in turn,
 * `form` is the heart pressed without JavaScript and its redirect.
 */
export function benchPages({ featuredId, customers, vendors }) {
  return [
    { name: "Floor (/ping)", path: "/ping" },
    { name: "Home", path: "/" },
    { name: "Service detail", path: `/details/${featuredId}` },
    { name: "Shell only (/reset/changed)", path: "/reset/changed" },
    { name: "Home, signed in", path: "/", people: customers },
    { name: "Service detail, signed in", path: `/details/${featuredId}`, people: customers },
    { name: "My appointments, signed in", path: "/user/appointment", people: customers },
    { name: "Vendor's Appointments", path: "/vendor/appointment", people: vendors },
    { name: "Favourite toggled, and its redirect", path: "/favorites", form: true, people: customers },
  ];
}

/** BENCH_ONLY: only the pages whose names match it, and the floor (the first). */
export const onlyAsked = (pages) => pages.filter((p, i) => i === 0 || !process.env.BENCH_ONLY || new RegExp(process.env.BENCH_ONLY, "i").test(p.name));

/** autocannon's `requests` for one of benchPages on the server at `base` (none for a page asked anonymously). */
export function pageRequests(page, base, serviceIds) {
  if (page.form) return favouriteToggle(base, rotation(page.people), serviceIds);
  return page.people ? rotatingGet(page.path, rotation(page.people)) : undefined;
}

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
  try {
    await untilHealthy(base, "the app server");
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { base, dbFile, pid: child.pid, stop: () => new Promise((r) => (child.once("exit", r), child.kill("SIGTERM"))) };
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

/**
 * One bounded load run: `connections` clients for `seconds` seconds on loopback. `requests` (autocannon's) makes each
 * request anew, for a rotating cookie or a sequence; `ok` names the statuses that are not errors (2xx unless told).
 */
export async function load(url, { connections = 50, seconds = 5, amount, headers = {}, method = "GET", body, requests, ok } = {}) {
  const result = await autocannon({
    url,
    connections,
    headers,
    method,
    body,
    ...(amount ? { amount } : { duration: seconds }),
    ...(requests ? { requests } : {}),
  });
  const unexpected = ok
    ? Object.entries(result.statusCodeStats).reduce((sum, [code, { count }]) => sum + (ok.includes(Number(code)) ? 0 : count), 0)
    : result.non2xx;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
  };
}

/** autocannon's `requests` for a GET of `path` as the next person of `next` (a rotation of { cookie }). */
export function rotatingGet(path, next, headers = {}) {
  return [{ method: "GET", path, setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...headers, Cookie: next().cookie } }) }];
}

const header = (headers, name) => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key ? headers[key] : undefined;
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};

/**
 * autocannon's `requests` for a form submission as a browser without JavaScript makes it: the next person toggles
 * a favourite on a service's page (POST /favorites, answered 303 with a flash cookie), then follows the redirect
 * carrying that cookie, as the browser does.
 */
export function favouriteToggle(origin, next, serviceIds, headers = {}) {
  let turn = 0;
  return [
    {
      method: "POST",
      path: "/favorites",
      setupRequest: (req, context) => {
        const person = next();
        const serviceId = serviceIds[turn++ % serviceIds.length];
        context.cookie = person.cookie;
        const form = new URLSearchParams({ serviceId: String(serviceId), favorite: turn % 2 ? "1" : "0", redirectTo: `/details/${serviceId}` });
        const body = form.toString();
        return {
          ...req,
          body,
          headers: { ...req.headers, ...headers, Cookie: person.cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        };
      },
      onResponse: (_status, _body, context, responseHeaders) => {
        context.location = header(responseHeaders, "location")[0];
        context.flash = header(responseHeaders, "set-cookie").map((c) => c.split(";")[0]);
      },
    },
    {
      method: "GET",
      setupRequest: (req, context) => ({
        ...req,
        path: context.location ?? "/",
        headers: { ...req.headers, ...headers, Cookie: [context.cookie, ...(context.flash ?? [])].join("; ") },
      }),
    },
  ];
}

/** The CPU time (user + system, ms) a process and its children have used so far, as Linux accounts it (100 ticks/s). */
export function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return own + children.reduce((sum, child) => sum + cpuMsOf(Number(child)), 0);
}
