import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Writable } from "node:stream";
import { createElement, Fragment, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";

// The server's patched copies of React DOM's stream renderer and of Remix's <Link> must send exactly the bytes the
// unpatched builds send (patches/, docs/decisions/029-signed-in-page-cost.md): one only encodes the page in fewer,
// larger pieces (and so no longer sends stray NUL bytes), the other skips hooks that do nothing on a server. The references are the same packages' unpatched
// builds (React DOM's development build, Remix's browser ES module), given the same trees.
const require = createRequire(import.meta.url);
const reactDomFile = (name: string) => path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs", name);

type PipeableRender = (
  element: ReactNode,
  options: { onAllReady: () => void; onShellError: (e: unknown) => void; onError?: (e: unknown) => void },
) => { pipe: (w: Writable) => void };

/** The whole document one build writes, and what each call to the destination's `write` was handed. */
function streamed(render: PipeableRender, element: ReactNode): Promise<{ html: string; kinds: string[]; writes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const kinds: string[] = [];
    const { pipe } = render(element, {
      onShellError: reject,
      onAllReady() {
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve({ html: Buffer.concat(chunks).toString("utf8"), kinds, writes: chunks.length });
              done();
            },
          }).on("pipe", () => kinds.push("piped")),
        );
      },
    });
  });
}

/** A component that waits for `ms` before showing `text`, as a streamed part of a page does. */
function later(ms: number, text: string) {
  let done = false;
  const ready = new Promise<void>((r) => setTimeout(() => ((done = true), r()), ms));
  return function Later() {
    if (!done) throw ready;
    return createElement("p", { className: "later" }, text);
  };
}

function page(): ReactNode {
  const names = ["Ṣadé Ọlábísí", "Chiọma", "Ngozi & Sons <Ltd>", `"Quoted" 'salon'`, "😀 emoji", "₦12,500"];
  const long = "Knotless braids, waist length, ".repeat(120); // one text node longer than React's 2,048-byte buffer
  const First = later(5, "Loaded ₦9,000 — ẹ ṣé");
  const Second = later(15, long);
  return createElement(
    "html",
    { lang: "en" },
    createElement("head", null, createElement("title", null, "Glow — ₦")),
    createElement(
      "body",
      null,
      createElement(
        "ul",
        null,
        names.map((n, i) => createElement("li", { key: i, "data-name": n, title: n }, n, " ", i, " ", "more")),
      ),
      createElement("p", null, long),
      createElement(Suspense, { fallback: createElement("span", null, "…") }, createElement(First)),
      createElement(Suspense, { fallback: createElement("span", null, "waiting") }, createElement(Second)),
      createElement("input", { defaultValue: "10:00 am – 1:00 pm", "aria-label": "x" }),
      // Times such as the calendar's "10:00 am – 1:00 pm" at every offset, so some dash falls on a 2,048-byte edge.
      Array.from({ length: 300 }, (_, i) => createElement("a", { key: i, href: `/details/${i}?q=ẹ&x=${i}` }, "x".repeat(i % 5), `Card ${i} – ₦`)),
    ),
  );
}

test("the server's React DOM writes a page, with streamed parts and any characters, as the unpatched build but without its NUL bytes", async () => {
  const patched = require(reactDomFile("react-dom-server.node.production.min.js")) as { renderToPipeableStream: PipeableRender };
  const reference = require(reactDomFile("react-dom-server.node.development.js")) as { renderToPipeableStream: PipeableRender };
  // The patched copy is the one Node loads for the production server (the conventions test checks it is in place).
  expect(patched.renderToPipeableStream.toString()).not.toBe(reference.renderToPipeableStream.toString());
  const expected = await streamed(reference.renderToPipeableStream, page());
  const got = await streamed(patched.renderToPipeableStream, page());
  expect(expected.html).toContain("Ṣadé Ọlábísí");
  expect(expected.html).toContain("Ngozi &amp; Sons &lt;Ltd&gt;");
  expect(expected.html).toContain("Loaded ₦9,000");
  // React 18's stream renderer sends its whole 2,048-byte buffer when a character of several bytes does not fit at
  // its end: the unwritten bytes go out as NULs ("10:00 am \0\0– 1:00 pm" on a salon's calendar). The patched copy
  // encodes each pass whole, so it sends what the unpatched build meant to.
  expect(expected.html).toContain("\u0000");
  expect(got.html).not.toContain("\u0000");
  expect(got.html).toBe(expected.html.replaceAll("\u0000", ""));
  // Fewer, larger pieces: the point of the patch.
  expect(got.writes).toBeLessThan(expected.writes);
});

