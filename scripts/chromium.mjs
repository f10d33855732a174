// Where the system Chromium is. Playwright cannot download browsers here, so tests drive Debian's `chromium`.
import fs from "node:fs";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function findChromium() {
  return candidates.find((p) => p && fs.existsSync(p));
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
