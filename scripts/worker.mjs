// `npm run worker`: runs the background work (app/models/background/work-list.server.ts) without serving HTTP, from the same
// production build and settings as the app. Start any number of them next to app servers that have
// BACKGROUND_WORK=off (or not: app servers and workers share the work safely). Stops gracefully on SIGTERM/SIGINT:
// the job in hand is finished, then the process exits.
// As `npm start` does, a run without NODE_ENV is a local production run (see scripts/start.mjs).
import { defaultListenHost } from "../server/listen-host.mjs";

if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = "production";
  process.env.GLOW_LOCAL = "true";
}
// The same start-up checks as the app servers beside it, which read where a server with these settings listens.
const host = defaultListenHost(process.env);
if (host) process.env.HOST = host;
// The build starts an inline loop when it loads unless told not to; this process starts its own below.
process.env.BACKGROUND_WORK = "off";

const build = await import("../build/index.js");
const runner = build.entry.module.startBackgroundWork();
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    void runner.stop().then(() => process.exit(0));
  });
}
