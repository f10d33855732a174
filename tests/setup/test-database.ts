import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import type { TestProject } from "vitest/node";

// Vitest's global setup: migrates and seeds ONE database for the whole run (the template); each test file then
// starts from a copy of it (tests/setup/vitest.setup.ts), instead of migrating and seeding its own. The seed still
// runs on every run, on the dialect under test, through the app's own start-up path (getDb).
//
// - SQLite: the template is seeded into a file, then its bytes are written to a temporary file; each test file
//   opens an in-memory database from those bytes (better-sqlite3's deserialize), so tests never touch the disk.
// - PostgreSQL: the template is schema `t_template` in DATABASE_URL's database. Each test file works in a schema of
//   its own (`t_<pid>_<random>`), made in one statement list: the template's tables as pg_dump writes them (the
//   migrations' end state), its rows copied in (INSERT ... SELECT per table in foreign-key order, the migration
//   records included, then the sequences), and only then its indexes and constraints, so rows are not checked and
//   indexed one by one. About half the time of running every migration and then copying the rows
//   (docs/testing.md). CREATE DATABASE ... TEMPLATE was measured and rejected: it takes 3-25 s on a busy machine
//   (it checkpoints or WAL-logs the whole database).
// All `t_…` schemas are dropped before and after the run, never while a worker may still use them: do not run
// two runs at once against one PostgreSQL database.

export interface TestTemplate {
  dialect: "sqlite" | "postgres";
  /** SQLite: the file holding the seeded database's serialized bytes. */
  file?: string;
  /** PostgreSQL: the statements that make an empty schema (the search_path) a copy of the template. */
  copySql?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    glowTemplate: TestTemplate;
  }
}

export const TEMPLATE_SCHEMA = "t_template";
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops every `t_…` schema, over two connections at once: nothing else uses the database then (before and after a
 * run), and one connection used one of the two cores for about a minute after a run of 145 files.
 */
async function dropTestSchemas(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let names: string[];
  try {
    names = (await client.query<{ nspname: string }>("select nspname from pg_namespace where nspname like 't\\_%'")).rows.map((r) => r.nspname);
  } finally {
    await client.end();
  }
  const dropEach = async (share: string[]) => {
    if (share.length === 0) return;
    const own = new pg.Client({ connectionString: url });
    await own.connect();
    try {
      for (const name of share) await own.query(`drop schema if exists ${ident(name)} cascade`);
    } finally {
      await own.end();
    }
  };
  await Promise.all([0, 1].map((turn) => dropEach(names.filter((_, i) => i % 2 === turn))));
}

/** Migrates and seeds the database that DATABASE_URL (and DATABASE_SCHEMA) name, the way the app does at start. */
async function seedTemplate(env: Record<string, string>): Promise<void> {
  Object.assign(process.env, { NODE_ENV: "test", LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", SEED: "true" }, env);
  const { getDb, closeDb } = await import("~/db/db.server");
  await getDb();
  await closeDb();
}

/** INSERT ... SELECT for every table, parents before children, then each sequence set to the template's value. */
async function postgresFillSql(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = $1 order by table_name, ordinal_position",
      [TEMPLATE_SCHEMA],
    );
    const tables = new Map<string, string[]>();
    for (const { table_name, column_name } of columns.rows) {
      tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
    }
    const fks = await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = $1 and c.oid <> p.oid`,
      [TEMPLATE_SCHEMA],
    );
    const parents = new Map<string, Set<string>>([...tables.keys()].map((t) => [t, new Set<string>()]));
    for (const { child, parent } of fks.rows) parents.get(child)?.add(parent);
    const ordered: string[] = [];
    while (ordered.length < tables.size) {
      const ready = [...parents].filter(([t, ps]) => !ordered.includes(t) && [...ps].every((p) => ordered.includes(p)));
      if (ready.length === 0) throw new Error("foreign keys form a cycle; copy the template another way");
      ordered.push(...ready.map(([t]) => t).sort());
    }
    const sequences = await client.query<{ sequencename: string }>("select sequencename from pg_sequences where schemaname = $1 order by sequencename", [
      TEMPLATE_SCHEMA,
    ]);
    const from = (name: string) => `${ident(TEMPLATE_SCHEMA)}.${ident(name)}`;
    return [
      ...ordered.map((t) => {
        const cols = tables.get(t)!.map(ident).join(", ");
        return `insert into ${ident(t)} (${cols}) select ${cols} from ${from(t)};`;
      }),
      ...sequences.rows.map(({ sequencename: s }) => `select setval('${ident(s)}', last_value, is_called) from ${from(s)};`),
    ].join("\n");
  } finally {
    await client.end();
  }
}

/**
 * The template's definitions as pg_dump writes them, for the schema of the search_path: "pre-data" (tables and
 * sequences) or "post-data" (indexes and constraints). Its schema name is taken out, and so are its settings lines
 * (the empty search_path) and psql's meta-commands.
 */
function postgresSchemaSql(url: string, section: "pre-data" | "post-data"): string {
  const dump = execFileSync("pg_dump", [`--section=${section}`, "--no-owner", "--no-privileges", `--schema=${TEMPLATE_SCHEMA}`, `--dbname=${url}`], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return dump
    .split("\n")
    .filter((line) => !/^(--|\\|SET |SELECT pg_catalog\.set_config|CREATE SCHEMA )/.test(line))
    .join("\n")
    .replaceAll(`${TEMPLATE_SCHEMA}.`, "");
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL ?? "";
  if (url.startsWith("postgres")) {
    await dropTestSchemas(url);
    await seedTemplate({ DATABASE_URL: url, DATABASE_SCHEMA: TEMPLATE_SCHEMA, PGOPTIONS: process.env.PGOPTIONS ?? "-c synchronous_commit=off" });
    const copySql = [postgresSchemaSql(url, "pre-data"), await postgresFillSql(url), postgresSchemaSql(url, "post-data")].join("\n");
    project.provide("glowTemplate", { dialect: "postgres", copySql });
    return () => dropTestSchemas(url);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-vitest-"));
  const seeded = path.join(dir, "seeded.sqlite");
  await seedTemplate({ DATABASE_URL: `file:${seeded}` });
  const sqlite = new SqliteDatabase(seeded);
  sqlite.pragma("journal_mode = DELETE"); // an in-memory copy cannot use a write-ahead log
  const file = path.join(dir, "template.bin");
  fs.writeFileSync(file, sqlite.serialize());
  sqlite.close();
  project.provide("glowTemplate", { dialect: "sqlite", file });
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
