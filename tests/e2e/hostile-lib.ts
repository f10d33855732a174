import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { newSession } from "../../scripts/plant-session.mjs";

// The machinery of tests/e2e/hostile.spec.ts: a production server of its own on a fresh database, an exact
// snapshot of that database, and an HTTP client that sends whatever bytes it is given (fetch and node:http
// refuse to send many of the malformed requests an attacker sends).

// ---------------------------------------------------------------------------------------------------------------
// The database: SQLite (a fresh file) or PostgreSQL (a fresh schema)

export interface TestDb {
  all<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
  tables(): Promise<string[]>;
  /** Row count and content hash of one table, independent of row order. */
  tableHash(table: string, skip?: string[]): Promise<string>;
  /** A number that changes whenever another connection commits a write (null where the database has none). */
  dataVersion(): Promise<number | null>;
  close(): Promise<void>;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function openSqlite(file: string): TestDb {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  return {
    all: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as T[],
    run: async (sql, params = []) => void db.prepare(sql).run(...params),
    tables: async () => (db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]).map((r) => r.name),
    tableHash: async (table, skip = []) => {
      const columns = (db.pragma(`table_info(${quoteIdent(table)})`) as { name: string }[]).map((c) => c.name).filter((c) => !skip.includes(c));
      const rows: string[] = [];
      for (const row of db
        .prepare(`select ${columns.map(quoteIdent).join(", ")} from ${quoteIdent(table)}`)
        .raw()
        .iterate())
        rows.push(JSON.stringify(row));
      rows.sort();
      return `${rows.length}:${crypto.createHash("sha256").update(rows.join("\n")).digest("hex")}`;
    },
    // SQLite's own counter: it moves when any other connection (the app's) commits.
    dataVersion: async () => db.pragma("data_version", { simple: true }) as number,
    close: async () => void db.close(),
  };
}

