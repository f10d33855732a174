import crypto from "node:crypto";
import fs from "node:fs";
import { sql, type Kysely } from "kysely";
import { afterAll, afterEach, beforeEach, inject, vi } from "vitest";

// Each test file gets its own database, a copy of the one seeded once for the run (tests/setup/test-database.ts):
// a private in-memory SQLite, or, when DATABASE_URL points at PostgreSQL, a private schema in that database.
// The copy is made the first time the file asks for the database (app/db/db.server.ts reads the hooks below).
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
const template = inject("glowTemplate");
const g = globalThis as { __glowDb?: unknown; __glowTestTemplate?: unknown };
if (template.dialect === "postgres") {
  // A test's commits need not survive a power cut: not waiting for the disk makes each one ~10x cheaper on a busy
  // machine. Transactions, locks and isolation behave exactly as with the default.
  process.env.PGOPTIONS ??= "-c synchronous_commit=off";
  const schema = `t_${process.pid}_${crypto.randomBytes(6).toString("hex")}`;
  process.env.DATABASE_SCHEMA = schema;
  g.__glowTestTemplate = { schema, copyPostgres: (db: Kysely<unknown>) => sql.raw(template.copySql!).execute(db) };
} else {
  process.env.DATABASE_URL = "file::memory:";
  g.__glowTestTemplate = { sqliteImage: () => fs.readFileSync(template.file!) };
}
// Files of a worker share its modules (vitest.config.ts): each opens a database handle of its own.
g.__glowDb = undefined;
// Routes run as under our own server (server/app.mjs): a test names the caller's address in X-Glow-Client-Address,
// the header that server sets from the socket.
(globalThis as { __glowOwnServer?: unknown }).__glowOwnServer = { trustProxy: 0 };

// The schema itself is dropped by tests/setup/test-database.ts after the whole run, not here: the migrator of a file
// starting on the other worker lists every table of the database, and a schema dropped meanwhile fails that listing
// ("schema … does not exist").
afterAll(async () => {
  if (!(globalThis as { __glowDb?: unknown }).__glowDb) return; // this file never opened the database
  const { closeDb } = await import("~/db/db.server");
  await closeDb();
});

// console.error fails a test unless the test says it expects one.
let allowedErrors = 0;
export function expectConsoleError(times = 1) {
  allowedErrors += times;
}
beforeEach(() => {
  allowedErrors = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (allowedErrors > 0) {
      allowedErrors--;
      return;
    }
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
