// Two checkouts of the app compared on one VM whose speed drifts from minute to minute: each checkout's own
// production server (its server/, its node_modules with their patches, its build) on its own copy of one database,
// the same pages asked of both in turns (A B, B A, ...) at 50 connections, with the 1,000 rotating people of
// `npm run bench`. Prints, per run, requests a second, the server's CPU per request (Linux's accounting) and p99.
//
// `node scripts/bench-ab.mjs <checkout A> <checkout B>`, each a folder with `npm ci` and `npx remix build` done (a
// `git worktree add` of the other commit). BENCH_RUNS per page (default 3), BENCH_SECONDS per run (5),
// BENCH_CONNECTIONS (50), BENCH_ONLY as bench.mjs. Both sides run with this checkout's V8 flags (server/node-flags.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { benchPages, benchServerEnv, cpuMsOf, favouriteToggle, load, onlyAsked, pageRequests, queryOne, startAppServer, untilHealthy } from "./bench-lib.mjs";
import { rotation, seedBenchPeopleInFile } from "./bench-people.mjs";
import { serverNodeFlags } from "../server/node-flags.mjs";

const checkouts = process.argv.slice(2, 4).map((dir) => path.resolve(dir));
if (checkouts.length !== 2) throw new Error("usage: node scripts/bench-ab.mjs <checkout A> <checkout B>");
const runs = Number(process.env.BENCH_RUNS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3300);

// One database, made and seeded by this checkout's app as `npm run bench` makes it, then copied for each side.
const seeding = await startAppServer({ port, dataDir: "data/bench-ab" });
await seeding.stop();
const { customers, vendors, serviceIds } = await seedBenchPeopleInFile(seeding.dbFile, { count: Number(process.env.BENCH_PEOPLE ?? 1000) });
const featured = queryOne(seeding.dbFile, "select id from services where key = 'featured-braids'");

const sides = checkouts.map((dir, i) => {
  const dbFile = path.resolve(`${seeding.dbFile}.${i}`);
  fs.copyFileSync(seeding.dbFile, dbFile);
  const sidePort = port + 1 + i;
  // As startAppServer (bench-lib.mjs) runs a server, but from the checkout's own folder.
  const env = benchServerEnv(sidePort, dbFile);
  // BENCH_NODE_OPTIONS_A, _B: one side's NODE_OPTIONS, to compare the runtime's settings on one checkout.
  const nodeOptions = process.env[`BENCH_NODE_OPTIONS_${"AB"[i]}`];
  if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
  const child = spawn(process.execPath, [...serverNodeFlags(env), "server/index.mjs", "./build/index.js"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env,
  });
  return { dir, child, base: `http://localhost:${sidePort}` };
});

const pages = onlyAsked([
  ...benchPages({ featuredId: featured.id, customers, vendors }),
  // A crowd: anonymous visitors on six pages (6 connections each) while people save and unsave hearts (4 more
  // connections); its req/s is the anonymous pages', its p99 their worst, its CPU per request over both.
  {
    name: "Anonymous pages while people save hearts",
    path: "/",
    mix: ["/", "/search/hair", "/submenu/spa", `/details/${featured.id}`, "/details/5", "/details/9"],
  },
]);

/** The crowd's run (the last page above): the anonymous pages' req/s and worst p99, and the hearts' req/s beside. */
async function crowd(base, paths) {
  const [pages, hearts] = await Promise.all([
    Promise.all(paths.map((p) => load(base + p, { connections: 6, seconds }))),
    load(`${base}/favorites`, { connections: 4, seconds, requests: favouriteToggle(base, rotation(customers), serviceIds), ok: [200, 303] }),
  ]);
  const errors = hearts.errors + pages.reduce((sum, r) => sum + r.errors, 0);
  return { rps: pages.reduce((sum, r) => sum + r.rps, 0), p99: Math.max(...pages.map((r) => r.p99)), errors, otherRps: hearts.rps };
}

try {
  for (const side of sides) await untilHealthy(side.base, side.dir);
  console.log(`Two checkouts in turns: ${runs} runs of ${seconds} s a page on each, ${connections} connections`);
  console.log(`A: ${checkouts[0]}\nB: ${checkouts[1]}\n`);
  console.log("| page | side | req/s | CPU ms per request | p99 ms |\n| --- | --- | --- | --- | --- |");
  for (const page of pages) {
    const requests = (base) => pageRequests(page, base, serviceIds);
    const ok = page.form ? [200, 303] : undefined;
    const measured = sides.map(() => []);
    for (const side of sides)
      await (page.mix ? crowd(side.base, page.mix) : load(side.base + page.path, { connections: 20, seconds: 2, requests: requests(side.base), ok })); // warm up
    for (let run = 0; run < runs; run++)
      for (const i of run % 2 ? [1, 0] : [0, 1]) {
        const side = sides[i];
        const at = cpuMsOf(side.child.pid);
        const result = page.mix
          ? await crowd(side.base, page.mix)
          : await load(side.base + page.path, { connections, seconds, requests: requests(side.base), ok });
        if (result.errors) throw new Error(`${page.name} on ${side.dir}: ${result.errors} errors`);
        measured[i].push({ ...result, ms: (cpuMsOf(side.child.pid) - at) / ((result.rps + (result.otherRps ?? 0)) * seconds) });
      }
    measured.forEach((results, i) => {
      const cells = [results.map((r) => r.rps), results.map((r) => r.ms.toFixed(2)), results.map((r) => r.p99)].map((xs) => xs.join(", "));
      console.log(`| ${page.name} | ${"AB"[i]} | ${cells.join(" | ")} |`);
    });
  }
} finally {
  for (const side of sides) side.child.kill("SIGTERM");
}
