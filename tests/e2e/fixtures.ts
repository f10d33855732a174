import fs from "node:fs";
import path from "node:path";
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions, type TestInfo } from "@playwright/test";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
import { portFreeWithin, startApp, stopApp } from "./app-process";
import { customerSession, ownVendorService } from "./booking-db";
import { useE2eData, withE2eDb } from "./e2e-db";

// Each Playwright worker has an e2e server of its own: the production build on a fresh, seeded data folder
// (data/e2e-<n>) and port. Tests of one worker run one after another, so the seeded demo accounts are that worker's
// alone, as they were when one worker ran the whole suite; workers run side by side with no lock on shared rows.
//
// Browser tests sign in by planting a session: a row in the server's sessions table and the matching cookie. Only
// the tests of sign-in itself go through the /login form.

/** The seeded demo accounts (README "Demo accounts"). */
export const demoEmails = {
  customer: "customer@example.com",
  vendor: "vendor@example.com",
  admin: "admin@example.com",
  stylist: "stylist@example.com",
} as const;

export async function signIn(context: BrowserContext, email: string, baseURL: string): Promise<void> {
  const value = withE2eDb((db) => {
    const user = db.prepare("select id from users where email = ?").get(email.toLowerCase()) as { id: number } | undefined;
    if (!user) throw new Error(`no seeded user ${email}`);
    return plantSessionRow(db, user.id);
  });
  await context.addCookies([{ name: "glow_session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** A new browser context on this worker's server (`baseURL`), with the project's viewport and JavaScript setting and no cookies. */
export function freshContext(browser: Browser, info: TestInfo, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const { viewport, javaScriptEnabled } = info.project.use;
  return browser.newContext({ viewport, javaScriptEnabled, baseURL, ...options });
}

/** Puts a `name=value` Cookie header (as `customerSession` returns) into the browser; the value may hold "=". */
export async function addCookieHeader(context: BrowserContext, header: string, baseURL: string): Promise<void> {
  const at = header.indexOf("=");
  await context.addCookies([{ name: header.slice(0, at), value: header.slice(at + 1), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

interface DemoServer {
  url: string;
  port: number;
  /** The server's data folder: glow.sqlite and uploads/. */
  dataDir: string;
}

/** Ports: E2E_PORT + 30 + the worker's parallel index (other specs' own servers use E2E_PORT + 1…22, 60, 80, 90). */
const basePort = Number(process.env.E2E_PORT ?? 3100) + 30;

interface WorkerFixtures {
  /** This worker's e2e server; `baseURL` points at it. */
  demoServer: DemoServer;
}

interface Fixtures {
  /** Signs the current page's context in as a seeded account. */
  signInAs: (email: string) => Promise<void>;
  /**
   * A new customer of this test's own, signed in in the page's context. Use it whenever a test changes a
   * customer's data (books, pays, cancels, favourites): the demo customer is shared by every spec, and whatever
   * one test leaves behind (unpaid orders are capped at 3) must not decide another's outcome.
   */
  ownCustomer: { cookie: string };
  /** A service of a vendor of this test's own, open tomorrow with every time free (see ownVendorService). */
  ownService: { serviceId: number; vendorEmail: string; title: string };
}

/** `test` with the fixtures above; specs that change data use the `own…` ones, so they can run in any order. */
export const test = base.extend<Fixtures, WorkerFixtures>({
  demoServer: [
    async ({}, use, worker) => {
      const port = basePort + worker.parallelIndex;
      const dataDir = path.resolve(`data/e2e-${worker.parallelIndex}`);
      if (!(await portFreeWithin(port, 5000))) throw new Error(`port ${port} stays taken (a server left behind by an interrupted run?)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      const app = await startApp(port, {
        DATABASE_URL: `file:${path.join(dataDir, "glow.sqlite")}`,
        MAIL_PREVIEW: "true",
        RATE_LIMIT_FACTOR: "50",
        NODE_OPTIONS: "",
      });
      useE2eData(dataDir);
      await use({ url: app.url, port, dataDir });
      await stopApp(app);
    },
    { scope: "worker", auto: true },
  ],
  baseURL: async ({ demoServer }, use) => {
    await use(demoServer.url);
  },
  signInAs: async ({ context, baseURL }, use) => {
    await use((email) => signIn(context, email, baseURL!));
  },
  ownCustomer: async ({ context, baseURL }, use, info) => {
    const cookie = customerSession(`own-${info.project.name}`);
    await addCookieHeader(context, cookie, baseURL!);
    await use({ cookie });
  },
  ownService: async ({}, use, info) => {
    await use(ownVendorService(`own-${info.project.name}`));
  },
});

export { expect } from "@playwright/test";
