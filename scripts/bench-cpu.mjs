// The server's CPU time per request for each page of `npm run bench`, with the same rotating people: a figure that
// a machine shared with other work disturbs far less than requests per second (the server is timed, not the clock).
// `node scripts/bench-cpu.mjs` after `npx remix build`; BENCH_REQUESTS per page (default 2,000), BENCH_ONLY as bench.
// Its last column, the floor's CPU per request over the page's, is what the page's share of the floor would be on
// an idle machine where the server is the bottleneck.
import { cpuMsOf, favouriteToggle, load, queryOne, rotatingGet, startAppServer } from "./bench-lib.mjs";
import { rotation, seedBenchPeopleInFile } from "./bench-people.mjs";

const port = Number(process.env.BENCH_PORT ?? 3300);
const amount = Number(process.env.BENCH_REQUESTS ?? 2000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);

const app = await startAppServer({ port, dataDir: "data/bench-cpu" });
const featured = queryOne(app.dbFile, "select id from services where key = 'featured-braids'");
const { customers, vendors, serviceIds } = await seedBenchPeopleInFile(app.dbFile, { count: Number(process.env.BENCH_PEOPLE ?? 1000) });
const pages = [
  { name: "Floor (/ping)", path: "/ping" },
  { name: "Home", path: "/" },
  { name: "Service detail", path: `/details/${featured.id}` },
  { name: "Shell only (/reset/changed)", path: "/reset/changed" },
  { name: "Home, signed in", path: "/", people: customers },
  { name: "Service detail, signed in", path: `/details/${featured.id}`, people: customers },
  { name: "My appointments, signed in", path: "/user/appointment", people: customers },
  { name: "Vendor's Appointments", path: "/vendor/appointment", people: vendors },
  { name: "Favourite toggled, and its redirect", path: "/favorites", form: true, people: customers },
].filter((p, i) => i === 0 || !process.env.BENCH_ONLY || new RegExp(process.env.BENCH_ONLY, "i").test(p.name));

const rows = [];
for (const page of pages) {
  const requests = page.form
    ? favouriteToggle(app.base, rotation(page.people), serviceIds)
    : page.people
      ? rotatingGet(page.path, rotation(page.people))
      : undefined;
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
