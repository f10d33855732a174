import crypto from "node:crypto";
import { afterAll, afterEach, beforeEach, vi } from "vitest";

// Each test file gets its own database: a private in-memory SQLite, or, when DATABASE_URL points at
// PostgreSQL, a private schema in that database.
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
const url = process.env.DATABASE_URL ?? "";
const schema = `t_${process.pid}_${crypto.randomBytes(6).toString("hex")}`;
if (url.startsWith("postgres")) {
  process.env.DATABASE_SCHEMA = schema;
} else {
  process.env.DATABASE_URL = "file::memory:";
}
(globalThis as { __glowDb?: unknown }).__glowDb = undefined;
// Routes run as under our own server (server/app.mjs): a test names the caller's address in X-Glow-Client-Address,
// the header that server sets from the socket.
(globalThis as { __glowOwnServer?: unknown }).__glowOwnServer = { trustProxy: 0 };

// The schema itself is dropped by tests/setup/pg-global.ts after the whole run.
afterAll(async () => {
  if (!(globalThis as { __glowDb?: unknown }).__glowDb) return; // this file never opened the database
  const { closeDb } = await import("~/db/db.server");
  await closeDb();
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
