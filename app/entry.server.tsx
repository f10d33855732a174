import crypto from "node:crypto";
import type { ActionFunctionArgs, EntryContext, HandleDocumentRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/utils/nonce";
import { loadEnvOrExit } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { securityHeaders } from "~/utils/headers.server";
import { openDatabase } from "~/models/system/health.server";
import { installShutdownHandlers } from "~/http/shutdown.server";
import { clientIp } from "~/utils/client-ip.server";
import { startBackgroundWorkIfInline } from "~/models/background/runner.server";
import { compress, pickEncoding, type Encoding } from "~/utils/compression.server";
import { compressed, keepRenderedPage, renderedPage, renderKey, type RenderedPage } from "~/utils/page-cache.server";
import { etagMatches, isPubliclyCacheable, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, weakEtag } from "~/utils/cache.server";
import { liteHtml } from "~/utils/lite-html.server";
import { pageNonce } from "~/utils/random.server";

// Runs once when remix-serve loads the build: a bad setting stops start-up here with one clear line,
// the database is opened, migrated and seeded before the first request needs it, and due work starts
// (unless BACKGROUND_WORK=off).
loadEnvOrExit();
void openDatabase().catch(() => process.exit(1));
installShutdownHandlers();
startBackgroundWorkIfInline();

// `npm run worker` (scripts/worker.mjs) loads this build and runs only the background work.
export { startBackgroundWork } from "~/models/background/runner.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

const handleRequest: HandleDocumentRequestFunction = (request, responseStatusCode, responseHeaders, remixContext) => {
  const started = performance.now();
  const cacheable = isPubliclyCacheable(request, responseStatusCode, responseHeaders, remixContext);
  // A shared page gets no nonce (the same bytes go to many visitors); its scripts are allowed by hash instead.
  const nonce = cacheable ? "" : pageNonce();
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!cacheable) for (const [name, value] of Object.entries(securityHeaders({ nonce }))) responseHeaders.set(name, value);
  responseHeaders.set("Cache-Control", cacheable ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  if (cacheable) responseHeaders.append("Vary", "Cookie");
  // The browser's data saver changes the page (app/http/lite.server.ts): caches keep the two forms apart.
  responseHeaders.append("Vary", "Save-Data");
  const lite = (remixContext.staticHandlerContext.loaderData.root as { lite?: boolean } | undefined)?.lite === true;

  const key = cacheable ? renderKey(request.url, remixContext.staticHandlerContext.loaderData) : "";
  const rendered = cacheable ? renderedPage(key) : undefined;
  if (rendered) {
    logRequest(request, responseStatusCode, started);
    return sharedPageResponse(request, rendered, responseHeaders, responseStatusCode);
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        onShellReady() {
          shellRendered = true;
        },
        // Every page is sent whole. No loader of ours defers data, so the whole document is ready moments after its
        // shell, and whole it is compressed in one pass: compressing React's stream of small chunks (remix-serve's
        // middleware) cost more CPU than rendering the page (signed-in Home: 8 ms uncompressed, 17 ms as brotli).
        // A shared page also needs its bytes whole for its ETag and its place in the page cache.
        onAllReady() {
          clearTimeout(abortLater);
          resolve(
            renderedBytes(pipe).then(async (whole) => {
              const bytes = lite ? Buffer.from(liteHtml(whole.toString("utf8")), "utf8") : whole;
              if (!cacheable) return personalPageResponse(request, bytes, responseHeaders, responseStatusCode);
              const page = await sharedPage(bytes);
              keepRenderedPage(key, page);
              return sharedPageResponse(request, page, responseHeaders, responseStatusCode);
            }),
          );
          logRequest(request, responseStatusCode, started);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are rendered by the error boundary; only log them.
          if (shellRendered) log.error("render error", { error: error instanceof Error ? error : String(error) });
        },
      },
    );
    // React starts rendering on the next turn (setImmediate), so this is set before onAllReady can clear it.
    const abortLater = setTimeout(abort, ABORT_DELAY);
  });
};

/**
 * The whole document React writes once every part is ready. React needs of its destination only `write`, `end`,
 * `on` and (on a fatal error) `destroy`, so the chunks are kept in an array and joined when it ends. A PassThrough
 * read back chunk by chunk cost more per page, and its "close" made React abort the finished render and end the
 * stream a second time: a Node error object, with its stack, on every page (docs/performance.md).
 */
function renderedBytes(pipe: (destination: NodeJS.WritableStream) => unknown): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let ended = false;
    const destination = {
      write(chunk: Uint8Array) {
        chunks.push(chunk);
        return true;
      },
      end() {
        if (ended) return;
        ended = true;
        resolve(Buffer.concat(chunks));
      },
      on() {
        return destination;
      },
      destroy(error?: unknown) {
        ended = true;
        reject(error);
      },
    };
    pipe(destination as unknown as NodeJS.WritableStream);
  });
}

