// Backup and restore of Glow's data: the database (SQLite or PostgreSQL) and the uploaded files.
// Used by scripts/backup.mjs and scripts/restore.mjs; how to run and schedule them: docs/operations.md#backups.
//
// - SQLite: `VACUUM INTO` copies the database as one read transaction sees it. In WAL mode (app/db/db.server.ts)
//   readers never block writers, so the app keeps serving while the copy is made, and the copy holds every
//   transaction committed before it started and nothing of one committed after.
// - PostgreSQL: `pg_dump -Fc` runs in one repeatable-read transaction: the same guarantee, in its custom format
//   (compressed, restored with `pg_restore`).
// - Uploads: keys are random and never reused (app/models/media/storage.server.ts), so files are copied after the
//   database: every file a backed-up row names was written before that row committed. With S3_BUCKET the bucket is
//   not copied (use the store's own versioning or replication); the backup lists its objects with their sizes so a
//   restore can tell what is missing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";

const DEFAULT_URL = "file:./data/glow.sqlite";
const MANIFEST = "manifest.json";
const SQLITE_FILE = "glow.sqlite";
const PG_FILE = "glow.pgdump";
const UPLOADS = "uploads";
const S3_LISTING = "uploads-s3.json";
/** The store's object names (storage.server.ts SAFE_KEY); a `.part` file is an upload under way, never copied. */
const UPLOAD_KEY = /^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{2,5}$/;

/** What the backup reads, from the same environment variables as the app (docs/operations.md#configuration). */
export function settingsFrom(env) {
  const url = env.DATABASE_URL || DEFAULT_URL;
  const dialect = url.startsWith("postgres") ? "postgres" : "sqlite";
  const schema = env.DATABASE_SCHEMA || undefined;
  const sqliteFile = dialect === "sqlite" ? path.resolve(url.slice("file:".length)) : undefined;
  // The same folder as uploadsDir() in app/models/media/storage.server.ts.
  const uploadsDir = sqliteFile ? path.join(path.dirname(sqliteFile), UPLOADS) : path.resolve("data", UPLOADS);
  const s3 = env.S3_BUCKET
    ? {
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION || "us-east-1",
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      }
    : undefined;
  if (sqliteFile === ":memory:" || url === "file::memory:") throw new Error("DATABASE_URL names an in-memory database: there is nothing to back up");
  return { url, dialect, schema, sqliteFile, uploadsDir, s3 };
}

/** A folder name that sorts by time and is safe on every file system: glow-2026-11-27T13-05-09Z. */
export function datedName(now = new Date()) {
  return `glow-${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z`;
}

