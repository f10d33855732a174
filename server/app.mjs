// The HTTP server in front of the Remix build: the parts remix-serve is made of (express, @remix-run/express,
// compression, static files with the same cache headers), plus what remix-serve could not give us:
// - the caller's address, from the socket, or from X-Forwarded-For only as far as TRUST_PROXY proxies are trusted;
// - refusals answered here, before Remix, for requests that are not ours to serve (unknown methods, a malformed
//   Host or request target, a POST from another origin, a body larger than any form or upload of ours).
// See docs/decisions/007-own-express-server.md.
import fs from "node:fs";
import compression from "compression";
import express from "express";
// The adapter's own request and response conversions (its index exports only the handler built from them).
import remixExpress from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixHandler } from "@remix-run/node";

/** The header the app reads the caller's address from; whatever a client sent under this name is dropped. */
export const CLIENT_ADDRESS_HEADER = "x-glow-client-address";

/** Methods the app answers. Anything else (TRACE, CONNECT, PROPFIND...) is refused with 405 before Remix. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Methods that change nothing, and so need no same-origin check. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** A host name or an IP literal, with an optional port: what a Host header may be. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)(?::\d{1,5})?$/;
/**
 * The largest body any route accepts (six 5 MB pictures and a 25 MB video, plus the multipart framing). Routes
 * hold their own, smaller limits while reading; this one refuses a declared larger body before it is read.
 */
export const BODY_MAX_BYTES = 6 * 5 * 1024 * 1024 + 25 * 1024 * 1024 + 1024 * 1024;
/** Server-to-server endpoints prove who calls them by signature, not by Origin. */
const NO_ORIGIN_CHECK = /^\/webhooks\//;

/**
 * TRUST_PROXY: how many proxies in front of us append to X-Forwarded-For (0: none, the socket's peer is the
 * client; 1: one nginx; 2: a load balancer and nginx). Anything that is not a whole number from 0 to 10 is refused.
 * @param {string | undefined} raw
 * @returns {number}
 */
export function parseTrustProxy(raw) {
  if (raw === undefined || raw.trim() === "") return 0;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error("TRUST_PROXY must be the number of proxies in front of the app (a whole number from 0 to 10)");
  }
  return hops;
}

/**
 * @param {{
 *   build: import("@remix-run/node").ServerBuild,
 *   mode?: string,
 *   trustProxy?: number,
 *   appUrl?: string,
 *   publicDir?: string,
 * }} options
 */
export function createApp({ build, mode = "production", trustProxy = 0, appUrl, publicDir = "public" }) {
  const appOrigin = appUrl ? new URL(appUrl).origin : undefined;
  const app = express();
  app.disable("x-powered-by");
  // Express's proxy-addr walks X-Forwarded-For from the right, trusting exactly `trustProxy` hops; req.ip is then
  // the address the outermost trusted proxy saw. With 0 it is the socket's peer and the header is ignored.
  app.set("trust proxy", trustProxy);
  // Express reads the query string with `qs` by default (nested objects); the app reads it itself.
  app.set("query parser", "simple");

  app.use(everyResponse({ hsts: appUrl?.startsWith("https:") ?? false }));
  app.use(closeAfterUnreadBody());
  app.use(refuseMalformed({ trustProxy }));
  app.use(refuseCrossOrigin({ appOrigin }));
  app.use(refuseOversizedBody());

  // remix-serve's compression middleware. It leaves a response that already has a Content-Encoding alone: our
  // documents arrive compressed from entry.server (compressed once, whole) and pass through untouched.
  app.use(compression());
  // remix-serve's cache headers: fingerprinted build assets for a year, other public files for an hour.
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  // Only a path under one of public/'s own entries (build, img, favicon.ico...) can be a public file: every other
  // request (every page) skips the static server, whose file-system lookup and "not found" error cost a page request
  // about a twentieth of its CPU (docs/performance.md). The entries are read once: a file added to public/ while the
  // server runs is served after a restart, as a new build's files are.
  const publicEntries = topEntries(publicDir);
  const servePublic = express.static(publicDir, { maxAge: "1h" });
  app.use((req, res, next) => (publicEntries.has(firstSegment(req.path)) ? servePublic(req, res, next) : next()));

  app.all("*", remixHandler(build, mode));

  // Express's last resort, for an error thrown past Remix (Remix answers its own). A client's fault keeps its
  // status and says so in one line; anything else is our fault: 500, logged, with no details sent.
  app.use(
    /** @type {import("express").ErrorRequestHandler} */
    (error, req, res, _next) => {
      const status = Number(error?.status ?? error?.statusCode);
      const clientFault = Number.isInteger(status) && status >= 400 && status < 500;
      logLine(clientFault ? "info" : "error", clientFault ? "request refused" : "request failed", {
        method: req.method,
        path: req.path,
        status: clientFault ? status : 500,
        ...(clientFault ? {} : { error: { name: error?.name, message: error?.message, stack: error?.stack } }),
      });
      if (res.headersSent) return void res.destroy();
      refuse(res, clientFault ? status : 500, clientFault ? statusText(status) : "Something went wrong on our side.");
    },
  );
  return app;
}

