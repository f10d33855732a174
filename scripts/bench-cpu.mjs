// The server's CPU time per request for each page of `npm run bench`, with the same rotating people: a figure that
// a machine shared with other work disturbs far less than requests per second (the server is timed, not the clock).
// `node scripts/bench-cpu.mjs` after `npx remix build`; BENCH_REQUESTS per page (default 2,000), BENCH_ONLY as bench.
// Its last column, the floor's CPU per request over the page's, is what the page's share of the floor would be on
// an idle machine where the server is the bottleneck.
//
// BENCH_COMPARE=<another build's index.js> (a copy of an older `build/` inside this folder, so that it finds the same
// node_modules) compares two builds instead: each runs on its own copy of the same database, and every page is
// timed in turns, BENCH_BATCHES batches of BENCH_REQUESTS on each, so that a VM whose speed drifts from minute to
// minute slows both alike. It prints each build's median and their ratio.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { benchPages, benchServerEnv, cpuMsOf, load, onlyAsked, pageRequests, queryOne, startAppServer, untilHealthy } from "./bench-lib.mjs";
import { seedBenchPeopleInFile } from "./bench-people.mjs";
import { serverNodeFlags } from "../server/node-flags.mjs";

const port = Number(process.env.BENCH_PORT ?? 3300);
const amount = Number(process.env.BENCH_REQUESTS ?? 2000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);

const app = await startAppServer({ port, dataDir: "data/bench-cpu" });
const featured = queryOne(app.dbFile, "select id from services where key = 'featured-braids'");
const { customers, vendors, serviceIds } = await seedBenchPeopleInFile(app.dbFile, { count: Number(process.env.BENCH_PEOPLE ?? 1000) });
const pages = onlyAsked(benchPages({ featuredId: featured.id, customers, vendors }));
const requestsOf = (page, base) => pageRequests(page, base, serviceIds);

if (process.env.BENCH_COMPARE) {
  await app.stop();
  await compareBuilds(process.env.BENCH_COMPARE, "build/index.js");
  process.exit(0);
}

/** The pages timed in turns on two builds, each on its own copy of the database (BENCH_COMPARE above). */
async function compareBuilds(before, after) {
  const batches = Number(process.env.BENCH_BATCHES ?? 10);
  const sides = [before, after].map((build, i) => {
    const db = `${app.dbFile}.${i}`;
    fs.copyFileSync(app.dbFile, db);
    const sidePort = port + 1 + i;
    // As startAppServer (bench-lib.mjs) runs a server, but on the given build.
    const child = spawn(process.execPath, [...serverNodeFlags(process.env), "server/index.mjs", build], {
      stdio: ["ignore", "ignore", "inherit"],
      env: benchServerEnv(sidePort, db),
    });
    return { build, child, base: `http://localhost:${sidePort}` };
  });
  try {
    for (const side of sides) await untilHealthy(side.base, side.build);
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`Server CPU per request, two builds in turns: ${batches} batches of ${amount} requests a page on each, ${connections} connections\n`);
    console.log(`| page | ${before} | ${after} | after / before |\n| --- | ---: | ---: | ---: |`);
    for (const page of pages) {
      const ms = sides.map(() => []);
      for (const side of sides) await load(side.base + page.path, { connections, amount: Math.min(amount, 300), requests: requestsOf(page, side.base) });
      for (let b = 0; b < batches; b++)
        for (const i of b % 2 ? [1, 0] : [0, 1]) {
          const side = sides[i];
          const at = cpuMsOf(side.child.pid);
          const measured = await load(side.base + page.path, {
            connections,
            amount,
            requests: requestsOf(page, side.base),
            ...(page.form ? { ok: [200, 303] } : {}),
          });
          if (measured.errors) throw new Error(`${page.name} on ${side.build}: ${measured.errors} errors`);
          ms[i].push((cpuMsOf(side.child.pid) - at) / amount);
        }
      const [a, b] = ms.map(median);
      console.log(`| ${page.name} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(2)} |`);
    }
  } finally {
    for (const side of sides) side.child.kill("SIGTERM");
  }
}

const rows = [];
for (const page of pages) {
  const requests = requestsOf(page, app.base);
  const options = { connections, amount, requests, ...(page.form ? { ok: [200, 303] } : {}) };
  await load(app.base + page.path, { ...options, amount: Math.min(amount, 300) }); // warm up
  const before = cpuMsOf(app.pid);
  const measured = await load(app.base + page.path, options);
  const msPerRequest = (cpuMsOf(app.pid) - before) / amount;
  rows.push({ page: page.name, msPerRequest, errors: measured.errors });
}
await app.stop();
const floor = rows[0].msPerRequest;
console.log(`Server CPU per request: ${amount} requests per page, ${connections} connections, Node ${process.version}\n`);
console.log("| page | CPU ms per request | errors | floor's CPU / page's |\n| --- | ---: | ---: | ---: |");
for (const r of rows) console.log(`| ${r.page} | ${r.msPerRequest.toFixed(2)} | ${r.errors} | ${((floor / r.msPerRequest) * 100).toFixed(1)}% |`);
