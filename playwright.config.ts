import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
const launchOptions = { executablePath: findChromium() as string | undefined, args: chromiumArgs as string[] };

// Two ways people use Glow: a low-end phone with JavaScript off, and a desktop browser with it on.
//
// Two workers (E2E_WORKERS to change it), one spec file at a time each, both against the one e2e server. A file whose
// tests use the seeded demo accounts declares `test.describe.configure({ lock: DEMO_DATA })` (tests/e2e/fixtures.ts):
// files holding that lock never run at the same time, in either project, so they see the demo data as one worker
// would; the other files (own accounts through the `own…` fixtures, own servers) run beside them.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
    launchOptions,
  },
  projects: [
    {
      name: "phone-no-js",
      use: { ...devices["Desktop Chrome"], viewport: { width: 360, height: 740 }, javaScriptEnabled: false, isMobile: false, launchOptions },
    },
    {
      name: "desktop-js",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, javaScriptEnabled: true, launchOptions },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
