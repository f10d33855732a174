// npm run bench: throughput of our pages beside the physical limit (a static node:http server sending the same
// bytes) and the framework's floor (GET /ping through the same production server), in one run on one machine.
// Writes bench-results/throughput.json and prints a table. Loopback only; every run is bounded in time.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import os from "node:os";
import { favouriteToggle, load, queryOne, rotatingGet, startAppServer } from "./bench-lib.mjs";
import { rotation, seedBenchPeopleInFile } from "./bench-people.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3300);
// BENCH_ACCEPT_ENCODING="gzip, deflate, br" asks for pages as a browser does (every browser sends it); the static
// server then sends the very same compressed bytes. Unset, pages are asked for uncompressed.
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? "";
const encodingHeader = acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {};
// One request's headers as the first person of the page's rotation (for the static copy and nginx's run).
const pageHeaders = (page) => ({ ...(page.people ? { Cookie: page.people[0].cookie } : {}), ...encodingHeader });

const app = await startAppServer({ port, dataDir: "data/bench" });
const featured = queryOne(app.dbFile, "select id from services where key = 'featured-braids'");
// Signed-in pages are asked for by BENCH_PEOPLE customers in turn (1,000 unless told), each with their own
// favourites, recently viewed and appointments, and the vendor pages by the owners of the busiest salons: no
// per-person cache can make the figure look better than a crowd of different people would.
const { customers, vendors, serviceIds } = await seedBenchPeopleInFile(app.dbFile, { count: Number(process.env.BENCH_PEOPLE ?? 1000) });

const pages = [
  { name: "Home", path: "/", target: 0.5 },
  { name: "Submenu (spa)", path: "/submenu/spa", target: 0.5 },
  { name: "Search (hair)", path: "/search/hair", target: 0.5 },
  { name: "Service detail", path: `/details/${featured.id}`, target: 0.5 },
  { name: "Home, signed in", path: "/", people: customers, target: 0.25 },
  { name: "Service detail, signed in", path: `/details/${featured.id}`, people: customers, target: 0.35 },
  { name: "My appointments, signed in", path: "/user/appointment", people: customers, target: 0.35 },
  { name: "Vendor's Appointments", path: "/vendor/appointment", people: vendors, target: 0.35 },
  // A page with almost nothing but the site's header, menus and footer, rendered for each request: what any
  // rendered page costs at least, and so what bounds the signed-in pages.
  { name: "Shell only (/reset/changed)", path: "/reset/changed", target: 0.5 },
  // A heart pressed without JavaScript: POST /favorites (303 and a flash cookie), then the service's page it leads
  // back to, which shows and clears the flash. Both requests are counted; no target but p99 and no errors.
  { name: "Favourite toggled, and its redirect", form: true, path: `/details/${serviceIds[0]}`, people: customers, target: null },
];
// BENCH_ONLY="signed in|Shell" measures only the pages whose names match (and the floor), for quick comparisons.
if (process.env.BENCH_ONLY) pages.splice(0, pages.length, ...pages.filter((p) => new RegExp(process.env.BENCH_ONLY, "i").test(p.name)));
const requestsFor = (page) =>
  page.form
    ? favouriteToggle(app.base, rotation(page.people), serviceIds, encodingHeader)
    : page.people
      ? rotatingGet(page.path, rotation(page.people), encodingHeader)
      : undefined;

// The physical limit: the very same bytes from a static server (as sent: compressed when asked so).
const rawGet = (url, headers) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ body: Buffer.concat(chunks), encoding: res.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
const bodies = new Map();
for (const page of pages) bodies.set(page.name, await rawGet(app.base + page.path, pageHeaders(page)));
let current = { body: Buffer.alloc(0), encoding: undefined };
const staticServer = http.createServer((_req, res) => {
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": current.body.length,
    ...(current.encoding ? { "Content-Encoding": current.encoding } : {}),
  });
  res.end(current.body);
});
await new Promise((r) => staticServer.listen(port + 1, "127.0.0.1", r));

const rows = [];
const floor = await load(`${app.base}/ping`, { connections, seconds });
for (const page of pages) {
  const measured = await load(app.base + page.path, {
    connections,
    seconds,
    headers: pageHeaders(page),
    requests: requestsFor(page),
    ...(page.form ? { ok: [200, 303] } : {}),
  });
  current = bodies.get(page.name);
  const limit = await load(`http://127.0.0.1:${port + 1}/`, { connections, seconds });
  rows.push({
    page: page.name,
    bytes: current.body.length,
    encoding: current.encoding ?? "none",
    rps: measured.rps,
    p99: measured.p99,
    errors: measured.errors,
    staticRps: limit.rps,
    floorRps: floor.rps,
    ofFloor: measured.rps / floor.rps,
    target: page.target,
    ofStatic: measured.rps / limit.rps,
  });
}
staticServer.close();

