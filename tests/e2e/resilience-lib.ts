import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { hashPassword } from "../../app/utils/password.server";
import { newSession } from "../../scripts/plant-session.mjs";

// The resilience tests' own app servers and databases (tests/e2e/resilience.spec.ts): the production build on a
// fresh SQLite data folder or a fresh PostgreSQL schema, on its own loopback port, which a test can SIGKILL and
// start again on the same data. Also a small SQL handle that reads either database for the checks afterwards.

const ownServer = "server/index.mjs";

export const PG_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type Store = { kind: "sqlite"; label: string; dir: string; url: string } | { kind: "postgres"; label: string; url: string; schema: string };

/** A fresh SQLite data folder under data/resilience/. */
export function sqliteStore(name: string): Store {
  const dir = path.resolve("data/resilience", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return { kind: "sqlite", label: "SQLite", dir, url: `file:${path.join(dir, "glow.sqlite")}` };
}

/** A fresh, uniquely named schema on the local PostgreSQL, or null when no PostgreSQL answers. */
export async function postgresStore(): Promise<Store | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
  return { kind: "postgres", label: "PostgreSQL", url: PG_URL, schema: `r_${process.pid}_${crypto.randomBytes(4).toString("hex")}` };
}

/** Removes what a store left behind (the PostgreSQL schema; SQLite folders stay under data/ for a look). */
export async function dropStore(store: Store): Promise<void> {
  if (store.kind !== "postgres") return;
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${store.schema}" cascade`);
  } finally {
    await client.end();
  }
}

/**
 * The production build served by our own server itself (not through scripts/start.mjs, whose child would survive a
 * SIGKILL of the wrapper): NODE_ENV=production with GLOW_LOCAL, as `npm start` runs it on a fresh machine.
 */
export class AppServer {
  readonly base: string;
  private child: ChildProcess | null = null;
  /** warn and error lines of the server's log (stderr), for the report when something goes wrong. */
  readonly problems: string[] = [];

  constructor(
    readonly store: Store,
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [ownServer, "./build/index.js"], {
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        GLOW_LOCAL: "true",
        PORT: String(this.port),
        APP_URL: this.base,
        DATABASE_URL: this.store.url,
        DATABASE_SCHEMA: this.store.kind === "postgres" ? this.store.schema : "",
        // Fixed, so that toasts signed before a crash still read after the restart.
        SESSION_SECRET: "resilience-tests-session-secret-0123456789",
        LOG_LEVEL: "",
        // The real limits: every simulated person signs in from an address of their own, which the one proxy in
        // front of the app (the test's client) names in X-Forwarded-For.
        RATE_LIMIT_FACTOR: "1",
        TRUST_PROXY: "1",
        ...this.env,
      },
    });
    let partial = "";
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) if (line.trim() && this.problems.length < 200) this.problems.push(line.slice(0, 2000));
    });
    this.child = child;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    for (let i = 0; i < 300; i++) {
      const status = await fetch(`${this.base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return;
      const code = await Promise.race([exited, new Promise<undefined>((r) => setTimeout(r, 200))]);
      if (code !== undefined) throw new Error(`the app server exited (${code}) while starting:\n${this.problems.join("\n")}`);
    }
    this.kill();
    throw new Error(`the app server on ${this.base} did not become healthy in 60 s`);
  }

  /** The server's process id while it runs (its claims on background work carry it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Ends the server at once, as a crash or an OOM kill would: no draining, no closing of the database. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error("the app server was not running");
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await gone;
    this.child = null;
  }

  kill(): void {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
    this.child = null;
  }

  /** Graceful stop (SIGTERM), as an operator would; SIGKILL after 15 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await gone;
    clearTimeout(timer);
    this.child = null;
  }
}

/** Plain SQL over either database, with `?` placeholders; written once for both dialects. */
export interface SqlHandle {
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /**
   * Runs `read` in one read-only snapshot. A check that reads several tables one statement at a time would otherwise
   * see a transaction the server commits between two of them half done (an appointment still unpaid, its payment
   * already succeeded) and report a fault the database never held.
   */
  snapshot<T>(read: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function inTransaction<T>(all: SqlHandle["all"], begin: string, read: () => Promise<T>): Promise<T> {
  await all(begin);
  try {
    return await read();
  } finally {
    await all("commit");
  }
}

export async function openSql(store: Store): Promise<SqlHandle> {
  if (store.kind === "sqlite") {
    const db = new Database(store.url.slice("file:".length));
    db.pragma("busy_timeout = 10000");
    const all = async <T>(sql: string, ...params: unknown[]) => {
      const statement = db.prepare(sql);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
    };
    return {
      all,
      // In WAL mode a deferred transaction reads one snapshot from its first read to its end.
      snapshot: (read) => inTransaction(all, "begin deferred", read),
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({ connectionString: store.url, options: `-c search_path=${store.schema}` });
  await client.connect();
  const all = async <T>(sql: string, ...params: unknown[]) => {
    let n = 0;
    const result = await client.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return result.rows.map((row: Record<string, unknown>) => numbersOf(row)) as T[];
  };
  return {
    all,
    snapshot: (read) => inTransaction(all, "begin isolation level repeatable read read only", read),
    close: () => client.end(),
  };
}

/** PostgreSQL returns bigint counts and sums as strings; the checks compare numbers. */
function numbersOf(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = typeof value === "string" && /^-?\d+$/.test(value) && value.length < 16 ? Number(value) : value;
  return out;
}

/** Customers who sign in through /login: `count` accounts with one password. Returns their ids and e-mails. */
export async function createCustomers(sql: SqlHandle, prefix: string, count: number, password: string) {
  const hash = await hashPassword(password);
  const now = new Date().toISOString();
  const people: { id: number; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@example.com`;
    const [row] = await sql.all<{ id: number }>(
      "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values (?, ?, 'Load', ?, 'customer', ?, ?) returning id",
      email,
      hash,
      `Client${i}`,
      now,
      now,
    );
    people.push({ id: row!.id, email });
  }
  return people;
}

/** A Cookie header for a session of `userId`, planted the way the app makes one (scripts/plant-session.mjs). */
export async function plantSession(sql: SqlHandle, userId: number): Promise<string> {
  const { row, cookieValue } = newSession(userId);
  await sql.all("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)", row.id, row.user_id, row.expires_at, row.created_at);
  return `glow_session=${cookieValue}`;
}
