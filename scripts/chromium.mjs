// Where the system Chromium is. Playwright cannot download browsers here, so tests drive Debian's `chromium`.
import fs from "node:fs";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function findChromium() {
  return candidates.find((p) => p && fs.existsSync(p));
}

// The browser tests drive Debian's chromium-headless-shell when it is there: the same Chromium built as the
// headless-only shell Playwright itself prefers for headless runs. It starts no GPU process or browser UI, so on a
// 2-core machine the Playwright run takes about 40 % less time (docs/decisions/014-headless-shell-for-tests.md).
// Lighthouse, screenshots and page-weight figures keep the full browser (findChromium).
export const headlessShell = "/usr/bin/chromium-headless-shell";

export function findTestChromium() {
  if (process.env.CHROMIUM_PATH && fs.existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return fs.existsSync(headlessShell) ? headlessShell : findChromium();
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // Without these Chromium floods a closed network with connection attempts.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
