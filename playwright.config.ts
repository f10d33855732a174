import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findTestChromium } from "./scripts/chromium.mjs";

const launchOptions = { executablePath: findTestChromium() as string | undefined, args: chromiumArgs as string[] };

// Two ways people use Glow: a low-end phone with JavaScript off, and a desktop browser with it on.
//
// E2E_WORKERS workers (default 3 on this 2-core machine: the "http" suites spend much of their time waiting for
// reminders to come due and servers to restart, and a third worker keeps both cores busy meanwhile), one spec file
// at a time each. Every worker starts an e2e server of its own on a
// fresh seeded data folder (`demoServer` in tests/e2e/fixtures.ts, which `baseURL` follows), so the demo accounts a
// file uses are its worker's alone and files need no lock on them.
const HTTP_SUITES = ["resilience", "upload-memory", "background-work", "hostile", "booking-race", "team-race", "server", "startup"].map(
  (name) => `**/${name}.spec.ts`,
);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // A minute per test: on the 2-core VMs CI runs on, the suite's speed varies by a factor of 2.5 (docs/testing.md), and
  // the longest browser stories (the category filters, booking to the test checkout with an audit per page) took 22 to
  // 31 s there, against a limit of 30 s. A test that hangs still fails, a minute later.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    trace: "off",
    launchOptions,
  },
  projects: [
    // First in the queue: the suites that start servers of their own and talk HTTP (no browser). They run once, and
    // they are the longest (the load and crash runs, the background work that waits for reminders to come due, the
    // hostile-input suite), so the browser tests fill the other workers around them instead of waiting after them.
    { name: "http", testMatch: HTTP_SUITES },
    {
      name: "phone-no-js",
      testIgnore: HTTP_SUITES,
      use: { ...devices["Desktop Chrome"], viewport: { width: 360, height: 740 }, javaScriptEnabled: false, isMobile: false, launchOptions },
    },
    {
      name: "desktop-js",
      testIgnore: HTTP_SUITES,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, javaScriptEnabled: true, launchOptions },
    },
  ],
});
