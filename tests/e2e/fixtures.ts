import { test as base, type BrowserContext } from "@playwright/test";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
import { customerSession, ownVendorService } from "./booking-db";
import { withE2eDb } from "./e2e-db";

// Browser tests sign in by planting a session: a row in the e2e server's sessions table
// and the matching cookie. Only the tests of sign-in itself go through the /login form.

/**
 * The lock of the files that use the seeded demo accounts (or other seeded rows they change): two workers run spec
 * files side by side, and files that declare `test.describe.configure({ lock: DEMO_DATA })` never run at the same
 * time as each other, in either project. A file whose tests use only accounts of their own (`ownCustomer`,
 * `ownService`, `customerSession`, `ownVendorService`) or servers of their own needs no lock.
 */
export const DEMO_DATA = "demo-data";

/** The seeded demo accounts (README "Demo accounts"). */
export const demoEmails = { customer: "customer@example.com", vendor: "vendor@example.com", admin: "admin@example.com" } as const;

export async function signIn(context: BrowserContext, email: string, baseURL: string): Promise<void> {
  const value = withE2eDb((db) => {
    const user = db.prepare("select id from users where email = ?").get(email.toLowerCase()) as { id: number } | undefined;
    if (!user) throw new Error(`no seeded user ${email}`);
    return plantSessionRow(db, user.id);
  });
  await context.addCookies([{ name: "glow_session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Puts a `name=value` Cookie header (as `customerSession` returns) into the browser; the value may hold "=". */
export async function addCookieHeader(context: BrowserContext, header: string, baseURL: string): Promise<void> {
  const at = header.indexOf("=");
  await context.addCookies([{ name: header.slice(0, at), value: header.slice(at + 1), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
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
export const test = base.extend<Fixtures>({
  signInAs: async ({ context, baseURL }, use) => {
    await use((email) => signIn(context, email, baseURL!));
  },
  ownCustomer: async ({ context, baseURL }, use, info) => {
    const cookie = customerSession(`own-${info.project.name}`);
    await addCookieHeader(context, cookie, baseURL!);
    await use({ cookie });
  },
  // eslint-disable-next-line no-empty-pattern
  ownService: async ({}, use, info) => {
    await use(ownVendorService(`own-${info.project.name}`));
  },
});

export { expect } from "@playwright/test";
