import path from "node:path";
import Database from "better-sqlite3";

// The database of this worker's e2e server (`demoServer` in fixtures.ts: data/e2e-<n>/glow.sqlite, seeded on start):
// browser tests read facts from it and plant what time cannot make happen in a browser (sessions, past
// appointments). The server writes to it at the same time, hence the busy timeout.

let dataDir: string | undefined;

/** Called by the worker's `demoServer` fixture once its server has made its data folder. */
export function useE2eData(dir: string): void {
  dataDir = dir;
}

/** The data folder of this worker's e2e server (its SQLite file and its uploads). */
export function e2eDataDir(): string {
  if (!dataDir)
    throw new Error("no e2e server in this worker yet: take `test` from tests/e2e/fixtures.ts and use a fixture that needs the page, baseURL or demoServer");
  return dataDir;
}

export function withE2eDb<T>(fn: (db: Database.Database) => T, options: { readonly?: boolean } = {}): T {
  const db = new Database(path.join(e2eDataDir(), "glow.sqlite"), { readonly: options.readonly ?? false });
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
