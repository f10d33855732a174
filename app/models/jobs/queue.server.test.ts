import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { JOB_LEASE, JOB_RETRY_BASE, MINUTE } from "./durations";
import { claimDueJobs, ensureSweeps, findJob, runDueWork, runJobNow, scheduleJob, type DueWork, type JobDefinition } from "./queue.server";

// The claim, lease and retry rules of due work, on whichever database the run uses (SQLite by default,
// PostgreSQL with `npm run test:pg`).

const T0 = new Date("2026-11-24T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A transactional job whose database effect is one outbox row per run (so "ran twice" would show as two rows). */
function recording(kind: string, options: { failTimes?: number; maxAttempts?: number } = {}): JobDefinition<{ n: number }> {
  let failures = 0;
  return {
    maxAttempts: options.maxAttempts,
    async run({ db, payload, job }) {
      await db
        .insertInto("outbox")
        .values({ to_address: `${kind}@jobs.test`, subject: `${job.key}:${payload.n}`, text: "", created_at: T0.toISOString(), sent_at: null })
        .execute();
      if (failures < (options.failTimes ?? 0)) {
        failures++;
        throw new Error(`failure ${failures}`);
      }
    },
  };
}

async function effects(kind: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.selectFrom("outbox").select("subject").where("to_address", "=", `${kind}@jobs.test`).orderBy("id").execute();
  return rows.map((r) => r.subject);
}

let kindCounter = 0;
let kind: string;
beforeEach(() => {
  kind = `test.kind${++kindCounter}`;
});
// Each test starts with no due work left by another (a claim left to expire would otherwise be taken by the next).
afterEach(async () => {
  await (await getDb()).deleteFrom("jobs").execute();
});

describe("scheduling", () => {
  test("the same kind and key twice leaves one job; the first schedule wins", async () => {
    const db = await getDb();
    expect(await scheduleJob(db, { kind, key: "a", runAt: T0, payload: { n: 1 } }, T0)).toBe(true);
    expect(await scheduleJob(db, { kind, key: "a", runAt: at(MINUTE), payload: { n: 2 } }, T0)).toBe(false);
    const rows = await db.selectFrom("jobs").selectAll().where("kind", "=", kind).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: "a", run_at: T0.toISOString(), payload: JSON.stringify({ n: 1 }), attempts: 0, done_at: null });
  });

  test("a job scheduled in a transaction that rolls back does not exist", async () => {
    const db = await getDb();
    await expect(
      db.transaction().execute(async (tx) => {
        await scheduleJob(tx, { kind, key: "rolled-back", runAt: T0 }, T0);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await findJob(kind, "rolled-back")).toBeUndefined();
  });
});

describe("running", () => {
  test("a job runs once when due, not before, and never again", async () => {
    const db = await getDb();
    const work: DueWork = { jobs: { [kind]: recording(kind) }, sweeps: {} };
    await scheduleJob(db, { kind, key: "later", runAt: at(10 * MINUTE), payload: { n: 1 } }, T0);
    await runDueWork(work, { now: at(9 * MINUTE) });
    expect(await effects(kind)).toEqual([]);
    await runDueWork(work, { now: at(10 * MINUTE) });
    await runDueWork(work, { now: at(11 * MINUTE) });
    expect(await effects(kind)).toEqual(["later:1"]);
    expect(await findJob(kind, "later")).toMatchObject({ attempts: 1, done_at: at(10 * MINUTE).toISOString(), locked_by: null, last_error: null });
  });

  test("a failed job's database effects are rolled back and it is retried with growing back-off", async () => {
    const db = await getDb();
    const work: DueWork = { jobs: { [kind]: recording(kind, { failTimes: 2 }) }, sweeps: {} };
    await scheduleJob(db, { kind, key: "flaky", runAt: T0, payload: { n: 7 } }, T0);

    await runDueWork(work, { now: T0 });
    expect(await effects(kind)).toEqual([]);
    expect(await findJob(kind, "flaky")).toMatchObject({
      attempts: 1,
      last_error: "failure 1",
      run_at: at(JOB_RETRY_BASE).toISOString(),
      done_at: null,
      locked_by: null,
    });

    await runDueWork(work, { now: at(JOB_RETRY_BASE - 1) }); // not yet
    expect((await findJob(kind, "flaky"))!.attempts).toBe(1);
    await runDueWork(work, { now: at(JOB_RETRY_BASE) });
    // The second failure waits twice as long.
    expect(await findJob(kind, "flaky")).toMatchObject({ attempts: 2, last_error: "failure 2", run_at: at(3 * JOB_RETRY_BASE).toISOString() });

    await runDueWork(work, { now: at(3 * JOB_RETRY_BASE) });
    expect(await effects(kind)).toEqual(["flaky:7"]);
    expect(await findJob(kind, "flaky")).toMatchObject({ attempts: 3, last_error: null, done_at: at(3 * JOB_RETRY_BASE).toISOString() });
  });

  test("a job that keeps failing stops after its attempts and keeps its last error", async () => {
    const db = await getDb();
    const work: DueWork = { jobs: { [kind]: recording(kind, { failTimes: 99, maxAttempts: 2 }) }, sweeps: {} };
    await scheduleJob(db, { kind, key: "doomed", runAt: T0 }, T0);
    await runDueWork(work, { now: T0 });
    await runDueWork(work, { now: at(JOB_RETRY_BASE) });
    const row = await findJob(kind, "doomed");
    expect(row).toMatchObject({ attempts: 2, last_error: "failure 2", failed_at: at(JOB_RETRY_BASE).toISOString(), done_at: null });
    await runDueWork(work, { now: at(100 * MINUTE) });
    expect((await findJob(kind, "doomed"))!.attempts).toBe(2);
  });

  test("a job of a kind this process has no handler for is put back, not lost", async () => {
    const db = await getDb();
    await scheduleJob(db, { kind, key: "unknown", runAt: T0 }, T0);
    await runDueWork({ jobs: {}, sweeps: {} }, { now: T0 });
    expect(await findJob(kind, "unknown")).toMatchObject({ done_at: null, failed_at: null, attempts: 1, run_at: at(JOB_RETRY_BASE).toISOString() });
    await runDueWork({ jobs: { [kind]: recording(kind) }, sweeps: {} }, { now: at(JOB_RETRY_BASE) });
    expect((await findJob(kind, "unknown"))!.done_at).not.toBeNull();
  });

  test("runJobNow runs a due, free job once and leaves a job that someone holds alone", async () => {
    const db = await getDb();
    await scheduleJob(db, { kind, key: "now", runAt: T0, payload: { n: 1 } }, T0);
    await scheduleJob(db, { kind, key: "held", runAt: T0, payload: { n: 2 } }, T0);
    await db
      .updateTable("jobs")
      .set({ locked_by: "someone-else", locked_until: at(JOB_LEASE).toISOString() })
      .where("kind", "=", kind)
      .where("key", "=", "held")
      .execute();
    expect(await runJobNow(kind, "now", recording(kind), T0)).toBe(true);
    expect(await runJobNow(kind, "now", recording(kind), T0)).toBe(false);
    expect(await runJobNow(kind, "held", recording(kind), T0)).toBe(false);
    expect(await effects(kind)).toEqual(["now:1"]);
  });
});

describe("claims and leases", () => {
  test("a claim whose runner died is taken again after its lease, and the job is done once", async () => {
    const db = await getDb();
    const work: DueWork = { jobs: { [kind]: recording(kind) }, sweeps: {} };
    await scheduleJob(db, { kind, key: "orphan", runAt: T0, payload: { n: 1 } }, T0);
    const [claimed] = await claimDueJobs(db, 10, { now: T0, runner: "dead-process" });
    expect(claimed).toMatchObject({ key: "orphan", locked_by: "dead-process", attempts: 1 });

    await runDueWork(work, { now: at(JOB_LEASE - 1), runner: "survivor" });
    expect(await effects(kind)).toEqual([]);
    await runDueWork(work, { now: at(JOB_LEASE), runner: "survivor" });
    await runDueWork(work, { now: at(JOB_LEASE + MINUTE), runner: "survivor" });
    expect(await effects(kind)).toEqual(["orphan:1"]);
    expect(await findJob(kind, "orphan")).toMatchObject({ attempts: 2, done_at: at(JOB_LEASE).toISOString(), locked_by: null });
  });

  test("racing claimers never get the same job", async () => {
    const db = await getDb();
    for (let n = 0; n < 40; n++) await scheduleJob(db, { kind, key: `race-${n}`, runAt: T0, payload: { n } }, T0);
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimDueJobs(db, 7, { now: T0, runner: `claimer-${i}` })));
    const ids = claims
      .flat()
      .filter((row) => row.kind === kind)
      .map((row) => row.key);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(40);
    for (const [i, rows] of claims.entries()) for (const row of rows) expect(row.locked_by).toBe(`claimer-${i}`);
  });

  test("racing runners run every job exactly once", async () => {
    const db = await getDb();
    const work: DueWork = { jobs: { [kind]: recording(kind) }, sweeps: {} };
    for (let n = 0; n < 30; n++) await scheduleJob(db, { kind, key: `run-${n}`, runAt: T0, payload: { n } }, T0);
    await Promise.all(Array.from({ length: 4 }, (_, i) => runDueWork(work, { now: T0, runner: `runner-${i}`, limit: 5 })));
    await Promise.all(Array.from({ length: 4 }, (_, i) => runDueWork(work, { now: T0, runner: `runner-${i}`, limit: 50 })));
    const done = await effects(kind);
    expect(done).toHaveLength(30);
    expect(new Set(done).size).toBe(30);
  });
});

