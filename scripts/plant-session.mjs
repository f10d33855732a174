// Plants a session the way the app makes one (app/models/accounts/sessions.server.ts): a random token whose SHA-256 is a
// row of the sessions table, sent back in the glow_session cookie as Remix's createCookie encodes it (base64 of
// its JSON). Used by the browser tests and the benchmarks to sign people in without the /login form.
import crypto from "node:crypto";

/**
 * A new one-day session of `userId`: the sessions row to insert and the glow_session cookie's value.
 * @param {number} userId
 */
export function newSession(userId) {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  return {
    row: {
      id: crypto.createHash("sha256").update(token).digest("hex"),
      user_id: userId,
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      created_at: now.toISOString(),
    },
    cookieValue: Buffer.from(JSON.stringify(token)).toString("base64"),
  };
}

/**
 * @param {import("better-sqlite3").Database} db an open connection to the app's SQLite file
 * @param {number} userId
 * @returns {string} the glow_session cookie's value
 */
export function plantSessionRow(db, userId) {
  const { row, cookieValue } = newSession(userId);
  db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(row.id, row.user_id, row.expires_at, row.created_at);
  return cookieValue;
}
