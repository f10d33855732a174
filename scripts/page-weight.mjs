// Page weight of a first view: every response a fresh browser (empty cache, JavaScript on) downloads to show a
// page, until the network is quiet, without scrolling. Compressed transfer sizes (what a data plan pays for),
// by kind: HTML, CSS, JS, images, other.
//
//   node scripts/page-weight.mjs [BASE_URL] [--width=360] [--json] [--list] [PATH ...]
// --list also prints every request of each page (kind, KB, address): what to cut when a page makes too many.
//
// Defaults: http://localhost:3000, a 360x740 phone, and Home, a submenu page, a search and a service detail.
// GLOW_SESSION=<cookie value> measures signed in (e.g. /booking; plant one with scripts/plant-session.mjs).
import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "./chromium.mjs";

const args = process.argv.slice(2);
const flags = Object.fromEntries(args.filter((a) => a.startsWith("--")).map((a) => a.slice(2).split("=")));
const rest = args.filter((a) => !a.startsWith("--"));
const base = (rest[0] && /^https?:/.test(rest[0]) ? rest.shift() : "http://localhost:3000").replace(/\/$/, "");
const paths = rest.length > 0 ? rest : ["/", "/submenu/women", "/search/hair", "/details"];
const width = Number(flags.width ?? 360);

const kindOf = (type) => ({ document: "html", stylesheet: "css", script: "js", image: "images" })[type] ?? "other";

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const rows = [];
try {
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width, height: width < 700 ? 740 : 800 }, javaScriptEnabled: true });
    if (process.env.GLOW_SESSION) await context.addCookies([{ name: "glow_session", value: process.env.GLOW_SESSION, url: base }]);
    const page = await context.newPage();
    const finished = [];
    // The site icon is fetched once per site and kept, not part of a page's weight.
    page.on("requestfinished", (request) => {
      if (!/\/favicon\.\w+$|^\/favicon/.test(new URL(request.url()).pathname)) finished.push(request);
    });
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    const row = { path, html: 0, css: 0, js: 0, images: 0, other: 0, total: 0, requests: 0 };
    for (const request of finished) {
      const sizes = await request.sizes();
      // The compressed body plus the response headers: the bytes that crossed the network.
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      row[kindOf(request.resourceType())] += bytes;
      row.total += bytes;
      row.requests += 1;
      if ("list" in flags) console.log(`${path}\t${kindOf(request.resourceType())}\t${(bytes / 1024).toFixed(1)}\t${request.url().replace(base, "")}`);
    }
    rows.push(row);
    await context.close();
  }
} finally {
  await browser.close();
}

if ("json" in flags) {
  console.log(JSON.stringify({ base, width, rows }, null, 2));
} else {
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`First view at ${width}px, JavaScript on, empty cache, ${base} (KB transferred, compressed)\n`);
  console.log("| page | HTML | CSS | JS | images | other | total | requests |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows)
    console.log(`| \`${r.path}\` | ${kb(r.html)} | ${kb(r.css)} | ${kb(r.js)} | ${kb(r.images)} | ${kb(r.other)} | ${kb(r.total)} | ${r.requests} |`);
}
