// npm run lighthouse: Lighthouse's mobile audit (its defaults: a mid-range phone, simulated slow 4G and a 4x slower
// CPU) of the pages people land on and book from, run against the production build on its own fresh data folder.
// Builds nothing itself: run `npx remix build` first. Drives the system Chromium through chrome-launcher.
// Prints a table and writes it to bench-results/lighthouse.md (with the details as lighthouse.json): the three
// category scores, CLS, LCP and TBT, and for each page what limits Performance (the LCP element, render-blocking
// requests, the largest downloads) and any accessibility audit that did not pass.
//
//   npm run lighthouse [-- WORD ...]   only the pages whose name contains a word (e.g. submenu)
//   LIGHTHOUSE_RUNS=3 (runs per page; the median by Performance is kept)
//   LIGHTHOUSE_PORT=3400 (the app server; Chromium's debugging port is the next one)
import fs from "node:fs";
import os from "node:os";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { plantSession, queryOne, startAppServer } from "./bench-lib.mjs";
import { chromiumArgs, findChromium } from "./chromium.mjs";

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
const TARGETS = { performance: 95, accessibility: 100, seo: 100, cls: 0.05 };

const chromePath = findChromium();
if (!chromePath) {
  console.error("No Chromium found: run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH.");
  process.exit(1);
}
if (!fs.existsSync("build/index.js")) {
  console.error("No production build: run `npx remix build` first.");
  process.exit(1);
}

const app = await startAppServer({ port, dataDir: "data/lighthouse" });
let chrome;
const rows = [];
try {
  const featured = queryOne(app.dbFile, "select id from services where key = 'featured-braids'");
  // Booking shows its free times for tomorrow: the featured service when its vendor opens tomorrow, else another.
  const lagos = new Date(Date.now() + 3_600_000); // Africa/Lagos is UTC+1 all year
  const tomorrow = String((lagos.getUTCDay() + 1) % 7 || 7); // ISO weekday
  const bookable = queryOne(
    app.dbFile,
    "select s.id from services s join vendors v on v.id = s.vendor_id where s.status = 'active' and (',' || v.open_days || ',') like ? order by s.key = 'featured-braids' desc, s.id limit 1",
    `%,${tomorrow},%`,
  );
  const customerCookie = plantSession(app.dbFile, "customer@example.com");
  const allPages = [
    { name: "Home", path: "/" },
    { name: "Submenu (women)", path: "/submenu/women" },
    // Search results say noindex on purpose (docs/domain.md, "Being found"): Lighthouse's SEO counts that against them.
    { name: "Search (hair)", path: "/search/hair", seo: false },
    { name: "Service detail", path: `/details/${featured.id}` },
    { name: "Vendor profile", path: "/profile/vendor" },
    { name: "Badges", path: "/badges" },
    { name: "Booking, signed in", path: `/booking?service=${bookable.id}&date=tomorrow`, cookie: customerCookie, seo: false },
  ];
  // `npm run lighthouse -- submenu booking`: only the pages whose name contains one of the words.
  const wanted = process.argv.slice(2).map((w) => w.toLowerCase());
  const pages = wanted.length ? allPages.filter((p) => wanted.some((w) => p.name.toLowerCase().includes(w))) : allPages;

  chrome = await chromeLauncher.launch({ chromePath, port: port + 1, chromeFlags: ["--headless=new", ...chromiumArgs] });
  for (const page of pages) {
    if (page.cookie) await putCookieInBrowser(chrome.port, page.cookie);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(app.base + page.path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        // A signed-in page: the session cookie goes with the page's requests.
        extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      });
      if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(app.base + page.path).pathname) {
        throw new Error(`${page.name}: measured ${lhr.finalDisplayedUrl}, not ${page.path} (redirected?)`);
      }
      results.push(lhr);
    }
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = results[Math.floor(results.length / 2)];
    rows.push({ ...page, cookie: undefined, indexed: page.seo !== false, ...summarize(lhr), performanceRuns: results.map((r) => score(r, "performance")) });
    console.error(`${page.name}: done`);
  }
} finally {
  await chrome?.kill();
  await app.stop();
}

