import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, EntryContext, HandleDocumentRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/utils/nonce";
import { loadEnvOrExit } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { securityHeaders } from "~/utils/headers.server";
import { getDb } from "~/db/db.server";
import { installShutdownHandlers } from "~/utils/shutdown.server";

// Runs once when remix-serve loads the build: a bad setting stops start-up here with one clear line,
// and the database is opened, migrated and seeded before the first request needs it.
loadEnvOrExit();
void getDb().catch(() => process.exit(1));
installShutdownHandlers();

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

const handleRequest: HandleDocumentRequestFunction = (request, responseStatusCode, responseHeaders, remixContext) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  const started = performance.now();
  const bot = isbot(request.headers.get("user-agent") ?? "");
  // Bots and no-JS browsers get the whole document at once; browsers get the shell as soon as it is ready.
  const readyEvent = bot ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          for (const [name, value] of Object.entries(securityHeaders(nonce))) responseHeaders.set(name, value);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
          logRequest(request, responseStatusCode, started);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already streamed to the error boundary; only log them.
          if (shellRendered) log.error("render error", { error: error instanceof Error ? error : String(error) });
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
};

export default handleRequest;

export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  for (const [name, value] of Object.entries(securityHeaders())) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  logRequest(request, response.status);
  return response;
}

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // Aborted requests (the visitor navigated away) are not errors of ours.
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  log.error("request failed", {
    method: request.method,
    path: url.pathname,
    error: error instanceof Error ? error : String(error),
  });
}

function logRequest(request: Request, status: number, started?: number) {
  const url = new URL(request.url);
  log.info("request", {
    method: request.method,
    path: url.pathname,
    status,
    ...(started === undefined ? {} : { renderMs: Math.round(performance.now() - started) }),
  });
}

// Used by remix: keep the type import alive for EntryContext consumers.
export type { EntryContext };
