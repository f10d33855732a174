import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { heldOrder, payOnline } from "./money";

// `npm run backup` while bookings and payments are being written, then `npm run restore` into a fresh database: every
// booking, payment and ledger entry committed before the backup began is there, each exactly as in the source; nothing
// of a transaction is there without the rest of it; the ledger's totals are the source's. On the dialect under test
// (SQLite: a database file of this test's own; PostgreSQL: this file's schema, restored into a new database).

const ROOT = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "glow-backup-test-"));
const sqliteFile = path.join(work, "live", "glow.sqlite");
// Set before the app reads its settings (once per module graph: this file has its own, vitest.config.ts).
if (!process.env.DATABASE_URL?.startsWith("postgres")) process.env.DATABASE_URL = `file:${sqliteFile}`;
const pgUrl = process.env.DATABASE_URL ?? "";
const restoreDbName = `glow_restore_${process.pid}`;
const restoreUrl = getDialect() === "postgres" ? Object.assign(new URL(pgUrl), { pathname: `/${restoreDbName}` }).toString() : "";

/** Runs one of our npm scripts as an operator would, in `cwd` (where a PostgreSQL site keeps data/uploads). */
function npmScript(script: string, args: string[], env: Record<string, string | undefined>, cwd: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts", `${script}.mjs`), ...args], { cwd, env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("close", (code) => resolve({ code, out }));
  });
}

type Row = Record<string, unknown>;
type Tables = { appointments: Row[]; payments: Row[]; ledger_entries: Row[] };
const TABLES = ["appointments", "payments", "ledger_entries"] as const;

async function readTables(where: "source" | "restored"): Promise<Tables> {
  if (getDialect() === "sqlite") {
    const file = where === "source" ? sqliteFile : path.join(work, "restored", "glow.sqlite");
    const db = new SqliteDatabase(file, { readonly: true });
    try {
      return Object.fromEntries(TABLES.map((t) => [t, db.prepare(`select * from ${t} order by id`).all() as Row[]])) as Tables;
    } finally {
      db.close();
    }
  }
  const schema = process.env.DATABASE_SCHEMA!;
  const client = new pg.Client({ connectionString: where === "source" ? pgUrl : restoreUrl, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const read = async (t: string) => (await client.query<Row>(`select * from ${t} order by id`)).rows;
    return { appointments: await read("appointments"), payments: await read("payments"), ledger_entries: await read("ledger_entries") };
  } finally {
    await client.end();
  }
}

const byId = (rows: Row[]) => new Map(rows.map((r) => [Number(r.id), r]));

function ledgerTotals(entries: Row[]) {
  const totals: Record<string, number> = {};
  for (const e of entries) {
    const key = `${String(e.vendor_id)}/${String(e.account)}`;
    totals[key] = (totals[key] ?? 0) + Number(e.amount_kobo);
  }
  return totals;
}

async function withAdmin(run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await getDb();
  if (getDialect() === "postgres")
    await withAdmin((c) => c.query(`drop database if exists ${restoreDbName}`).then(() => c.query(`create database ${restoreDbName}`)));
});

