import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { JOB_POLL_INTERVAL, MINUTE } from "~/models/jobs/durations";
import { dueWork } from "./work-list.server";
import { ensureSweeps, runDueWork, runnerId, type DueWork } from "~/models/jobs/queue.server";

// The loop that runs due work in this process: inside every app server by default (BACKGROUND_WORK=inline), or
// in `npm run worker` processes (scripts/worker.mjs) with BACKGROUND_WORK=off on the app servers. Several loops
// on one database share the work through the claim in models/jobs/queue.server.ts.

const BATCH = 20;

export interface Runner {
  /** Finishes the job in hand, takes no more, and resolves when the loop has ended. */
  stop(): Promise<void>;
}

const state = globalThis as unknown as { __glowRunner?: Runner };

export function startBackgroundWork(options: { work?: DueWork; pollInterval?: number } = {}): Runner {
  if (state.__glowRunner) return state.__glowRunner;
  const work = options.work ?? dueWork;
  const pollInterval = options.pollInterval ?? JOB_POLL_INTERVAL;
  const runner = runnerId();
  let stopping = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const nap = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, pollInterval);
    });

  let sweepsEnsuredAt = 0;
  const loop = (async () => {
    log.info("background work started", { runner });
    while (!stopping) {
      let ran = 0;
      try {
        // Now and then, not only at start: a sweep added by a newer version running beside us gets its row too.
        if (Date.now() - sweepsEnsuredAt > MINUTE) {
          await ensureSweeps(await getDb(), work);
          sweepsEnsuredAt = Date.now();
        }
        ran = await runDueWork(work, { runner, limit: BATCH });
      } catch (error) {
        // The database may be briefly unreachable (a restart, a failover): keep polling.
        log.error("background work poll failed", { error });
      }
      if (ran < BATCH && !stopping) await nap();
    }
    log.info("background work stopped", { runner });
  })();

  const handle: Runner = {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      wake?.();
      await loop;
      if (state.__glowRunner === handle) state.__glowRunner = undefined;
    },
  };
  state.__glowRunner = handle;
  return handle;
}

/** Called when the server build loads: runs due work here unless BACKGROUND_WORK=off. */
export function startBackgroundWorkIfInline(): void {
  if (getEnv().BACKGROUND_WORK !== "inline") return;
  const runner = startBackgroundWork();
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void runner.stop());
}
