// Finds Chromium for the browser tests, installing Debian's package when we are root and it is missing.
import { execSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";

let found = findChromium();
if (!found && process.getuid?.() === 0) {
  console.log("Chromium not found: installing Debian's chromium package (about 30 s)...");
  try {
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  } catch {
    // reported below
  }
  found = findChromium();
}
if (!found) {
  console.error(
    "Browser tests need Chromium and none was found. Install it with `sudo apt-get install chromium` " +
      "(Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
  process.exit(1);
}
console.log(`Browser tests use ${found}`);