export async function openPostgres(url: string, schema: string): Promise<TestDb> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    all: async <T>(sql: string, params: unknown[] = []) => (await client.query(numbered(sql), params)).rows as T[],
    run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
    tables: async () =>
      (await client.query<{ t: string }>("select table_name as t from information_schema.tables where table_schema = $1 order by 1", [schema])).rows.map(
        (r) => r.t,
      ),
    tableHash: async (table, skip = []) => {
      const { rows: cols } = await client.query<{ c: string }>(
        "select column_name as c from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position",
        [schema, table],
      );
      const columns = cols.map((r) => r.c).filter((c) => !skip.includes(c));
      const { rows } = await client.query<{ n: number; h: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from (select ${columns.map(quoteIdent).join(", ")} from ${quoteIdent(table)}) t`,
      );
      return `${rows[0]!.n}:${rows[0]!.h}`;
    },
    dataVersion: async () => null,
    close: async () => {
      await client.query(`drop schema if exists ${quoteIdent(schema)} cascade`).catch(() => undefined);
      await client.end();
    },
  };
}

/** Signs a user in the way the app does (scripts/plant-session.mjs): a sessions row and its cookie. */
export async function plantSession(db: TestDb, email: string): Promise<string> {
  const [user] = await db.all<{ id: number }>("select id from users where email = ?", [email]);
  if (!user) throw new Error(`no seeded user ${email}`);
  const { row, cookieValue: cookie } = newSession(Number(user.id));
  await db.run("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)", [row.id, row.user_id, row.expires_at, row.created_at]);
  return `glow_session=${cookie}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Snapshots

/**
 * Tables left out of the comparison, each because it legitimately changes when input is refused:
 * - rate_limits counts attempts at sign-in, sign-up, forgot and reset, refused ones included: counting a bad
 *   attempt is how a limit stops someone guessing (app/models/system/rate-limit.server.ts). Its old windows are purged
 *   on the way, too.
 * Nothing else is excluded: sessions are never touched on use (app/models/accounts/sessions.server.ts), and every other
 * table must stay exactly as it was.
 */
export const EXCLUDED_TABLES = new Set(["rate_limits"]);

/**
 * Columns left out, each because showing a page legitimately sets it, refused input or not:
 * - conversations.customer_read_at / vendor_read_at: a conversation's page records that its reader has seen it
 *   (app/models/messaging/conversations.server.ts). A refused message shows the conversation again, which the person then sees.
 */
export const EXCLUDED_COLUMNS: Record<string, string[]> = { conversations: ["customer_read_at", "vendor_read_at"] };

/**
 * The seed's bulk read-only tables (tens of thousands of rows): no app code writes them (only app/db/seed.server.ts
 * does; `grep -rn '"reviews"\|"vendor_ratings"' app` finds only selects), and hashing them takes ~250 ms. Each
 * request compares their row count and largest id; their full content is compared at the end of each endpoint's
 * run (`full` snapshots).
 */
const BULK_READ_ONLY = new Set(["reviews", "vendor_ratings"]);

export type Snapshot = Record<string, string>;

export class Snapshots {
  private last: { version: number | null; snapshot: Snapshot } | null = null;

  constructor(
    private readonly db: TestDb,
    private readonly uploadsDir: string,
  ) {}

  /** Every table's content (bulk tables by count and last id unless `full`), plus the uploaded files on disk. */
  async take(full = false): Promise<Snapshot> {
    const version = await this.db.dataVersion();
    const files = listFiles(this.uploadsDir);
    // SQLite says when nothing was committed since the last snapshot: then its tables are as they were.
    if (!full && version !== null && this.last && this.last.version === version) return { ...this.last.snapshot, "files:uploads": files };
    const snapshot: Snapshot = {};
    for (const table of await this.db.tables()) {
      if (EXCLUDED_TABLES.has(table)) continue;
      if (BULK_READ_ONLY.has(table) && !full) {
        const [row] = await this.db.all<{ n: number; m: number }>(`select count(*) as n, max(id) as m from ${quoteIdent(table)}`);
        snapshot[table] = `${row!.n}:${row!.m}`;
      } else {
        snapshot[table] = await this.db.tableHash(table, EXCLUDED_COLUMNS[table]);
      }
    }
    if (!full) this.last = { version, snapshot };
    return { ...snapshot, "files:uploads": files };
  }
}

function listFiles(dir: string): string {
  if (!fs.existsSync(dir)) return "";
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => `${name}:${fs.statSync(path.join(dir, name)).size}`)
    .join(",");
}

/** The tables whose content differs, for a readable failure. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
}

// ---------------------------------------------------------------------------------------------------------------
// Raw HTTP

export interface RawRequest {
  method: string;
  /** Sent as is: the caller percent-encodes what must be. */
  path: string;
  headers: [string, string][];
  body?: Buffer;
  /** Send the body chunked, without Content-Length (so a server cannot size it up front). */
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Map<string, string[]>;
  body: string;
  ms: number;
}

export const header = (r: RawResponse, name: string) => r.headers.get(name.toLowerCase())?.[0] ?? null;

/**
 * One request on its own connection, with its bytes exactly as given (headers as latin1). Rejects when no
 * complete answer arrives within `timeoutMs`: a hung request is a failure like a 5xx.
 */
