import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { closeDb, getDb, getDialect } from "~/db/db.server";
import { MIGRATION_NAMES, migrateUpTo } from "~/db/migrate.server";
import { loader as vendorFinance } from "~/routes/vendor.finance";
import { cookieFor, get, run } from "./booking-routes";
import { DASHBOARD_LISTS } from "./dashboard-lists";

// A database made by each earlier release of the schema (every prefix of the migrations), holding data, is upgraded
// by the app's own start (getDb migrates what is missing) and read by its pages. The data is the seeded catalogue and
// story as that release's tables could hold it: each row with the columns the release had. After the upgrade every
// row is there with the same values, and the dashboards' pages answer 200 with their lists.
//
// The earlier releases are split between two test files (app/db/upgrade*.server.test.ts, `releasesInTurn`), which
// vitest runs side by side in two worker processes of a run of their own (vitest.config.ts, ALONE): each points its
// process's database handle at one release after another, and no other file may open a database in that process
// meanwhile.

type Row = Record<string, unknown>;
type Hooks = { sqliteImage?: () => Buffer; schema?: string; copyPostgres?: unknown };
const g = globalThis as { __glowTestTemplate?: Hooks };
const dialect = getDialect();
/** This file's own PostgreSQL schema (tests/setup/vitest.setup.ts); each release gets one named after it. */
const baseSchema = g.__glowTestTemplate?.schema;
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);
// Each start opens a database handle that closes itself when the process exits (db.server.ts): one listener per release.
process.setMaxListeners(MIGRATION_NAMES.length + 10);

/** An empty database of our own, migrated up to `release`, with a way to list a table's columns and to finish. */
async function databaseAt(release: string) {
  if (dialect === "sqlite") {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrateUpTo(db, dialect, release);
    const columns = (table: string) => (sqlite.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
    // Foreign keys off while filling (better-sqlite3 turns them on), so tables go in any order; the app turns them on.
    sqlite.pragma("foreign_keys = OFF");
    const insert = async (table: string, cols: string[], rows: Row[]) => {
      const statement = sqlite.prepare(`insert into "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) values (${cols.map(() => "?").join(", ")})`);
      sqlite.transaction(() => rows.forEach((r) => statement.run(cols.map((c) => r[c]))))();
    };
    return { db, columns, insert, hooks: { sqliteImage: () => sqlite.serialize() } satisfies Hooks, done: async () => undefined };
  }
  const schema = `${baseSchema}_${release.slice(0, 4)}`;
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, options: `-c search_path=${schema} -c session_replication_role=replica` });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await sql`drop schema if exists ${sql.id(schema)} cascade; create schema ${sql.id(schema)}`.execute(db);
  await migrateUpTo(db, dialect, release, schema);
  const all = (
    await sql<{ table_name: string; column_name: string; serial: boolean }>`
      select table_name, column_name, (column_default like 'nextval(%' or is_identity = 'YES') as serial
      from information_schema.columns where table_schema = ${schema}`.execute(db)
  ).rows;
  const columns = (table: string) => all.filter((c) => c.table_name === table).map((c) => c.column_name);
  const done = async () => {
    // Rows went in with their ids: each sequence continues after the largest, as the app's inserts expect.
    for (const { table_name, column_name } of all.filter((c) => c.serial)) {
      const next = sql`coalesce((select max(${sql.id(column_name)}) from ${sql.table(table_name)}), 0) + 1`;
      await sql`select setval(pg_get_serial_sequence(${table_name}, ${column_name}), ${next}, false)`.execute(db);
    }
    await db.destroy();
  };
  // session_replication_role=replica: the foreign keys' triggers wait, so tables go in any order.
  const insert = async (table: string, cols: string[], rows: Row[]) => {
    const list = sql.join(cols.map((c) => sql.id(c)));
    await sql`insert into ${sql.table(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)})`.execute(
      db,
    );
  };
  return { db, columns, insert, hooks: { schema } satisfies Hooks, done };
}

/** Fills each table the release has with the seeded rows, cut to its columns; returns what it took, by table. */
async function fill(old: Awaited<ReturnType<typeof databaseAt>>) {
  const taken = new Map<string, Row[]>();
  for (const [table, rows] of seeded) {
    const cols = old.columns(table);
    if (cols.length === 0 || rows.length === 0) continue;
    await old.insert(table, cols, rows);
    taken.set(
      table,
      rows.map((r) => Object.fromEntries(cols.map((c) => [c, r[c]]))),
    );
  }
  return taken;
}

/** The latest seeded database's rows, by table: what every release is filled from. */
let seeded: Map<string, Row[]>;

/** The earlier releases (every migration but the last) that the `turn`-th of `turns` upgrade test files takes. */
export function releasesInTurn(turn: number, turns: number): string[] {
  return MIGRATION_NAMES.slice(0, -1).filter((_, i) => i % turns === turn);
}

/** The upgrade tests of these releases, one test each, with the hooks and the seeded rows they share. */
export function describeUpgrades(releases: string[]): void {
  // The file's own hooks, put back after each release: a later file of this worker must not open a release's schema.
  const ownHooks = g.__glowTestTemplate;
  afterEach(async () => {
    await closeDb();
    g.__glowTestTemplate = ownHooks;
  });

  beforeAll(async () => {
    const db = await getDb();
    const tables =
      dialect === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows
        : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)).rows;
    seeded = new Map();
    for (const { name } of tables) {
      if (MIGRATION_TABLES.has(name)) continue;
      seeded.set(name, (await sql<Row>`select * from ${sql.table(name)}`.execute(db)).rows);
    }
  });

  describe(`upgrading a database of ${releases.length} earlier releases (${dialect})`, () => {
    // Two migrations and a copy of the seeded rows each: on a busy PostgreSQL that can take longer than the default.
    test.each(releases)(
      "made by the release whose last migration is %s: upgraded, every row kept, the pages read it",
      { timeout: 120_000 },
      async (release) => {
        const old = await databaseAt(release);
        const taken = await fill(old);
        await old.done();
        expect(taken.get("appointments")?.length ?? 0).toBeGreaterThan(10);

        // The app starts on it: getDb migrates it to the latest schema (the seed sees users and adds nothing).
        await closeDb();
        g.__glowTestTemplate = old.hooks;
        const db = await getDb();
        for (const [table, rows] of taken) {
          const now = (await sql<Row>`select * from ${sql.table(table)}`.execute(db)).rows;
          expect(now.length, table).toBe(rows.length);
          const key = (r: Row) => JSON.stringify(Object.keys(rows[0]!).map((c) => r[c]));
          expect(now.map(key).sort(), table).toEqual(rows.map(key).sort());
        }
        for (const page of DASHBOARD_LISTS) {
          const { status, body } = await run(page.loader, get(page.path, await cookieFor(page.who)));
          expect(status, page.path).toBe(200);
          expect(body, page.path).toMatchObject({ page: 1, problems: [] });
        }
        const finance = await run<{ rows: unknown[] }>(vendorFinance, get("/vendor/finance", await cookieFor("vendor@example.com")));
        expect(finance.body.rows.length).toBeGreaterThan(0);
        // The release's PostgreSQL schema stays until the run's end (tests/setup/test-database.ts drops every t_…
        // schema): the other upgrade file's migrator lists every table of the database, and a schema dropped
        // meanwhile fails that listing.
      },
    );
  });
}