/**
 * A response whose whole body the app already holds as bytes: a document (app/entry.server.tsx). It is sent in one
 * write with its length, instead of being read back as a web stream in pieces and sent chunked.
 */
const WHOLE_BODY = Symbol.for("glow.wholeBody");
const { createRemixRequest, sendRemixResponse } = remixExpress;

/** @remix-run/express's handler, with a document's whole bytes sent as they are (WHOLE_BODY). */
function remixHandler(build, mode) {
  const handleRequest = createRemixHandler(build, mode);
  /** @type {import("express").RequestHandler} */
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      const response = await handleRequest(request, { clientAddress: req.get(CLIENT_ADDRESS_HEADER) ?? "unknown" });
      const whole = response[WHOLE_BODY];
      if (!whole) return await sendRemixResponse(res, response);
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      res.setHeader("Content-Length", whole.byteLength);
      res.end(whole);
    } catch (error) {
      next(error);
    }
  };
}

/** The names directly inside `dir` (none when it does not exist). */
function topEntries(dir) {
  try {
    return new Set(fs.readdirSync(dir));
  } catch {
    return new Set();
  }
}

/** The first segment of a request path, decoded as the static server decodes it ("" when it cannot be). */
function firstSegment(pathname) {
  const segment = pathname.split("/", 2)[1] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/**
 * Headers every response carries, whoever made it (a page, JSON, a calendar file, /healthz, a static file, a
 * refusal): nosniff, so no browser runs a response as another type than the one we said; and, when the site is
 * served over https, HSTS, so browsers never again ask for it over plain http. Set when the headers are written,
 * unless the response set its own.
 */
function everyResponse({ hsts }) {
  /** @type {import("express").RequestHandler} */
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      if (!res.hasHeader("X-Content-Type-Options")) res.setHeader("X-Content-Type-Options", "nosniff");
      if (hsts && !res.hasHeader("Strict-Transport-Security")) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      return writeHead.apply(this, args);
    };
    next();
  };
}

/** How much of a refused body we read to nowhere, so the client sees our answer, before cutting the connection. */
const DRAIN_MAX_BYTES = 1024 * 1024;
/** How long we wait for the rest of a refused body before closing anyway (a client that stalls mid-body). */
const DRAIN_MAX_MS = 10_000;

/**
 * A response sent before its request's body was read (a refusal, a 413 once a limit was passed) closes the
 * connection: the rest of the body is still on its way and the next request on that connection could not be read.
 * The answer goes out at once, but the close waits until the rest of the body has been read and dropped (up to a
 * bound in bytes and time). Closing with bytes unread makes the kernel reset the connection, and the reset can
 * overtake the answer: the client saw "connection reset" instead of the 413 (a "lingering" close, as HTTP/1.1
 * asks of servers). Node ends and destroys the socket when the response ends, so it is `end` that waits.
 */
function closeAfterUnreadBody() {
  /** @type {import("express").RequestHandler} */
  return (req, res, next) => {
    const { writeHead, end } = res;
    res.writeHead = function (...args) {
      if (!req.complete) res.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    };
    res.end = function (...args) {
      if (req.complete || req.destroyed) return end.apply(this, args);
      // The answer now: a client that reads while it sends (browsers do) has it without waiting for the drain.
      const callback = typeof args.at(-1) === "function" ? args.pop() : undefined;
      const [chunk, encoding] = args;
      if (chunk !== undefined && chunk !== null) {
        if (!res.headersSent && !res.hasHeader("Content-Length")) res.setHeader("Content-Length", Buffer.byteLength(chunk, encoding));
        res.write(chunk, encoding);
      } else if (!res.headersSent) {
        res.setHeader("Content-Length", "0");
        res.flushHeaders();
      }
      let ended = false;
      const finish = () => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        end.call(res, callback);
      };
      const timer = setTimeout(finish, DRAIN_MAX_MS);
      // The body's reader (Remix's web stream) is done with it: drop its listener, or the rest would pile up there.
      req.removeAllListeners("data");
      let drained = 0;
      req.on("data", (part) => {
        drained += part.length;
        if (drained > DRAIN_MAX_BYTES) finish();
      });
      req.once("end", finish);
      req.once("close", finish);
      req.resume();
      return this;
    };
    next();
  };
}

