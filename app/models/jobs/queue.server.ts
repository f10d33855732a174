import crypto from "node:crypto";
import os from "node:os";
import { sql, type Kysely, type Selectable } from "kysely";
import { getDb, getDialect, type Executor } from "~/db/db.server";
import type { Database, JobsTable } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { JOB_LEASE, JOB_MAX_ATTEMPTS, JOB_RETRY_BASE, JOB_RETRY_MAX } from "./durations";

// Due work in the database: one-off jobs ("send this reminder at 9:00") and periodic sweeps ("every minute, look
// for requests past their deadline") are rows of one table, taken by one claim. Any number of processes (app
// servers, `npm run worker`) may run it against one database: a claim is a conditional UPDATE that marks the row
// as held until a lease ends (`FOR UPDATE SKIP LOCKED` on PostgreSQL so racing claimers pass each other by), and
// a row whose holder died is taken again once its lease has passed. Why not a queue library:
// docs/decisions/009-background-work.md.
//
// Exactly once: a job runs, by default, in one transaction with the update that marks it done, and that update
// only succeeds while the claim is still ours, so its database effects happen once or not at all. Work that talks
// to the outside world (SMTP, an SMS API) cannot sit in a transaction; such jobs say `transaction: false`, record
// their own success (e.g. the outbox row's sent_at) and are at least once across a crash between the provider's
// answer and that write; see docs/domain.md.

export type JobRow = Selectable<JobsTable>;

export interface JobContext<P> {
  /** The transaction the job runs in (or the plain handle for `transaction: false` jobs). */
  db: Executor;
  payload: P;
  /** The runner's clock when it claimed the job. */
  now: Date;
  job: Pick<JobRow, "id" | "kind" | "key" | "attempts">;
}

export interface JobDefinition<P = unknown> {
  run(ctx: JobContext<P>): Promise<void>;
  /**
   * true (default): `run` gets a transaction that also marks the job done (exactly once for database effects).
   * false: for work that calls another service; `run` must make a repeat harmless (check-and-record its own done).
   */
  transaction?: boolean;
  maxAttempts?: number;
}

export interface SweepDefinition {
  /** Milliseconds between runs (across every process together: one run per interval). */
  every: number;
  /** Must be safe to repeat: it runs outside any transaction and should change rows with conditional updates. */
  run(ctx: { db: Kysely<Database>; now: Date }): Promise<unknown>;
}

/** What runs: handlers of one-off jobs by kind, and named sweeps. See app/models/background/work-list.server.ts. */
export interface DueWork {
  jobs: Record<string, JobDefinition>;
  sweeps: Record<string, SweepDefinition>;
}

/** The kind of the rows that drive sweeps (their key is the sweep's name). */
const SWEEP_KIND = "sweep";

export interface NewJob<P> {
  kind: string;
  /** Scheduling the same kind + key again changes nothing (idempotent); the first schedule wins. */
  key: string;
  runAt: Date;
  payload?: P;
}

/**
 * Schedules a job, in the caller's transaction when given one (so the job exists exactly when the change that
 * asks for it does). Returns false when a job with this kind and key already existed.
 */
export async function scheduleJob<P>(db: Executor, job: NewJob<P>, now = new Date()): Promise<boolean> {
  const result = await db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      key: job.key,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: job.runAt.toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["kind", "key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** A runner's name in `locked_by`: which process holds a claim (useful when reading the table by hand, too). */
export function runnerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
}

export function retryDelay(attempts: number): number {
  return Math.min(JOB_RETRY_BASE * 2 ** Math.max(0, attempts - 1), JOB_RETRY_MAX);
}

/** The lease of a claim: BACKGROUND_WORK_LEASE_SECONDS when set, else JOB_LEASE. */
function leaseLength(): number {
  const seconds = getEnv().BACKGROUND_WORK_LEASE_SECONDS;
  return seconds === undefined ? JOB_LEASE : seconds * 1000;
}

interface ClaimOptions {
  now: Date;
  runner: string;
  lease?: number;
}

/** Claims up to `limit` due jobs for `runner` (one statement; concurrent claimers never get the same row). */
export async function claimDueJobs(db: Kysely<Database>, limit: number, { now, runner, lease = leaseLength() }: ClaimOptions): Promise<JobRow[]> {
  const at = now.toISOString();
  let due = db
    .selectFrom("jobs")
    .select("id")
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .where("run_at", "<=", at)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
    .orderBy("run_at")
    .orderBy("id")
    .limit(limit);
  // SQLite runs one writer at a time, so its single UPDATE is already atomic; PostgreSQL needs the row locks.
  if (getDialect() === "postgres") due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable("jobs")
    .set({ locked_by: runner, locked_until: new Date(now.getTime() + lease).toISOString(), attempts: sql<number>`attempts + 1` })
    .where("id", "in", due)
    .returningAll()
    .execute();
  return rows.sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : a.id - b.id));
}

/** Claims one particular job if it is due and free (used to run a job at once, e.g. deliver a fresh e-mail). */
async function claimJob(db: Kysely<Database>, kind: string, key: string, { now, runner, lease = leaseLength() }: ClaimOptions): Promise<JobRow | undefined> {
  const at = now.toISOString();
  return db
    .updateTable("jobs")
    .set({ locked_by: runner, locked_until: new Date(now.getTime() + lease).toISOString(), attempts: sql<number>`attempts + 1` })
    .where("kind", "=", kind)
    .where("key", "=", key)
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .where("run_at", "<=", at)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
    .returningAll()
    .executeTakeFirst();
}