describe("sweeps", () => {
  test("a sweep runs once per interval, however many runners look", async () => {
    const db = await getDb();
    const runs: string[] = [];
    const name = `${kind}-sweep`;
    const work: DueWork = { jobs: {}, sweeps: { [name]: { every: MINUTE, run: async ({ now }) => void runs.push(now.toISOString()) } } };
    await ensureSweeps(db, work, T0);
    await ensureSweeps(db, work, T0);
    await Promise.all([runDueWork(work, { now: T0, runner: "a" }), runDueWork(work, { now: T0, runner: "b" })]);
    await runDueWork(work, { now: at(30_000) });
    await runDueWork(work, { now: at(MINUTE) });
    expect(runs).toEqual([T0.toISOString(), at(MINUTE).toISOString()]);
    expect(await db.selectFrom("jobs").select("id").where("kind", "=", "sweep").where("key", "=", name).execute()).toHaveLength(1);
  });

  test("a failing sweep is retried, and never given up", async () => {
    const db = await getDb();
    let calls = 0;
    const name = `${kind}-failing`;
    const work: DueWork = {
      jobs: {},
      sweeps: {
        [name]: {
          every: 10 * MINUTE,
          run: async () => {
            calls++;
            if (calls <= 12) throw new Error("database away");
          },
        },
      },
    };
    await ensureSweeps(db, work, T0);
    let now = T0;
    for (let i = 0; i < 13; i++) {
      await runDueWork(work, { now });
      now = new Date(now.getTime() + 10 * MINUTE);
    }
    expect(calls).toBe(13);
    expect(await findJob("sweep", name)).toMatchObject({ failed_at: null, last_error: null, attempts: 0 });
  });
});