export function send(port: number, req: RawRequest, timeoutMs = 20_000): Promise<RawResponse> {
  const started = performance.now();
  const lines = [`${req.method} ${req.path} HTTP/1.1`, `Host: localhost:${port}`, "Connection: close"];
  // A header cannot carry CR or LF (they would end it): hostile header values lose them here.
  for (const [name, value] of req.headers) lines.push(`${name}: ${value.replace(/[\r\n]/g, "")}`);
  const body = req.body ?? Buffer.alloc(0);
  if (req.chunked) lines.push("Transfer-Encoding: chunked");
  else if (req.body !== undefined && !req.headers.some(([n]) => n.toLowerCase() === "content-length")) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");

  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    let bodySent = false;
    const finish = (error?: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks);
      const parsed = parseResponse(raw);
      if (parsed) return resolve({ ...parsed, ms: performance.now() - started });
      // A refused body is read to nowhere before the server closes, up to 1 MB (closeAfterUnreadBody in
      // server/app.mjs), so its answer arrives. Past that bound the server closes with bytes unread, and the reset
      // that follows can overtake the answer: status 0 says "refused unread". A reset for a smaller body is a failure.
      const resetUnread = (error?.code === "EPIPE" || error?.code === "ECONNRESET") && (body.length > 1024 * 1024 || !bodySent);
      if (resetUnread) return resolve({ status: 0, headers: new Map(), body: "", ms: performance.now() - started });
      reject(error ?? new Error(`no complete HTTP response (${raw.length} bytes received)`));
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms: the request hung`)), timeoutMs);
    socket.on("data", (c: Buffer) => {
      chunks.push(c);
      if (parseResponse(Buffer.concat(chunks), true)) finish();
    });
    socket.on("end", () => finish());
    socket.on("close", () => finish());
    socket.on("error", (error) => finish(error));
    socket.on("connect", async () => {
      const write = (data: Buffer | string) => new Promise<void>((done) => (socket.write(data) ? done() : socket.once("drain", done)));
      await write(head);
      // In pieces, and no more once an answer has begun (as a server that refuses early expects).
      for (let at = 0; at < body.length && chunks.length === 0 && !settled; at += 64 * 1024) {
        const part = body.subarray(at, at + 64 * 1024);
        await write(req.chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]) : part);
      }
      if (req.chunked && chunks.length === 0 && !settled) await write("0\r\n\r\n");
      bodySent = true;
    });
  });
}

/** The response in `raw`, or null while it is incomplete (`framedOnly`: only when its length says it is complete). */
function parseResponse(raw: Buffer, framedOnly = false): Omit<RawResponse, "ms"> | null {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...headerLines] = raw.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  if (!status) return null;
  const headers = new Map<string, string[]>();
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  let body = raw.subarray(end + 4);
  if ((headers.get("transfer-encoding")?.[0] ?? "").includes("chunked")) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf("\r\n", at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else {
    const length = Number(headers.get("content-length")?.[0] ?? NaN);
    if (Number.isFinite(length) && body.length < length) return null;
    if (framedOnly && !Number.isFinite(length) && status !== 204 && status !== 304) return null;
  }
  return { status, headers, body: body.toString("utf8") };
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding forms

/** A form field's value: text (sent as UTF-8), raw bytes, or a file part. */
export type Value = string | { bytes: Buffer } | { file: { name: string; type: string; content: Buffer } };

/** application/x-www-form-urlencoded bytes, every byte outside [A-Za-z0-9*-._] percent-encoded (lone surrogates as U+FFFD). */
export function percentEncode(value: Buffer | string): string {
  const bytes = typeof value === "string" ? Buffer.from(value, "utf8") : value;
  let out = "";
  for (const b of bytes) out += /[A-Za-z0-9*\-._]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

const bytesOf = (v: Value): Buffer => (typeof v === "string" ? Buffer.from(v, "utf8") : "bytes" in v ? v.bytes : v.file.content);

export function urlencoded(fields: [string, Value][]): Buffer {
  return Buffer.from(fields.map(([k, v]) => `${percentEncode(k)}=${percentEncode(bytesOf(v))}`).join("&"), "latin1");
}

export function multipart(fields: [string, Value][], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, v] of fields) {
    const file = typeof v === "object" && "file" in v ? v.file : null;
    const disposition = file
      ? `form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type || "application/octet-stream"}`
      : `form-data; name="${name}"`;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`, "utf8"), bytesOf(v), Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "glow-hostile-"));
}
