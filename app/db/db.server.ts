import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import pg from "pg";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { dialectOf, type Dialect } from "./dialect.server";
import { migrateToLatest } from "./migrate.server";
import type { Database } from "./schema";
import { seedIfEmpty } from "./seed.server";
import { NotifyWrites } from "./write-watch.server";

export type DB = Kysely<Database>;
/** An open transaction: what a domain function that must run inside another's transaction takes. */
export type Tx = Transaction<Database>;
/** The handle or a transaction: what a building block that may run either way takes (its first parameter). */
export type Executor = DB | Tx;

interface Handle {
  db: DB;
  dialect: Dialect;
  ready: Promise<DB>;
}

/**
 * Set only by the test setup (tests/setup/test-database.ts): every test file starts from a copy of one database
 * that was migrated and seeded once for the whole run, instead of seeding its own (about a second each).
 * Both are called the first time a file asks for the database, so files that never touch it pay nothing.
 */
interface TestTemplate {
  /** SQLite: the seeded database's bytes; an in-memory database (`file::memory:`) opens as a copy of them. */
  sqliteImage?: () => Buffer;
  /** PostgreSQL: makes this file's empty schema a copy of the seeded one, tables, rows and migration records (instead
   * of migrating and seeding), so the migrations find nothing left to do. */
  copyPostgres?: (db: DB) => Promise<void>;
  /** PostgreSQL: this test file's own schema. Files of one vitest worker share its modules, so the settings (read
   * once per process) would name the first file's. */
  schema?: string;
}

// One handle per process, kept on globalThis so `remix dev` reloads and vitest module resets reuse it deliberately.
const globalForDb = globalThis as unknown as { __glowDb?: Handle; __glowTestTemplate?: TestTemplate };

// PostgreSQL returns 64-bit integers and numerics as strings; every figure we sum fits in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

function createKysely(url: string, schema: string | undefined): DB {
  if (dialectOf(url) === "postgres") {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // Idle connections must not keep a draining process alive (graceful shutdown).
      allowExitOnIdle: true,
      // PGOPTIONS (libpq's variable for per-session settings) is kept when a schema is chosen, as libpq would.
      ...(schema ? { options: [process.env.PGOPTIONS, `-c search_path=${schema}`].filter(Boolean).join(" ") } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new NotifyWrites()] });
  }
  const file = url.slice("file:".length);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const image = file === ":memory:" ? globalForDb.__glowTestTemplate?.sqliteImage?.() : undefined;
  const sqlite = image ? new SqliteDatabase(image) : new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL"); // safe with WAL: a crash loses no committed transaction's integrity
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  process.once("exit", () => sqlite.close());
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [new NotifyWrites()] });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs as much as running our small indexed queries.
 * Our queries are built from a fixed set of shapes (values are always bound parameters), so a small LRU of
 * prepared statements keyed by SQL text serves nearly all of them. better-sqlite3 runs a statement synchronously,
 * so one statement is never in use twice at once (we never stream results with `iterate`).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): { close(): void; prepare(sql: string): SqliteDatabase.Statement } {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // re-insert below: Map order is our recency order
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

async function prepare(db: DB, dialect: Dialect, schema: string | undefined, seed: boolean): Promise<DB> {
  const started = performance.now();
  if (schema && dialect === "postgres") {
    await db.schema.createSchema(schema).ifNotExists().execute();
  }
  const copy = seed && dialect === "postgres" ? globalForDb.__glowTestTemplate?.copyPostgres : undefined;
  if (copy) await copy(db);
  await migrateToLatest(db, dialect, dialect === "postgres" ? schema : undefined);
  const seeded = !seed ? false : copy ? true : await seedIfEmpty(db, dialect);
  log.info("database ready", { dialect, seeded, ms: Math.round(performance.now() - started) });
  return db;
}

function open(): Handle {
  const env = getEnv();
  const dialect = dialectOf(env.DATABASE_URL);
  const schema = globalForDb.__glowTestTemplate?.schema ?? env.DATABASE_SCHEMA;
  const db = createKysely(env.DATABASE_URL, schema);
  const ready = prepare(db, dialect, schema, env.SEED);
  // Avoid an unhandled rejection before anyone awaits; callers see the error when they await `ready`.
  ready.catch((error: unknown) => log.error("database not ready", { error }));
  return { db, dialect, ready };
}

/** The migrated (and, on first start, seeded) database. Every loader and action awaits this. */
export function getDb(): Promise<DB> {
  globalForDb.__glowDb ??= open();
  return globalForDb.__glowDb.ready;
}

export function getDialect(): Dialect {
  return dialectOf(getEnv().DATABASE_URL);
}

/** Closes the pool/file; used by graceful shutdown and tests. */
export async function closeDb(): Promise<void> {
  const handle = globalForDb.__glowDb;
  globalForDb.__glowDb = undefined;
  if (handle) await handle.db.destroy();
}
