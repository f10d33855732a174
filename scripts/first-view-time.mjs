// First-view load time on a slow phone link: each page three times in a fresh 360 px context (empty cache), with
// Chromium's network emulation at a 2G-ish 300 ms round trip and 400 kbit/s down; prints the protocol the browser
// used, the responses and the median load time. Self-signed TLS is accepted, to measure through a local nginx.
//
//   node scripts/first-view-time.mjs BASE_URL PATH...     e.g. https://localhost:8443 / /search/hair
// Used for docs/decisions/002-per-route-server-modules.md. The machine's other work moves the figures; compare runs
// made side by side.
import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "./chromium.mjs";
const [base, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const out = [];
for (const path of paths) {
  const times = [];
  let reqs = 0,
    proto = "";
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    // A 2G-ish phone link: 300 ms round trip, 400 kbit/s down, 200 up.
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 25_000 });
    let n = 0;
    const protos = new Set();
    cdp.on("Network.responseReceived", (e) => {
      n++;
      protos.add(e.response.protocol);
    });
    await page.goto(base + path, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    const t = await page.evaluate(() => performance.getEntriesByType("navigation")[0].loadEventEnd);
    times.push(Math.round(t));
    reqs = n;
    proto = [...protos].join("/");
    await context.close();
  }
  times.sort((a, b) => a - b);
  out.push(`${path} ${proto} ${reqs}req load ${times[1]}ms (min ${times[0]}, max ${times[2]})`);
}
console.log(out.join("\n"));
await browser.close();
