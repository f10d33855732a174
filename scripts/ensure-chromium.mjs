// Finds Chromium for the browser tests, installing Debian's packages when we are root and they are missing: chromium
// (Lighthouse, screenshots, page weight) and chromium-headless-shell (the browser tests; see scripts/chromium.mjs).
import { execSync } from "node:child_process";
import fs from "node:fs";
import { findChromium, findTestChromium, headlessShell } from "./chromium.mjs";

const missing = [];
if (!findChromium()) missing.push("chromium");
if (!process.env.CHROMIUM_PATH && !fs.existsSync(headlessShell)) missing.push("chromium-headless-shell");
if (missing.length > 0 && process.getuid?.() === 0) {
  console.log(`Installing Debian's ${missing.join(" and ")} (about 30 s)...`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, { stdio: "inherit" });
  } catch {
    // reported below
  }
}
const found = findTestChromium();
if (!found) {
  console.error(
    "Browser tests need Chromium and none was found. Install it with `sudo apt-get install chromium chromium-headless-shell` " +
      "(Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
  process.exit(1);
}
if (found !== headlessShell && !process.env.CHROMIUM_PATH) {
  console.log(`chromium-headless-shell is not installed: the browser tests use ${found}, which works but takes about 40 % longer.`);
}
console.log(`Browser tests use ${found}`);
