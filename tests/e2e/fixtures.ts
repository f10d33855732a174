import { test as base, type BrowserContext } from "@playwright/test";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
import { withE2eDb } from "./e2e-db";

// Browser tests sign in by planting a session (STYLE "Data and tests"): a row in the e2e server's sessions table
// and the matching cookie. Only the tests of sign-in itself go through the /login form.

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

/** `test` with `signInAs(email)` for the current page's context. */
export const test = base.extend<{ signInAs: (email: string) => Promise<void> }>({
  signInAs: async ({ context, baseURL }, use) => {
    await use((email) => signIn(context, email, baseURL!));
  },
});

export { expect } from "@playwright/test";
