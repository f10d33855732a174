import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
const launchOptions = { executablePath: findChromium() as string | undefined, args: chromiumArgs as string[] };

// Two ways people use Glow: a low-end phone with JavaScript off, and a desktop browser with it on.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
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