test("the server's React DOM sends an element's inner HTML given as bytes (kept markup) as those very bytes", async () => {
  const patched = require(reactDomFile("react-dom-server.node.production.min.js")) as { renderToPipeableStream: PipeableRender; glowByteMarkup?: boolean };
  const reference = require(reactDomFile("react-dom-server.node.development.js")) as { renderToPipeableStream: PipeableRender; glowByteMarkup?: boolean };
  // components/kept-markup.server.tsx hands bytes only to a renderer that says it takes them.
  expect(patched.glowByteMarkup).toBe(true);
  expect(reference.glowByteMarkup).toBeUndefined();
  const parts = ['<a href="/details/1">Knotless braids – ₦12,500</a>', "<p>Ṣadé &amp; Sons</p>", "x".repeat(5000) + "–", ""];
  const tree = (inner: (html: string) => string | Uint8Array) =>
    createElement(
      "main",
      null,
      "Before ₦",
      parts.map((html, i) => createElement(i % 2 ? "ul" : "article", { key: i, className: `kept-${i}`, dangerouslySetInnerHTML: { __html: inner(html) } })),
      createElement("p", null, "After – ", "x".repeat(4100)),
    );
  const expected = await streamed(
    reference.renderToPipeableStream,
    tree((html) => html),
  );
  const got = await streamed(
    patched.renderToPipeableStream,
    tree((html) => Buffer.from(html, "utf8")),
  );
  expect(expected.html).toContain('<article class="kept-0"><a href="/details/1">Knotless braids – ₦12,500</a></article>');
  expect(got.html).toBe(expected.html.replaceAll("\u0000", ""));
});

type LinkProps = Record<string, unknown> & { to: unknown; children?: ReactNode | ((state: { isActive: boolean; isPending: boolean }) => ReactNode) };
type LinkComponent = (props: LinkProps) => ReactNode;

/** Every kind of link and menu link this app renders, on a page at `at`, inside a static router as the server has. */
function links({ Link, NavLink }: { Link: LinkComponent; NavLink: LinkComponent }, at: string): string {
  const rr = require("react-router-dom") as {
    Router: (p: { location: string; navigator: object; static: boolean; children?: ReactNode }) => ReactNode;
    Routes: (p: { children?: ReactNode }, ...rest: ReactNode[]) => ReactNode;
    Route: (p: { path: string; element: ReactNode }) => ReactNode;
    createPath: (p: object) => string;
  };
  const kinds: LinkProps[] = [
    { to: "/" },
    { to: "/details/12", className: "card__link", "aria-label": "Small Knotless Braids" },
    { to: "/search?q=hair&page=2#results", prefetch: "intent" },
    { to: "/vendor/", prefetch: "render" },
    { to: "/a//b", prefetch: "viewport" },
    { to: "/user/appointment", target: "_blank", rel: "noopener" },
    { to: "/logout", reloadDocument: true },
    { to: "/favorites", discover: "none" },
    { to: "/details/3", replace: true, state: { from: "home" }, preventScrollReset: true, viewTransition: true },
    { to: "/gift", relative: "path", onClick: () => {}, onFocus: () => {}, id: "gift-link", style: { color: "red" } },
    { to: "/vendor/day?date=2026-11-28", "data-testid": "day", children: createElement("strong", null, "Day") },
    { to: "day" },
    { to: "../day?x=1", relative: "path" },
    { to: "?tab=new" },
    { to: "#top" },
    { to: "//elsewhere.example/x" },
    { to: "https://wa.me/2348031234567", target: "_blank" },
    { to: { pathname: "/a", search: "?b=1" } },
  ];
  type Active = { isActive: boolean; isPending: boolean };
  const navKinds: LinkProps[] = [
    { to: "/vendor", className: "tabs__tab" },
    { to: "/vendor", className: "tabs__tab", end: true },
    { to: "/vendor/", className: "nav-link" },
    { to: "/vendor/appointment", className: "account-nav__link", prefetch: "intent" },
    { to: "/Vendor/Day", caseSensitive: true },
    { to: "/vendor/day" },
    { to: "/vendor/day?date=2026-11-28#x" },
    { to: "/vend" },
    { to: "/" },
    { to: "/", end: true, "aria-current": "true" },
    {
      to: "/submenu/women",
      className: ({ isActive }: Active) => (isActive ? "on" : "off"),
      style: ({ isActive }: Active) => ({ fontWeight: isActive ? 700 : 400 }),
    },
    { to: "/vendor/appointment", children: ({ isActive, isPending }: Active) => `${isActive}/${isPending}`, reloadDocument: true, target: "_self" },
    { to: "/search/hair braids", discover: "none", id: "spaced" },
    { to: "vendor/day", className: "relative" },
    { to: "https://wa.me/2348031234567", className: "outside" },
  ];
  const navigator = { createHref: rr.createPath, encodeLocation: (to: object) => to, push() {}, replace() {}, go() {} };
  const body = createElement(
    Fragment,
    null,
    kinds.map((props, i) => createElement(Link, { key: i, ...props, children: props.children ?? `link ${i}` })),
    navKinds.map((props, i) => createElement(NavLink, { key: `n${i}`, ...props, children: props.children ?? `menu ${i}` })),
  );
  return renderToString(
    createElement(
      rr.Router,
      { location: at, navigator, static: true },
      createElement(rr.Routes, null, createElement(rr.Route, { path: "/vendor/*", element: body }), createElement(rr.Route, { path: "*", element: body })),
    ),
  );
}

