// Takes screenshots of pages as people see them: node scripts/screenshot.mjs URL OUT.png [width] [js|nojs] [fullpage]
// GLOW_SESSION=<cookie value> shows the page signed in (plant one with scripts/plant-session.mjs).
import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "./chromium.mjs";

const [url, out, width = "360", js = "nojs", full = ""] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 700 ? 740 : 800 }, javaScriptEnabled: js === "js" });
if (process.env.GLOW_SESSION) await page.context().addCookies([{ name: "glow_session", value: process.env.GLOW_SESSION, url }]);
await page.goto(url);
await page.screenshot({ path: out, fullPage: full === "fullpage" });
await browser.close();