/** A request target's path, percent-decoded where it can be (as the router reads it), else as sent. */
function decodedPath(url) {
  const path = url.split("?")[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Unknown methods, a Host or request target no URL can be made of, and what only a trusted proxy may say. */
function refuseMalformed({ trustProxy }) {
  /** @type {import("express").RequestHandler} */
  return (req, res, next) => {
    if (!METHODS.has(req.method)) {
      res.setHeader("Allow", [...METHODS].join(", "));
      return refuse(res, 405, "Method not allowed.");
    }
    // A request target is a path (origin-form); an absolute URL or "*" here would become no URL or another site's.
    if (!req.url.startsWith("/") || req.url.startsWith("//")) return refuse(res, 400, "Bad request target.");
    // The router makes a URL of the decoded path, and URLs drop tabs and line breaks and read "\\" as "/": a path
    // such as "/%09/9999" would become "//9999", another host that is no URL, and its error ended the process.
    if (/^[/\\]{2}/.test(decodedPath(req.url).replace(/[\t\n\r]/g, ""))) return refuse(res, 400, "Bad request target.");
    // Forwarded hosts and protocols are a proxy's to say: without a trusted proxy, a client could name any site.
    if (trustProxy === 0) {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-proto"];
    }
    const host = req.headers["x-forwarded-host"] ?? req.headers.host;
    if (typeof host !== "string" || !HOST.test(host.split(",")[0].trim())) return refuse(res, 400, "Bad Host header.");
    // The address the app sees (rate limits, logs): only we set it.
    req.headers[CLIENT_ADDRESS_HEADER] = normaliseAddress(req.ip);
    next();
  };
}

/**
 * A request that changes something must come from our own pages. Browsers send Origin on every POST (and on every
 * fetch that is not a GET); "null" (a sandboxed frame, a redirect from another site) and anything that is not a
 * URL are another site as much as https://evil.example is. Without Origin (curl, a server) the request goes on:
 * SameSite=Lax cookies already keep it from acting for a signed-in person.
 */
function refuseCrossOrigin({ appOrigin }) {
  /** @type {import("express").RequestHandler} */
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || NO_ORIGIN_CHECK.test(req.path)) return next();
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    if (!isOwnOrigin(origin, req, appOrigin)) {
      logLine("info", "cross-site request refused", { method: req.method, path: req.path, status: 403, origin: origin.slice(0, 200) });
      return refuse(res, 403, "Cross-site request refused.");
    }
    next();
  };
}

/**
 * @param {string} origin
 * @param {import("express").Request} req
 * @param {string | undefined} appOrigin
 */
export function isOwnOrigin(origin, req, appOrigin) {
  let parsed;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  // An origin is exactly scheme://host[:port]: a path, user or query in the header is not something a browser sends.
  if (parsed.origin === "null" || parsed.origin !== origin) return false;
  if (appOrigin && origin === appOrigin) return true;
  const host = req.headers["x-forwarded-host"] ?? req.headers.host;
  return typeof host === "string" && (origin === `http://${host}` || origin === `https://${host}`);
}

/** A declared body larger than anything we take is refused before a byte is read; chunked bodies are counted by the routes. */
function refuseOversizedBody() {
  /** @type {import("express").RequestHandler} */
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > BODY_MAX_BYTES) {
      return refuse(res, 413, "The request body is too large.");
    }
    next();
  };
}

/** IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d; they are the same client as a.b.c.d. */
function normaliseAddress(address) {
  if (!address) return "unknown";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/** The JSON API (the auth calls and the category list): its clients read every answer, refusals too, as JSON. */
const JSON_API = /^\/(?:auth|services)\//;

/** A refusal in plain text (JSON on the JSON API, as its routes answer), with the headers every response of ours carries. */
function refuse(res, status, message) {
  res.status(status);
  const asJson = JSON_API.test(res.req.path);
  res.setHeader("Content-Type", asJson ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(asJson ? JSON.stringify({ message }) : message);
}

function statusText(status) {
  return (
    { 400: "Bad request.", 403: "Forbidden.", 404: "Not found.", 405: "Method not allowed.", 413: "The request body is too large." }[status] ??
    "Request refused."
  );
}

/** The app's log format (app/utils/log.server.ts): one JSON object per line. */
export function logLine(level, msg, fields = {}) {
  if (process.env.LOG_LEVEL === "silent") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}
