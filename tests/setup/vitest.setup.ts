import crypto from "node:crypto";
import { afterAll, afterEach, beforeEach, vi } from "vitest";

// Each test file gets its own database: a private in-memory SQLite, or, when DATABASE_URL points at
// PostgreSQL, a private schema in that database that is dropped afterwards.
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
const url = process.env.DATABASE_URL ?? "";
const schema = `t_${process.env.VITEST_POOL_ID ?? "0"}_${crypto.randomBytes(4).toString("hex")}`;
if (url.startsWith("postgres")) {
  process.env.DATABASE_SCHEMA = schema;
} else {
  process.env.DATABASE_URL = "file::memory:";
}
(globalThis as { __glowDb?: unknown }).__glowDb = undefined;

afterAll(async () => {
  if (!(globalThis as { __glowDb?: unknown }).__glowDb) return; // this file never opened the database
  const { closeDb, getDb, getDialect } = await import("~/db/db.server");
  try {
    if (url.startsWith("postgres") && getDialect() === "postgres") {
      const { sql } = await import("kysely");
      const db = await getDb();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    }
  } finally {
    await closeDb();
  }
});

// console.error fails a test unless the test says it expects one (STYLE "Data and tests").
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