const fmtMs = (ms) => `${Math.round(ms).toLocaleString("en")} ms`;
const mark = (ok) => (ok ? "" : " ✗");
const table = [
  `Lighthouse ${rows[0]?.lighthouseVersion ?? ""}, mobile defaults (simulated slow 4G, 4x CPU slowdown), median of ${runs} run${runs > 1 ? "s" : ""} by Performance;`,
  `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}. Targets: Performance >= ${TARGETS.performance}, Accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo} (indexed pages), CLS <= ${TARGETS.cls}.`,
  "",
  "| page | Performance | Accessibility | Best Practices | SEO | CLS | LCP | TBT |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.performance}${mark(r.performance >= TARGETS.performance)} | ${r.accessibility}${mark(r.accessibility >= TARGETS.accessibility)} | ${r.bestPractices} | ${r.seo}${r.indexed ? mark(r.seo >= TARGETS.seo) : " (noindex)"} | ${r.cls.toFixed(3)}${mark(r.cls <= TARGETS.cls)} | ${fmtMs(r.lcp)} | ${fmtMs(r.tbt)} |`,
  ),
];
const details = rows.flatMap((r) => [
  "",
  `${r.name} (${r.path}): Performance runs ${r.performanceRuns.join(", ")}; FCP ${fmtMs(r.fcp)}, Speed Index ${fmtMs(r.speedIndex)}`,
  `  LCP element: ${r.lcpElement ?? "(none reported)"}`,
  `  LCP phases: ${r.lcpPhases ?? "(not reported)"}`,
  `  render-blocking: ${r.renderBlocking.length ? r.renderBlocking.map((b) => `${b.url} (${b.kb} KB, ${fmtMs(b.ms)})`).join("; ") : "none"}`,
  `  largest downloads (KB transferred): ${r.largest.map((b) => `${b.url} ${b.kb}`).join("; ")}; total ${r.totalKb} KB`,
  `  main-thread work: ${r.mainThread}`,
  ...(r.failedA11y.length ? [`  accessibility audits not passed: ${r.failedA11y.join("; ")}`] : []),
  ...(r.failedBestPractices.length ? [`  best-practices audits not passed: ${r.failedBestPractices.join("; ")}`] : []),
  ...(r.failedSeo.length ? [`  SEO audits not passed: ${r.failedSeo.join("; ")}`] : []),
]);

fs.mkdirSync("bench-results", { recursive: true });
fs.writeFileSync("bench-results/lighthouse.json", JSON.stringify({ at: new Date().toISOString(), runs, rows }, null, 2));
fs.writeFileSync("bench-results/lighthouse.md", [...table, ...details].join("\n") + "\n");
console.log([...table, ...details].join("\n"));

/**
 * A signed-in page: its session cookie goes with Lighthouse's extraHeaders and also into the browser's cookie jar,
 * which Lighthouse keeps (it clears caches and site storage, not cookies), so the signed-in pages come last. With
 * the header alone one of our runs still measured the redirect to /login; every run is checked to have ended on
 * the page it asked for.
 */
async function putCookieInBrowser(chromePort, cookie) {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const [name, value] = cookie.split(/=(.*)/s);
  await cdp.contexts()[0].addCookies([{ name, value, url: app.base, httpOnly: true, sameSite: "Lax" }]);
  await cdp.close();
}

function score(lhr, id) {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100);
}

/** The figures of one report, and what it says limits the page. */
function summarize(lhr) {
  const audit = (id) => lhr.audits[id];
  const items = (id) => audit(id)?.details?.items ?? [];
  const short = (url) => String(url).replace(app.base, "");
  const lcpItem = items("largest-contentful-paint-element")[0]?.items?.[0]?.node;
  const phases = items("largest-contentful-paint-element")[1]?.items ?? [];
  const failed = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && audit(ref.id)?.score !== null && audit(ref.id)?.score < 1)
      .map((ref) => {
        // What it found, briefly: the issue's kind, the element or the address.
        const found = items(ref.id)
          .slice(0, 3)
          .map((i) => i.issueType ?? i.node?.snippet ?? (i.url ? short(i.url) : undefined) ?? i.description)
          .filter(Boolean);
        return `${ref.id}: ${audit(ref.id).title}${found.length ? ` (${found.join("; ")})` : ""}`;
      });
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    cls: audit("cumulative-layout-shift").numericValue,
    lcp: audit("largest-contentful-paint").numericValue,
    tbt: audit("total-blocking-time").numericValue,
    fcp: audit("first-contentful-paint").numericValue,
    speedIndex: audit("speed-index").numericValue,
    lcpElement: lcpItem
      ? `<${lcpItem.selector ?? lcpItem.snippet}>${lcpItem.nodeLabel && !lcpItem.selector?.endsWith(lcpItem.nodeLabel) ? ` "${lcpItem.nodeLabel}"` : ""}`
      : null,
    lcpPhases: phases.length ? phases.map((p) => `${p.phase ?? p.label} ${Math.round(p.timing ?? 0)} ms`).join(", ") : null,
    renderBlocking: items("render-blocking-resources").map((i) => ({
      url: short(i.url),
      kb: Math.round((i.totalBytes ?? 0) / 102.4) / 10,
      ms: i.wastedMs ?? 0,
    })),
    largest: items("total-byte-weight")
      .slice(0, 4)
      .map((i) => ({ url: short(i.url), kb: Math.round(i.totalBytes / 102.4) / 10 })),
    totalKb: Math.round(audit("total-byte-weight").numericValue / 102.4) / 10,
    mainThread: items("mainthread-work-breakdown")
      .slice(0, 4)
      .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`)
      .join(", "),
    failedA11y: failed("accessibility"),
    failedBestPractices: failed("best-practices"),
    failedSeo: failed("seo"),
  };
}
