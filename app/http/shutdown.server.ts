import { closeDatabase } from "~/models/system/health.server";
import { log } from "~/utils/log.server";

// remix-serve closes its HTTP server on SIGTERM/SIGINT and lets in-flight requests finish. We add:
// - /healthz turns 503 at once, so a load balancer stops sending new visitors here;
// - the database is closed once the server has drained (the event loop empties: 'beforeExit');
// - a deadline, in case a connection never finishes.
const DRAIN_DEADLINE_MS = 10_000;

const state = globalThis as unknown as { __glowShutdown?: { draining: boolean } };

export function isDraining(): boolean {
  return state.__glowShutdown?.draining ?? false;
}

export function installShutdownHandlers(): void {
  if (state.__glowShutdown) return;
  state.__glowShutdown = { draining: false };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      state.__glowShutdown!.draining = true;
      log.info("shutting down", { signal });
      setTimeout(() => {
        log.warn("shutdown deadline reached");
        process.exit(0);
      }, DRAIN_DEADLINE_MS).unref();
      process.once("beforeExit", () => {
        void closeDatabase().then(() => log.info("stopped"));
      });
    });
  }
}
