import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { test as base, type BrowserContext } from "@playwright/test";

// Browser tests sign in by planting a session (STYLE "Data and tests"): a row in the e2e server's sessions table
// and the matching cookie. Only the tests of sign-in itself go through the /login form.

const dbFile = path.resolve("data/e2e/glow.sqlite");

export async function signIn(context: BrowserContext, email: string, baseURL: string): Promise<void> {
  const token = crypto.randomBytes(32).toString("base64url");
  const db = new Database(dbFile);
  try {
    db.pragma("busy_timeout = 5000");
    const user = db.prepare("select id from users where email = ?").get(email.toLowerCase()) as { id: number } | undefined;
    if (!user) throw new Error(`no seeded user ${email}`);
    const now = new Date();
    db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(
      crypto.createHash("sha256").update(token).digest("hex"),
      user.id,
      new Date(now.getTime() + 86_400_000).toISOString(),
      now.toISOString(),
    );
  } finally {
    db.close();
  }
  // Remix's createCookie stores a value as base64 of its JSON (app/models/session.server.ts uses it).
  const value = Buffer.from(JSON.stringify(token)).toString("base64");
  await context.addCookies([{ name: "glow_session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** `test` with `signInAs(email)` for the current page's context. */
export const test = base.extend<{ signInAs: (email: string) => Promise<void> }>({
  signInAs: async ({ context, baseURL }, use) => {
    await use((email) => signIn(context, email, baseURL!));
  },
});

export { expect } from "@playwright/test";