class LeaseLost extends Error {
  constructor(job: JobRow) {
    super(`the claim on job ${job.id} (${job.kind} ${job.key}) ended before it finished`);
  }
}

/** Ends our claim with `changes`; throws LeaseLost (rolling back a job's transaction) if the claim is not ours now. */
async function release(db: Executor, job: JobRow, runner: string, changes: Partial<Record<keyof JobRow, unknown>>): Promise<void> {
  const result = await db
    .updateTable("jobs")
    .set({ locked_by: null, locked_until: null, ...(changes as object) })
    .where("id", "=", job.id)
    .where("locked_by", "=", runner)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new LeaseLost(job);
}

function parsePayload(job: JobRow): unknown {
  try {
    return JSON.parse(job.payload);
  } catch {
    return {};
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** Runs one claimed row: a sweep or a one-off job. Never throws; failures are recorded on the row. */
async function runClaimed(db: Kysely<Database>, work: DueWork, job: JobRow, runner: string, now: Date): Promise<void> {
  const started = performance.now();
  const sweep = job.kind === SWEEP_KIND ? work.sweeps[job.key] : undefined;
  const definition = job.kind === SWEEP_KIND ? undefined : work.jobs[job.kind];
  const maxAttempts = definition?.maxAttempts ?? JOB_MAX_ATTEMPTS;
  try {
    if (job.kind === SWEEP_KIND) {
      if (!sweep) {
        // A sweep this version no longer has: retire its row.
        await release(db, job, runner, { done_at: now.toISOString() });
        return;
      }
      await sweep.run({ db, now });
      await release(db, job, runner, { run_at: new Date(now.getTime() + sweep.every).toISOString(), attempts: 0, last_error: null });
      return;
    }
    if (!definition) throw new Error(`no handler for job kind "${job.kind}" in this process`);
    if (job.attempts > maxAttempts) throw new Error("gave up: its runs kept ending without an answer");
    const context = { payload: parsePayload(job), now, job: { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts } };
    if (definition.transaction === false) {
      await definition.run({ ...context, db });
      await release(db, job, runner, { done_at: now.toISOString(), last_error: null });
    } else {
      await db.transaction().execute(async (tx) => {
        await definition.run({ ...context, db: tx });
        await release(tx, job, runner, { done_at: now.toISOString(), last_error: null });
      });
    }
    log.info("job done", { kind: job.kind, key: job.key, attempt: job.attempts, ms: Math.round(performance.now() - started) });
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn("job claim lost", { kind: job.kind, key: job.key, error: error.message });
      return;
    }
    const message = errorText(error);
    const giveUp = !sweep && job.kind !== SWEEP_KIND && job.attempts >= maxAttempts;
    const retryIn = sweep ? Math.min(retryDelay(job.attempts), Math.max(sweep.every, JOB_RETRY_BASE)) : retryDelay(job.attempts);
    try {
      await release(
        db,
        job,
        runner,
        giveUp ? { failed_at: now.toISOString(), last_error: message } : { run_at: new Date(now.getTime() + retryIn).toISOString(), last_error: message },
      );
    } catch (releaseError) {
      log.warn("job claim lost", { kind: job.kind, key: job.key, error: errorText(releaseError) });
    }
    if (giveUp) log.error("job failed for good", { kind: job.kind, key: job.key, attempts: job.attempts, error: message });
    else log.warn("job failed, will retry", { kind: job.kind, key: job.key, attempt: job.attempts, retryInMs: retryIn, error: message });
  }
}

/** Makes sure every sweep has its row (the first run is due at once). Safe to call from every process. */
export async function ensureSweeps(db: Kysely<Database>, work: DueWork, now = new Date()): Promise<void> {
  for (const name of Object.keys(work.sweeps)) {
    await scheduleJob(db, { kind: SWEEP_KIND, key: name, runAt: now }, now);
  }
}

export interface RunOptions {
  now?: Date;
  runner?: string;
  limit?: number;
  lease?: number;
}

/** Claims and runs what is due now, once. Returns how many rows it ran (tests call this directly). */
export async function runDueWork(work: DueWork, options: RunOptions = {}): Promise<number> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const runner = options.runner ?? runnerId();
  const jobs = await claimDueJobs(db, options.limit ?? 20, { now, runner, lease: options.lease });
  for (const job of jobs) await runClaimed(db, work, job, runner, now);
  return jobs.length;
}

/**
 * Runs one job now if it is due and nobody holds it, with the given handler (a request that has just queued an
 * e-mail delivers it at once instead of waiting for the next poll). Returns whether it ran here.
 */
export async function runJobNow(kind: string, key: string, definition: JobDefinition, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const runner = runnerId();
  const job = await claimJob(db, kind, key, { now, runner });
  if (!job) return false;
  await runClaimed(db, { jobs: { [kind]: definition }, sweeps: {} }, job, runner, now);
  return true;
}

/** Reads one job (tests, and the multi-process check). */
export async function findJob(kind: string, key: string): Promise<JobRow | undefined> {
  const db = await getDb();
  return db.selectFrom("jobs").selectAll().where("kind", "=", kind).where("key", "=", key).executeTakeFirst();
}

/** Deletes one-off jobs that finished before `before` (failed ones stay for someone to read). */
export async function pruneFinishedJobs(before: Date): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("jobs").where("done_at", "is not", null).where("done_at", "<", before.toISOString()).where("kind", "!=", SWEEP_KIND).execute();
}