/** A rendered shared page and what depends on its bytes: compressed forms, the inline scripts' hashes, the ETag. */
async function sharedPage(bytes: Buffer): Promise<RenderedPage> {
  const html = bytes.toString("utf8");
  const body = new Uint8Array(bytes);
  return { body, ...(await compressed(body)), etag: weakEtag(html), headers: securityHeaders({ hashes: inlineScriptHashes(html) }) };
}

/** A page of one person's, compressed per request as their browser asks. */
function personalPageResponse(request: Request, bytes: Buffer, headers: Headers, status: number): Promise<Response> {
  return encodedResponse(request, headers, status, (encoding) => (encoding ? compress(bytes, encoding, "once") : new Uint8Array(bytes)));
}

/** A shared page's response: 304 when the visitor's copy is current, else its kept bytes in the asked encoding. */
function sharedPageResponse(request: Request, page: RenderedPage, headers: Headers, status: number): Promise<Response> {
  for (const [name, value] of Object.entries(page.headers)) headers.set(name, value);
  headers.set("ETag", page.etag);
  if (etagMatches(request, page.etag)) {
    headers.append("Vary", "Accept-Encoding");
    return Promise.resolve(new Response(null, { status: 304, headers }));
  }
  return encodedResponse(request, headers, status, (encoding) => (encoding ? page[encoding] : page.body));
}

/**
 * A document in the encoding its visitor's browser asks for (remix-serve's compression middleware leaves an encoded
 * body alone), with `Vary: Accept-Encoding` for the caches in between.
 */
async function encodedResponse(
  request: Request,
  headers: Headers,
  status: number,
  bodyIn: (encoding: Encoding | null) => Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>,
): Promise<Response> {
  headers.append("Vary", "Accept-Encoding");
  const encoding = pickEncoding(request.headers.get("Accept-Encoding"));
  if (encoding) headers.set("Content-Encoding", encoding);
  const body = await bodyIn(encoding);
  const response = new Response(body, { status, headers });
  // Our server sends these bytes in one write (server/app.mjs, WHOLE_BODY) without reading the body's stream.
  (response as Response & { [WHOLE_BODY]?: Uint8Array })[WHOLE_BODY] = body;
  return response;
}

const WHOLE_BODY = Symbol.for("glow.wholeBody");

export default handleRequest;

/** SHA-256 (base64) of every inline <script> body, for a hash-based CSP. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([^<]*(?:<(?!\/script>)[^<]*)*)<\/script>/g)) {
    hashes.add(
      crypto
        .createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64"),
    );
  }
  return [...hashes];
}

export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  for (const [name, value] of Object.entries(securityHeaders())) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  logRequest(request, response.status);
  return response;
}

/** Express answers an error with `status` as that status; the stack is replaced so no runtime ever prints one. */
class CrossSiteRefusal extends Error {
  readonly status = 403;
  readonly expose = true;
  constructor() {
    super("Cross-site request refused.");
    this.name = "CrossSiteRefusal";
    this.stack = this.message;
  }
}

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // Aborted requests (the visitor navigated away) are not errors of ours.
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  // Remix refuses a POST to a page whose Origin differs from the Host before any action runs, and would answer an
  // empty 500. It is an attack (or a misconfigured proxy), not a fault of ours: we rethrow it as a 403 refusal,
  // which leaves Remix's handler and reaches Express's error handler under remix-serve (it answers with the
  // error's `status` and, in production, just the status text: "Forbidden").
  if (error instanceof Error && /does not match `origin` header|headers are not provided/.test(error.message)) {
    log.info("cross-site POST refused", { method: request.method, path: url.pathname, status: 403, origin: request.headers.get("Origin")?.slice(0, 200) });
    // Express answers an error only once the request's body has been read, but that body is a web stream now
    // that pauses the socket when nobody reads it: a refused POST with a body over ~100 KB hung until the
    // server's timeout. Reading it to nowhere lets the 403 go out.
    request.body?.pipeTo(new WritableStream()).catch(() => undefined);
    throw new CrossSiteRefusal();
  }
  // A client's fault is an answer, not a failure of ours: logged at info with its status, so that nobody can fill
  // the error log (or page whoever watches it) with bad requests. Remix's own refusals (405 for a method a route
  // does not take, 404 for no route), and a `?_data=` request, the old form of a data request, which Remix still
  // answers but reports as an Error each time.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info("request refused", { method: request.method, path: url.pathname, status: error.status });
    return;
  }
  if (error instanceof Error && /should not be making \?_data requests/.test(error.message)) {
    log.info("client mistake", { method: request.method, path: url.pathname, reason: "?_data request" });
    return;
  }
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
    client: clientIp(request),
    ...(started === undefined ? {} : { renderMs: Math.round(performance.now() - started) }),
  });
}

// Used by remix: keep the type import alive for EntryContext consumers.
export type { EntryContext };