afterAll(async () => {
  if (getDialect() === "postgres") await withAdmin((c) => c.query(`drop database if exists ${restoreDbName} with (force)`));
  fs.rmSync(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  test("a backup taken during bookings and payments restores every committed one, whole, with equal ledger totals", { timeout: 120_000 }, async () => {
    const dataDir = getDialect() === "sqlite" ? path.dirname(sqliteFile) : path.join(work, "live-cwd", "data");
    const uploads = path.join(dataDir, "uploads");
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, "kept-photo.webp"), "a stored photo");
    fs.writeFileSync(path.join(uploads, "half-written.webp.part"), "an upload under way");
    const liveCwd = getDialect() === "sqlite" ? work : path.join(work, "live-cwd");
    const liveEnv = getDialect() === "sqlite" ? { DATABASE_URL: `file:${sqliteFile}` } : { DATABASE_URL: pgUrl };

    // Four people at once book and pay, order after order, until the backup has finished and two more rounds ran.
    const paidBeforeBackup: number[] = [];
    let backupStarted = false;
    let stop = false;
    let orders = 0;
    // Each order takes a fresh open day of the demo vendor, who takes bookings 90 days ahead: at most 48 orders.
    const MAX_ORDERS = 48;
    const lane = async (n: number) => {
      while (!stop && orders < MAX_ORDERS) {
        orders += 1;
        const order = await heldOrder(`Lane${n}`, 10 + 2 * (orders % 3));
        await payOnline(order);
        if (!backupStarted) paidBeforeBackup.push(order.id);
        // The writes above are synchronous on SQLite: a pause lets the timers below (and the child's output) run.
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const lanes = [1, 2, 3, 4].map(lane);
    while (paidBeforeBackup.length < 4) await new Promise((r) => setTimeout(r, 20));

    backupStarted = true;
    const backup = await npmScript("backup", ["--to", path.join(work, "backups")], liveEnv, liveCwd);
    const ordersAfterBackup = orders;
    while (orders < ordersAfterBackup + 4 && orders < MAX_ORDERS) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(lanes);
    expect(paidBeforeBackup.length).toBeLessThan(orders);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/backup written to .*glow-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ \((sqlite|postgres), 1 upload of 14 bytes/);
    const [folder] = fs.readdirSync(path.join(work, "backups"));
    expect(folder).toMatch(/^glow-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);

    // Restore into a fresh database (a new file, or a new PostgreSQL database) with the app stopped.
    const restoredCwd = path.join(work, "restored-cwd");
    fs.mkdirSync(restoredCwd, { recursive: true });
    const restoredEnv = getDialect() === "sqlite" ? { DATABASE_URL: `file:${path.join(work, "restored", "glow.sqlite")}` } : { DATABASE_URL: restoreUrl };
    const restored = await npmScript("restore", [path.join(work, "backups", folder!)], restoredEnv, restoredCwd);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/restored the backup of .* \((sqlite|postgres), 1 upload copied\)/);
    const restoredUploads = getDialect() === "sqlite" ? path.join(work, "restored", "uploads") : path.join(restoredCwd, "data", "uploads");
    expect(fs.readdirSync(restoredUploads)).toEqual(["kept-photo.webp"]);

    const source = await readTables("source");
    const copy = await readTables("restored");
    const sourceById = Object.fromEntries(TABLES.map((t) => [t, byId(source[t])])) as Record<(typeof TABLES)[number], Map<number, Row>>;
    // Every order paid before the backup began is there, with its payments and its ledger entries, as in the source.
    const ofPaid = (rows: Row[]) => rows.filter((r) => paidBeforeBackup.includes(Number(r.appointment_id)));
    expect(copy.appointments.filter((a) => paidBeforeBackup.includes(Number(a.id)))).toEqual(
      source.appointments.filter((a) => paidBeforeBackup.includes(Number(a.id))),
    );
    expect(ofPaid(copy.payments)).toEqual(ofPaid(source.payments));
    expect(ofPaid(copy.ledger_entries)).toEqual(ofPaid(source.ledger_entries));
    expect(ofPaid(copy.ledger_entries).length).toBeGreaterThanOrEqual(paidBeforeBackup.length);
    // Nothing in the copy that the source never held; ledger entries are never changed, so each is as in the source.
    for (const table of TABLES) for (const row of copy[table]) expect(sourceById[table].has(Number(row.id)), `${table} ${String(row.id)}`).toBe(true);
    for (const entry of copy.ledger_entries) expect(entry).toEqual(sourceById.ledger_entries.get(Number(entry.id)));
    // No half transaction: an appointment whose state the copy holds as the source does has the same succeeded payments
    // and ledger entries there; one paid after the backup began has neither in the copy.
    const paidOf = (t: Tables, id: unknown) => t.payments.filter((p) => p.appointment_id === id && p.status === "succeeded");
    const entriesOf = (t: Tables, id: unknown) => t.ledger_entries.filter((e) => e.appointment_id === id);
    for (const a of copy.appointments) {
      if (a.status === sourceById.appointments.get(Number(a.id))?.status) {
        expect(paidOf(copy, a.id), `appointment ${String(a.id)}`).toEqual(paidOf(source, a.id));
        expect(entriesOf(copy, a.id), `appointment ${String(a.id)}`).toEqual(entriesOf(source, a.id));
      } else {
        expect([...paidOf(copy, a.id), ...entriesOf(copy, a.id)], `appointment ${String(a.id)} was paid after the backup began`).toEqual([]);
      }
    }
    // The ledger's totals: the copy's equal the source's over the same entries; the load went on writing after it.
    const copiedEntryIds = new Set(copy.ledger_entries.map((e) => Number(e.id)));
    expect(ledgerTotals(copy.ledger_entries)).toEqual(ledgerTotals(source.ledger_entries.filter((e) => copiedEntryIds.has(Number(e.id)))));
    expect(source.ledger_entries.length).toBeGreaterThan(copy.ledger_entries.length);

    // A second restore onto the restored database is refused; with --force it replaces it with the same data.
    const again = await npmScript("restore", [path.join(work, "backups", folder!)], restoredEnv, restoredCwd);
    expect(again.code).toBe(1);
    expect(again.out).toContain("already holds data; restoring would overwrite it. Stop the app, and run the restore again with --force to replace it.");
    const forced = await npmScript("restore", [path.join(work, "backups", folder!), "--force"], restoredEnv, restoredCwd);
    expect(forced.code, forced.out).toBe(0);
    expect(await readTables("restored")).toEqual(copy);
  });

  test("restore refuses a folder that is not a backup, and a backup of the other kind of database", async () => {
    const notBackup = await npmScript("restore", [work], { DATABASE_URL: "file:/nonexistent/glow.sqlite" }, work);
    expect(notBackup.code).toBe(1);
    expect(notBackup.out.trim()).toBe(`${work} is not a backup: it has no manifest.json`);
    const other = fs.mkdtempSync(path.join(work, "other-"));
    fs.writeFileSync(path.join(other, "manifest.json"), JSON.stringify({ format: 1, dialect: "postgres", schema: null, database: "glow.pgdump", uploads: {} }));
    const wrongKind = await npmScript("restore", [other], { DATABASE_URL: `file:${path.join(work, "nowhere", "glow.sqlite")}` }, work);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.out.trim()).toBe("this backup is of a postgres database, and DATABASE_URL names a sqlite one");
  });
});
