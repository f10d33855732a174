import path from "node:path";
import Database from "better-sqlite3";

// The e2e server's database (data/e2e/glow.sqlite, made by scripts/e2e-server.mjs): browser tests read facts from
// it and plant what time cannot make happen in a browser (sessions, past appointments). The server writes to it at
// the same time, hence the busy timeout.

const dbFile = path.resolve("data/e2e/glow.sqlite");

export function withE2eDb<T>(fn: (db: Database.Database) => T, options: { readonly?: boolean } = {}): T {
  const db = new Database(dbFile, { readonly: options.readonly ?? false });
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}

/** The first row of a read-only query. */
export function queryOne<T>(sql: string, ...params: unknown[]): T {
  return withE2eDb((db) => db.prepare(sql).get(...params) as T, { readonly: true });
}