/** Writes a backup into a new dated folder under `into`; returns the folder and its manifest. */
export async function backup(settings, into, now = new Date()) {
  const started = Date.now();
  const folder = path.resolve(into, datedName(now));
  // Written under a temporary name and renamed when complete: a folder with the final name is a whole backup.
  const partial = `${folder}.partial`;
  if (fs.existsSync(folder)) throw new Error(`${folder} already exists`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const manifest = { format: 1, takenAt: now.toISOString(), dialect: settings.dialect, schema: settings.schema ?? null, database: "", uploads: {} };
  if (settings.dialect === "sqlite") {
    if (!fs.existsSync(settings.sqliteFile)) throw new Error(`no database at ${settings.sqliteFile}`);
    const source = new SqliteDatabase(settings.sqliteFile, { fileMustExist: true });
    try {
      source.pragma("busy_timeout = 5000");
      source.prepare("VACUUM INTO ?").run(path.join(partial, SQLITE_FILE));
    } finally {
      source.close();
    }
    manifest.database = SQLITE_FILE;
  } else {
    const args = [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${path.join(partial, PG_FILE)}`,
      ...(settings.schema ? [`--schema=${settings.schema}`] : []),
    ];
    runTool("pg_dump", [...args, `--dbname=${settings.url}`]);
    manifest.database = PG_FILE;
  }
  manifest.uploads = settings.s3
    ? await listBucket(settings.s3, path.join(partial, S3_LISTING))
    : copyUploads(settings.uploadsDir, path.join(partial, UPLOADS));
  manifest.seconds = Math.round((Date.now() - started) / 100) / 10;
  fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(partial, folder);
  return { folder, manifest };
}

/** Copies the finished uploads (not `.part` files) from `from` to `to`; returns their count and bytes. */
function copyUploads(from, to) {
  fs.mkdirSync(to, { recursive: true });
  let files = 0;
  let bytes = 0;
  const names = fs.existsSync(from) ? fs.readdirSync(from) : [];
  for (const name of names) {
    if (!UPLOAD_KEY.test(name)) continue;
    const source = path.join(from, name);
    // A file deleted since the listing (the orphan sweep, a removed photo) is simply not in the backup.
    try {
      fs.copyFileSync(source, path.join(to, name));
    } catch (error) {
      if (error.code === "ENOENT") continue;
      throw error;
    }
    files += 1;
    bytes += fs.statSync(path.join(to, name)).size;
  }
  return { store: "folder", files, bytes };
}

/** Writes the bucket's objects (key, size, modified) to `file` through ListObjectsV2; returns their count and bytes. */
async function listBucket(s3, file) {
  const { AwsClient } = await import("aws4fetch");
  const client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: "s3" });
  const base = `${String(s3.endpoint).replace(/\/$/, "")}/${encodeURIComponent(s3.bucket)}`;
  const objects = [];
  let token;
  do {
    const query = new URLSearchParams({ "list-type": "2", ...(token ? { "continuation-token": token } : {}) });
    const response = await client.fetch(`${base}?${query}`);
    const xml = await response.text();
    if (!response.ok) throw new Error(`listing the bucket answered ${response.status}: ${xml.slice(0, 200)}`);
    for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const field = (name) => new RegExp(`<${name}>([^<]{1,200})</${name}>`).exec(m[1])?.[1];
      objects.push({ key: field("Key"), size: Number(field("Size")), modified: field("LastModified") });
    }
    token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]{1,1024})<\/NextContinuationToken>/.exec(xml)?.[1] : undefined;
  } while (token);
  fs.writeFileSync(file, `${JSON.stringify(objects, null, 1)}\n`);
  return { store: "s3", bucket: s3.bucket, files: objects.length, bytes: objects.reduce((sum, o) => sum + o.size, 0) };
}

/** A refusal the command prints as one line and exits 1 with (no stack: it is the operator's next step). */
export class Refusal extends Error {}

/** Puts the backup in `folder` back into the database and uploads folder that `settings` name. */
export async function restore(settings, folder, { force = false } = {}) {
  const started = Date.now();
  const manifestFile = path.join(folder, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Refusal(`${folder} is not a backup: it has no ${MANIFEST}`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  if (manifest.dialect !== settings.dialect) {
    throw new Refusal(`this backup is of a ${manifest.dialect} database, and DATABASE_URL names a ${settings.dialect} one`);
  }
  if (settings.dialect === "sqlite") restoreSqlite(settings, path.join(folder, manifest.database), force);
  else await restorePostgres(settings, manifest, path.join(folder, manifest.database), force);
  const uploads = manifest.uploads.store === "folder" ? restoreUploads(path.join(folder, UPLOADS), settings.uploadsDir) : 0;
  return { manifest, uploads, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

const notEmpty = (what) =>
  new Refusal(`${what} already holds data; restoring would overwrite it. Stop the app, and run the restore again with --force to replace it.`);

function restoreSqlite(settings, source, force) {
  const target = settings.sqliteFile;
  if (fs.existsSync(target) && fs.statSync(target).size > 0) {
    const existing = new SqliteDatabase(target, { readonly: true, fileMustExist: true });
    const tables = existing.prepare("select count(*) as n from sqlite_master where type = 'table'").get().n;
    existing.close();
    if (tables > 0 && !force) throw notEmpty(`The database ${target}`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Copied beside and renamed over: the target is never half written. The old write-ahead log and its index
  // belong to the old file and would be replayed into the new one.
  const partial = `${target}.restoring`;
  fs.copyFileSync(source, partial);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(partial, target);
}

async function restorePostgres(settings, manifest, dump, force) {
  const schema = settings.schema ?? "public";
  if ((manifest.schema ?? null) !== (settings.schema ?? null)) {
    throw new Refusal(`this backup is of schema ${manifest.schema ?? "public"}, and DATABASE_SCHEMA names ${schema}: set DATABASE_SCHEMA to match`);
  }
  const client = new pg.Client({ connectionString: settings.url });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from information_schema.tables where table_schema = $1", [schema]);
    if (rows[0].n > 0 && !force) throw notEmpty(`The database's schema ${schema}`);
    // A named schema is in the dump: an empty or replaced one is dropped so the dump recreates it. A whole-database
    // dump recreates public's tables but not public itself (every new database has it): a replaced public is emptied.
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    if (settings.schema) await client.query(`drop schema if exists ${quoted} cascade`);
    else if (rows[0].n > 0) await client.query("drop schema public cascade; create schema public");
  } finally {
    await client.end();
  }
  runTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${settings.url}`, dump]);
}

/** Copies the backed-up files into the uploads folder (keys are never reused: a file already there is the same). */
function restoreUploads(from, to) {
  if (!fs.existsSync(from)) return 0;
  fs.mkdirSync(to, { recursive: true });
  let files = 0;
  for (const name of fs.readdirSync(from)) {
    if (!UPLOAD_KEY.test(name)) continue;
    fs.copyFileSync(path.join(from, name), path.join(to, name));
    files += 1;
  }
  return files;
}

function runTool(tool, args) {
  try {
    execFileSync(tool, args, { stdio: ["ignore", "inherit", "pipe"] });
  } catch (error) {
    if (error.code === "ENOENT") throw new Refusal(`${tool} was not found: install PostgreSQL's client tools (the server's major version or later)`);
    throw new Refusal(
      `${tool} failed: ${String(error.stderr ?? error.message)
        .trim()
        .slice(0, 500)}`,
    );
  }
}
