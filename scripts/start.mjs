// `npm start` / `npm run serve`: serve the production build with our own express server (server/index.mjs);
// `npm run serve:plain` (`--plain`): with the stock remix-serve, for deployments that want it behind a proxy.
// remix-serve assumes NODE_ENV=production when it is unset, and production rightly refuses to start without
// SESSION_SECRET. When the operator has not chosen NODE_ENV this is a local run on a fresh machine, so we say so
// (GLOW_LOCAL): a random per-process secret and no Secure flag on http://localhost cookies.
// An operator deploying sets NODE_ENV=production and SESSION_SECRET, and gets the strict checks.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { defaultListenHost } from "../server/listen-host.mjs";
import { serverNodeFlags } from "../server/node-flags.mjs";

const require = createRequire(import.meta.url);
const env = { ...process.env };
if (!env.NODE_ENV) {
  env.NODE_ENV = "production";
  env.GLOW_LOCAL = "true";
}

// glibc gives each thread that allocates its own memory arena and rarely hands freed memory back: the image
// library's threads (sharp, decoding uploads) left the server ~120 MB larger after a burst of uploads, against ~60 MB
// with two arenas (tests/e2e/upload-memory.spec.ts; docs/decisions/035-streamed-uploads.md). The operator's value wins.
env.MALLOC_ARENA_MAX ??= "2";

// remix-serve (--plain) reads HOST too: the same default as our own server.
const host = defaultListenHost(env);
if (host) env.HOST = host;

const plain = process.argv.includes("--plain");
const server = plain ? require.resolve("@remix-run/serve/dist/cli.js") : "server/index.mjs";
const child = spawn(process.execPath, [...serverNodeFlags(env), server, "./build/index.js"], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
