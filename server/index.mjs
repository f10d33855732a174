// `npm run serve`: the production build behind our own express server (server/app.mjs).
// Settings: PORT (default 3000), HOST (default 127.0.0.1 when APP_URL is unset or loopback, else all interfaces),
// TRUST_PROXY (default 0), APP_URL.
import path from "node:path";
import url from "node:url";
import { installGlobals } from "@remix-run/node";
import { createApp, logLine, parseTrustProxy } from "./app.mjs";
import { defaultListenHost } from "./listen-host.mjs";

process.env.NODE_ENV = process.env.NODE_ENV || "production";
// Before the build loads: the app's start-up checks (app/utils/env.server.ts) read where the server listens.
const host = defaultListenHost(process.env);
if (host) process.env.HOST = host;

let trustProxy;
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
} catch (error) {
  console.error(`Invalid configuration: ${error.message}`);
  process.exit(1);
}

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });

// Read by the app (app/utils/client-ip.server.ts): under this server, the caller's address header is ours.
globalThis.__glowOwnServer = { trustProxy };

const app = createApp({ build, mode: process.env.NODE_ENV, trustProxy, appUrl: process.env.APP_URL });
const port = Number(process.env.PORT || 3000);
const onListen = () => logLine("info", "listening", { url: `http://localhost:${port}`, host: host ?? "all interfaces", trustProxy });
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);
// Slow clients may not hold a connection open for ever (Node's defaults, stated): headers within 60 s, the whole
// request within 5 minutes (a 55 MB upload on a slow phone connection).
server.headersTimeout = 60_000;
server.requestTimeout = 300_000;

// On SIGTERM/SIGINT: stop accepting connections and let the requests under way finish. The app (its own handlers)
// turns /healthz to 503, closes the database once the server has drained, and exits at its deadline.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    // A kept-alive connection becomes idle when its request is answered: close each one then (checked every
    // 100 ms), so the server is closed as soon as the last request under way is answered, not a keep-alive later.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    server.close((error) => {
      clearInterval(closeIdle);
      if (error) logLine("error", "server close failed", { error: error.message });
    });
    server.closeIdleConnections();
  });
}
