// Plants a session the way the app makes one (app/models/session.server.ts): a random token whose SHA-256 is a
// row of the sessions table, sent back in the glow_session cookie as Remix's createCookie encodes it (base64 of
// its JSON). Used by the browser tests and the benchmarks to sign people in without the /login form.
import crypto from "node:crypto";

/**
 * @param {import("better-sqlite3").Database} db an open connection to the app's SQLite file
 * @param {number} userId
 * @returns {string} the glow_session cookie's value
 */
export function plantSessionRow(db, userId) {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(
    crypto.createHash("sha256").update(token).digest("hex"),
    userId,
    new Date(now.getTime() + 86_400_000).toISOString(),
    now.toISOString(),
  );
  return Buffer.from(JSON.stringify(token)).toString("base64");
}