// The same pages through nginx with ops/nginx/glow.conf's cache rules, when nginx is installed.
const proxied = await throughNginx();
await app.stop();

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const verdict = (r) => (r.target === null ? "(none)" : `≥ ${pct(r.target)}: ${r.ofFloor >= r.target ? "met" : "not met"}`);
const lines = [
  `Throughput: ${connections} connections, ${seconds} s per run, loopback, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), Node ${process.version}`,
  `Accept-Encoding: ${acceptEncoding || "(none: pages uncompressed)"}`,
  `Framework floor (GET /ping): ${floor.rps} req/s`,
  "",
  "| page | bytes sent | req/s | p99 ms | errors | static req/s | of floor | target | of static |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.bytes}${r.encoding === "none" ? "" : ` (${r.encoding})`} | ${r.rps} | ${r.p99} | ${r.errors} | ${r.staticRps} | ${pct(r.ofFloor)} | ${verdict(r)} | ${pct(r.ofStatic)} |`,
  ),
];
if (proxied) {
  lines.push(
    "",
    `Through nginx's cache (ops/nginx/glow.conf rules): anonymous pages served from the cache; signed-in never`,
    "",
    "| page | req/s via nginx | of static | cache status seen |",
    "| --- | ---: | ---: | --- |",
    ...proxied.map((r) => `| ${r.page} | ${r.rps} | ${pct(r.rps / rows.find((x) => x.page === r.page).staticRps)} | ${r.statuses} |`),
  );
}
fs.mkdirSync("bench-results", { recursive: true });
fs.writeFileSync("bench-results/throughput.json", JSON.stringify({ at: new Date().toISOString(), floor, rows, proxied }, null, 2));
fs.writeFileSync("bench-results/throughput.md", lines.join("\n") + "\n");
console.log(lines.join("\n"));

async function throughNginx() {
  const findNginx = () => ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  // A measurement does not change the machine: installing nginx is asked for, not done behind the caller's back.
  if (!findNginx() && process.env.BENCH_INSTALL_NGINX === "1") {
    console.log("installing Debian's nginx-light package for the reverse-proxy run (BENCH_INSTALL_NGINX=1)...");
    try {
      execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light"], { stdio: "inherit" });
    } catch {
      // reported below
    }
  }
  const nginx = findNginx();
  if (!nginx) {
    console.log("nginx not installed: skipping the reverse-proxy run (apt-get install nginx-light, or BENCH_INSTALL_NGINX=1 as root)");
    return null;
  }
  const prefix = path.resolve("data/bench/nginx");
  fs.mkdirSync(path.join(prefix, "cache"), { recursive: true });
  const site = fs
    .readFileSync("ops/nginx/glow.conf", "utf8")
    .replace("/var/cache/nginx/glow", path.join(prefix, "cache"))
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${port};`)
    .replace("listen 80;", `listen 127.0.0.1:${port + 2};`);
  const conf = `worker_processes 1; daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http { access_log off; client_body_temp_path ${prefix}/tmp_body; proxy_temp_path ${prefix}/tmp_proxy;
fastcgi_temp_path ${prefix}/tmp_fcgi; uwsgi_temp_path ${prefix}/tmp_uwsgi; scgi_temp_path ${prefix}/tmp_scgi;
${site} }`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), conf);
  execFileSync(nginx, ["-t", "-q", "-c", path.join(prefix, "nginx.conf"), "-p", prefix]);
  const proc = spawn(nginx, ["-c", path.join(prefix, "nginx.conf"), "-p", prefix], { stdio: "ignore" });
  await new Promise((r) => setTimeout(r, 500));
  const base = `http://127.0.0.1:${port + 2}`;
  const out = [];
  try {
    for (const page of pages) {
      const headers = pageHeaders(page);
      const statuses = new Set();
      for (let i = 0; i < 3; i++) statuses.add((await fetch(base + page.path, { headers })).headers.get("x-cache-status"));
      const measured = await load(base + page.path, { connections, seconds, headers, requests: requestsFor(page), ...(page.form ? { ok: [200, 303] } : {}) });
      out.push({ page: page.name, rps: measured.rps, p99: measured.p99, errors: measured.errors, statuses: [...statuses].join(", ") });
    }
  } finally {
    proc.kill("SIGQUIT");
  }
  return out;
}