test("the server's Remix <Link> and <NavLink> render every kind of link as the unpatched ones do, however often", async () => {
  const patched = require("@remix-run/react/dist/components.js") as { Link: LinkComponent; NavLink: LinkComponent };
  // @ts-expect-error: the browser's build has no type declarations of its own
  const reference = (await import("@remix-run/react/dist/esm/components.js")) as { Link: LinkComponent; NavLink: LinkComponent };
  for (const at of ["/vendor/appointment", "/vendor/day/", "/vendor", "/Vendor/Day", "/", "/search/hair%20braids"]) {
    const expected = links(reference, at);
    expect(expected).toContain('data-discover="true" href="/search?q=hair&amp;page=2#results"');
    expect(expected).toContain('href="/user/appointment" target="_blank"');
    if (at === "/vendor") expect(expected).toContain('data-discover="true" aria-current="page" class="tabs__tab active" href="/vendor"');
    expect(links(patched, at), at).toBe(expected);
    // Again, now from what the first render kept.
    expect(links(patched, at), at).toBe(expected);
  }
});

type StreamTransferProps = { context: object; identifier: number; nonce?: string; reader?: unknown; textDecoder?: TextDecoder; text?: string };

test("the server's Remix writes a page's data given whole as one string as the unpatched one writes it from the stream", async () => {
  const patched = require("@remix-run/react/dist/single-fetch.js") as { StreamTransfer: (p: StreamTransferProps) => ReactNode };
  // @ts-expect-error: the browser's build has no type declarations of its own
  const reference = (await import("@remix-run/react/dist/esm/single-fetch.js")) as { StreamTransfer: (p: StreamTransferProps) => ReactNode };
  const { encodeWhole } = require("turbo-stream") as { encodeWhole: (input: unknown) => string | undefined };
  // turbo-stream's ES module (the browser's) is the unpatched build; its package exports it only as an import.
  const esm = pathToFileURL(path.join(path.dirname(require.resolve("turbo-stream")), "turbo-stream.mjs")).href;
  const { encode } = (await import(/* @vite-ignore */ esm)) as { encode: (input: unknown) => ReadableStream<Uint8Array> };
  const renderer = require(reactDomFile("react-dom-server.node.development.js")) as { renderToPipeableStream: PipeableRender };
  const data = {
    root: { user: { firstName: "Ṣadé", unread: 3 }, lite: false, toast: undefined, when: new Date(0) },
    "routes/_index": {
      cards: [
        { id: 1, title: `Braids "waist length" </script><script>alert(1)</script>`, price: "₦12,500", favorite: true },
        { id: 2, title: "Line\u2028separator 😀 & <b>", price: "₦9,000", favorite: false },
      ],
      empty: [],
      nothing: null,
    },
  };
  const text = encodeWhole(data);
  expect(text).toBeDefined();
  expect(text).toBe(await new Response(encode(data)).text());
  const shell = (transfer: ReactNode) => createElement(Fragment, null, createElement("p", null, "page"), createElement(Suspense, null, transfer));
  const context = () => ({ renderMeta: { didRenderScripts: true } });
  const expected = await streamed(
    renderer.renderToPipeableStream,
    shell(
      createElement(reference.StreamTransfer, {
        context: context(),
        identifier: 0,
        nonce: "n0nce",
        reader: encode(data).getReader(),
        textDecoder: new TextDecoder(),
      }),
    ),
  );
  expect(expected.html).toContain("streamController.enqueue(");
  expect(expected.html).toContain("streamController.close()");
  const given = await streamed(
    renderer.renderToPipeableStream,
    shell(createElement(patched.StreamTransfer, { context: context(), identifier: 0, nonce: "n0nce", text })),
  );
  expect(given.html).toBe(expected.html);
  // Data holding a promise (deferred) is not given whole: the page reads the stream, as before.
  expect(encodeWhole({ later: Promise.resolve(1) })).toBeUndefined();
});

