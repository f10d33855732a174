// Two builds of the app compared on one VM whose speed drifts from minute to minute: both are loaded into this one
// process, each behind its own HTTP server on one database, and the same pages are asked of them one request at a
// time, in blocks of 20 that alternate A B B A..., so whatever slows the machine slows both alike. Prints each
// build's mean and median time per request (the client's share, in the same process, is the same for both).
//
// `node scripts/bench-ab.mjs <A build index.js> <B build index.js>` (copies of `build/` inside this folder, so that
// they find the same node_modules: a change to node_modules or to server/ cannot be compared this way).
// BENCH_REQUESTS per page and build (default 2,000), BENCH_ONLY as bench.mjs.
import http from "node:http";
import url from "node:url";
import { installGlobals } from "@remix-run/node";
import { createApp } from "../server/app.mjs";
import { queryOne, startAppServer } from "./bench-lib.mjs";
import { rotation, seedBenchPeopleInFile } from "./bench-people.mjs";

const [before, after] = process.argv.slice(2);
if (!before || !after) throw new Error("usage: node scripts/bench-ab.mjs <A build index.js> <B build index.js>");
const amount = Number(process.env.BENCH_REQUESTS ?? 2000);
const BLOCK = 20;

// The database: made and seeded by the app as `npm run bench` does (its own server, stopped), then the people.
const seeding = await startAppServer({ port: Number(process.env.BENCH_PORT ?? 3300), dataDir: "data/bench-ab" });
await seeding.stop();
const { customers, vendors } = await seedBenchPeopleInFile(seeding.dbFile, { count: Number(process.env.BENCH_PEOPLE ?? 1000) });
const featured = queryOne(seeding.dbFile, "select id from services where key = 'featured-braids'");

// As a local run of the production server (scripts/start.mjs, server/index.mjs), without its background work.
Object.assign(process.env, {
  NODE_ENV: "production",
  GLOW_LOCAL: "true",
  HOST: "127.0.0.1",
  BACKGROUND_WORK: "off",
  DATABASE_URL: `file:${seeding.dbFile}`,
  LOG_LEVEL: "silent",
  RATE_LIMIT_FACTOR: "1000",
});
installGlobals({ nativeFetch: true });
globalThis.__glowOwnServer = { trustProxy: 0 };
const ports = [];
for (const [i, build] of [before, after].entries()) {
  // The query string makes each its own module, even when both name the same file (a check of the method).
  const module = await import(`${url.pathToFileURL(build).href}?side=${i}`);
  const server = http.createServer(createApp({ build: module, mode: "production" }));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  ports.push(server.address().port);
}

const pages = [
  { name: "Floor (/ping)", path: "/ping" },
  { name: "Shell only (/reset/changed)", path: "/reset/changed" },
  { name: "Home, signed in", path: "/", people: customers },
  { name: "Service detail, signed in", path: `/details/${featured.id}`, people: customers },
  { name: "My appointments, signed in", path: "/user/appointment", people: customers },
  { name: "Vendor's Appointments", path: "/vendor/appointment", people: vendors },
].filter((p) => !process.env.BENCH_ONLY || new RegExp(process.env.BENCH_ONLY, "i").test(p.name));

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** One GET, read to its end: milliseconds. */
function timed(port, path, cookie) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const headers = { "Accept-Encoding": "br", ...(cookie ? { Cookie: cookie } : {}) };
    http
      .get({ host: "127.0.0.1", port, path, agent, headers }, (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - start) / 1e6) : reject(new Error(`${path}: ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`Time per request, two builds in one process: ${amount} requests a page on each, one at a time, in alternating blocks of ${BLOCK}\n`);
console.log(`| page | A mean | B mean | B / A | A median | B median | B / A |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (const page of pages) {
  const next = page.people ? rotation(page.people) : () => ({ cookie: undefined });
  const ms = [[], []];
  for (let i = 0; i < 10 * BLOCK; i++) for (const port of ports) await timed(port, page.path, next().cookie); // warm up
  for (let block = 0; block < amount / BLOCK; block++)
    for (const side of block % 2 ? [1, 0] : [0, 1]) for (let i = 0; i < BLOCK; i++) ms[side].push(await timed(ports[side], page.path, next().cookie));
  const [a, b] = ms;
  const cells = [mean(a), mean(b), mean(b) / mean(a), median(a), median(b), median(b) / median(a)].map((x) => x.toFixed(3));
  console.log(`| ${page.name} | ${cells.join(" | ")} |`);
}
console.log(`\nA: ${before}\nB: ${after}`);
process.exit(0);