test("a page's data written whole is the unpatched encoder's text for every kind of value, with Remix's own plugins", async () => {
  type Encode = (data: unknown, signal: AbortSignal, timeout: number | undefined, mode: string) => ReadableStream<Uint8Array>;
  const patched = require("@remix-run/server-runtime/dist/single-fetch.js") as {
    encodeWholeViaTurboStream: (data: unknown, mode: string) => string | undefined;
    SingleFetchRedirectSymbol: symbol;
  };
  // @ts-expect-error: the unpatched ES build has no type declarations of its own; it imports turbo-stream's ES build
  const reference = (await import("@remix-run/server-runtime/dist/esm/single-fetch.js")) as { encodeViaTurboStream: Encode; SingleFetchRedirectSymbol: symbol };
  const { UNSAFE_ErrorResponseImpl } = require("@remix-run/router") as { UNSAFE_ErrorResponseImpl: new (s: number, t: string, d: unknown) => object };
  class Money {
    constructor(
      readonly kobo: number,
      readonly currency = "NGN",
    ) {}
  }
  const shared = { id: 7, title: "Knotless", tags: ["hair", "braids"] };
  const noPrototype = Object.assign(Object.create(null) as object, { a: 1, b: "hair" });
  const holes = [1, , 3]; // eslint-disable-line no-sparse-arrays
  // One error for both (in development its stack is sent).
  const error = new TypeError("no such service");
  // Each build marks a redirect with a symbol of its own.
  const dataFor = (redirectSymbol: symbol) => ({
    "0": "a key that looks like a number",
    strings: ["", "hair", "hair", 'quote " and \\ and </script>', "₦12,500 Ṣadé 😀 \u2028"],
    numbers: [0, -0, 1.5, -42, NaN, Infinity, -Infinity, 2 ** 53],
    flags: [true, false, null, undefined],
    holes,
    same: [shared, shared, { ...shared }],
    deep: { a: { b: { c: { d: [shared, "hair", 0] } } } },
    when: new Date(Date.UTC(2026, 10, 28, 9, 30)),
    where: new URL("https://glow.example/search/hair?page=2"),
    pattern: /braids?/gi,
    set: new Set(["hair", shared]),
    emptySet: new Set(),
    map: new Map<unknown, unknown>([
      ["hair", 1],
      [shared, "shared"],
    ]),
    big: 12n,
    symbol: Symbol.for("glow"),
    error,
    response: new UNSAFE_ErrorResponseImpl(404, "Not Found", { message: "gone" }),
    redirect: { [redirectSymbol]: { redirect: "/login", status: 302, revalidate: false, reload: false } },
    noPrototype,
    instance: new Money(1_250_000),
    empty: {},
    emptyList: [],
  });
  const [data, referenceData] = [dataFor(patched.SingleFetchRedirectSymbol), dataFor(reference.SingleFetchRedirectSymbol)];
  for (const mode of ["production", "development"]) {
    const expected = await new Response(reference.encodeViaTurboStream(referenceData, new AbortController().signal, undefined, mode)).text();
    expect(expected).toContain('"SingleFetchRedirect"');
    expect(patched.encodeWholeViaTurboStream(data, mode)).toBe(expected);
    // Each part on its own too: the first values met decide the indices every later one refers to.
    for (const key of Object.keys(data) as (keyof typeof data)[]) {
      const [part, referencePart] = [data, referenceData].map((d) => ({ [key]: d[key], again: d[key] }));
      const text = await new Response(reference.encodeViaTurboStream(referencePart, new AbortController().signal, undefined, mode)).text();
      expect(patched.encodeWholeViaTurboStream(part, mode), key).toBe(text);
    }
  }
});
