import { createRequire } from "node:module";
import { createElement, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";

// What the server's patched copies of the router must still answer exactly as the packages do (patches/,
// docs/decisions/001-router-patches.md): each patch only remembers a pure result or skips a copy. The reference is
// the same package's unpatched build (the browser's ES module, or the development build), asked the same questions.
const require = createRequire(import.meta.url);

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: { id: string } };
type MatchRoutes = (routes: Route[], location: string, basename?: string) => Match[] | null;

// The shapes of this app's route table: a root with an index, static, nested, dynamic, optional and splat children.
const routes: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "details", path: "details/:id" },
      { id: "search", path: "search/:term?" },
      { id: "vendor-appointment", path: "vendor/appointment" },
      {
        id: "vendor",
        path: "vendor",
        children: [
          { id: "vendor-index", index: true },
          { id: "vendor-day", path: "day" },
        ],
      },
      { id: "reset", path: "reset/:token" },
      { id: "Case", path: "Case/Only", caseSensitive: true },
      { id: "files", path: "files/*" },
      { id: "catch-all", path: "*" },
    ],
  },
];
const noSplat = [{ ...routes[0]!, children: routes[0]!.children!.filter((r) => r.id !== "catch-all") }];
const paths = [
  "/",
  "/details/12",
  "/details/12/",
  "/details/%31%32",
  "/search",
  "/search/hair%20braids",
  "/vendor/appointment",
  "/vendor",
  "/vendor/day",
  "/reset",
  "/reset/changed",
  "/Case/Only",
  "/case/only",
  "/files/a/b.txt",
  "/nowhere/at/all",
  "//double//slash",
];

const summary = (matches: Match[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

test("the server's matchRoutes matches every path as the unpatched router does, on the first call and on later ones", async () => {
  const patched = require("@remix-run/router") as { matchRoutes: MatchRoutes };
  const reference = (await import("@remix-run/router/dist/router.js")) as unknown as { matchRoutes: MatchRoutes };
  for (const table of [routes, noSplat]) {
    for (const path of paths) {
      const expected = summary(reference.matchRoutes(table, path));
      const first = patched.matchRoutes(table, path);
      const again = patched.matchRoutes(table, path);
      expect(summary(first), path).toEqual(expected);
      expect(summary(again), path).toEqual(expected);
      // A remembered match is made afresh: a caller changing its matches changes nobody else's.
      if (first && again) expect(again[0]).not.toBe(first[0]);
    }
  }
  // With a basename, and a path outside it.
  expect(summary(patched.matchRoutes(routes, "/app/details/3", "/app"))).toEqual(summary(reference.matchRoutes(routes, "/app/details/3", "/app")));
  expect(patched.matchRoutes(routes, "/elsewhere", "/app")).toBeNull();
});

test("the server's resolveTo still refuses a `to` object whose pathname holds a query or a hash", () => {
  const { resolveTo } = require("@remix-run/router") as { resolveTo: (to: unknown, routePathnames: string[], location: string) => unknown };
  expect(() => resolveTo({ pathname: "/a?b=1" }, ["/"], "/")).toThrow("Cannot include a '?' character in a manually specified `to.pathname`");
  expect(() => resolveTo({ pathname: "/a#b" }, ["/"], "/")).toThrow("Cannot include a '#' character");
  expect(() => resolveTo({ pathname: "/a", search: "?b#c" }, ["/"], "/")).toThrow("`to.search` field");
  expect(resolveTo({ pathname: "/a", search: "?b=1" }, ["/"], "/")).toEqual({ pathname: "/a", search: "?b=1", hash: "" });
});

type ReactRouter = {
  Router: (props: { location: string; navigator: object; static: boolean; children?: ReactNode }) => ReactNode;
  createPath: (path: object) => string;
  Routes: (props: { children?: ReactNode }) => ReactNode;
  Route: (props: { path: string; element: ReactNode }) => ReactNode;
  useHref: (to: unknown, options?: { relative?: "path" | "route" }) => string;
};

/** Every link's href, as one React Router build renders them on a page at `at`. */
function hrefs(router: ReactRouter, at: string): string {
  const tos: unknown[] = [
    "/",
    "/details/12",
    "/search?q=hair&page=2#results",
    "/a//b",
    "//elsewhere.example/x",
    "/vendor/",
    ".",
    "..",
    "day",
    "../day?x=1",
    "?tab=new",
    "#top",
    "",
    { pathname: "/a", search: "?b=1" },
  ];
  function Links() {
    return createElement(
      Fragment,
      null,
      tos.flatMap((to, i) => [
        createElement("a", { key: `r${i}`, href: router.useHref(to) }),
        createElement("a", { key: `p${i}`, href: router.useHref(to, { relative: "path" }) }),
      ]),
    );
  }
  // A static router, as the server renders (a memory router's layout effect warns on the server).
  const navigator = { createHref: router.createPath, encodeLocation: (to: object) => to, push() {}, replace() {}, go() {} };
  const page = createElement(
    router.Router,
    { location: at, navigator, static: true },
    createElement(router.Routes, null, createElement(router.Route, { path: "/vendor/*", element: createElement(Links) })),
  );
  return renderToStaticMarkup(page);
}

test("the server's React Router gives every link the href the unpatched build gives, however often it is rendered", () => {
  const patched = require("react-router/dist/umd/react-router.production.min.js") as ReactRouter;
  const reference = require("react-router/dist/umd/react-router.development.js") as ReactRouter;
  for (const at of ["/vendor/appointment", "/vendor/day/", "/vendor"]) {
    const expected = hrefs(reference, at);
    expect(expected).toContain('href="/search?q=hair&amp;page=2#results"');
    expect(hrefs(patched, at), at).toBe(expected);
    expect(hrefs(patched, at), at).toBe(expected);
  }
});

test("a loader is handed the request itself when Remix strips nothing from its URL, and a stripped copy otherwise", async () => {
  const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js") as {
    callRouteLoader: (args: {
      loadContext: unknown;
      loader: (a: { request: Request }) => unknown;
      params: object;
      request: Request;
      routeId: string;
      singleFetch: boolean;
    }) => Promise<unknown>;
  };
  const seen = async (url: string, singleFetch = true) => {
    const request = new Request(url, { headers: { Cookie: "a=b" } });
    let got: Request | undefined;
    await callRouteLoader({ loadContext: {}, params: {}, request, routeId: "r", singleFetch, loader: ({ request: r }) => ((got = r), null) });
    return { request, got: got! };
  };
  for (const url of ["http://localhost/vendor/appointment", "http://localhost/search?q=hair&page=2", "http://localhost/?index=x"]) {
    const { request, got } = await seen(url);
    expect(got, url).toBe(request);
  }
  const stripped = [
    ["http://localhost/vendor?index", "http://localhost/vendor"],
    ["http://localhost/vendor?_routes=root&tab=new", "http://localhost/vendor?tab=new"],
    ["http://localhost/search?q=a%20b", "http://localhost/search?q=a+b"],
    ["http://localhost/search?", "http://localhost/search"],
  ];
  for (const [url, expected] of stripped) {
    const { request, got } = await seen(url!);
    expect(got, url).not.toBe(request);
    expect(got.url).toBe(expected);
    expect(got.headers.get("Cookie")).toBe("a=b");
  }
  const { got } = await seen("http://localhost/vendor?_data=routes%2Fvendor", false);
  expect(got.url).toBe("http://localhost/vendor");
});

test("a build's route modules are gathered once per route manifest, each route's module as the unpatched code gathers it", () => {
  const { createEntryRouteModules } = require("@remix-run/server-runtime/dist/entry.js") as {
    createEntryRouteModules: (manifest: Record<string, { module: object }>) => Record<string, object>;
  };
  const root = { default: "root" };
  const details = { default: "details" };
  const manifest = { root: { module: root }, "routes/details.$id": { module: details } };
  const first = createEntryRouteModules(manifest);
  expect(first).toEqual({ root, "routes/details.$id": details });
  expect(first.root).toBe(root);
  expect(createEntryRouteModules(manifest)).toBe(first);
  // Another build (remix dev's next one) has its own manifest, and gets its own modules.
  const next = { root: { module: { default: "root, rebuilt" } } };
  expect(createEntryRouteModules(next)).toEqual({ root: next.root.module });
});

type HandoffContext = { serverHandoffStream?: ReadableStream<Uint8Array>; glowHandoffText?: string };

/** A one-route build whose root loader gives `data()` and whose document is what `render` makes of Remix's context. */
function documentBuild(data: () => unknown, render: (context: HandoffContext) => Promise<string>, failFirst = false) {
  const { createRequestHandler } = require("@remix-run/server-runtime") as typeof import("@remix-run/server-runtime");
  let renders = 0;
  return createRequestHandler({
    mode: "production",
    entry: {
      module: {
        default: async (_request: Request, status: number, _headers: Headers, context: HandoffContext) => {
          // The error's second render (Remix's, after the first throws) has data of its own.
          if (failFirst && renders++ === 0) throw new Error("first render failed");
          return new Response(await render(context), { status });
        },
        handleError: () => undefined,
      },
    },
    routes: { root: { id: "root", path: "", module: { loader: data, default: () => null } } },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: { root: { id: "root", path: "", module: "/root.js", hasLoader: true } },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
  } as unknown as Parameters<typeof createRequestHandler>[0]);
}

const streamText = async (context: HandoffContext) => (context.serverHandoffStream ? await new Response(context.serverHandoffStream).text() : "no stream");

test("a page's data is encoded for the browser only when the page reads it: a page sent from kept bytes encodes nothing", async () => {
  let reads = 0;
  // Loader data whose one field counts how often it is read: encoding the data for the browser reads it.
  const data = () => Object.defineProperty({}, "counted", { enumerable: true, get: () => (reads++, "value") });
  const kept = await documentBuild(data, async () => "kept bytes")(new Request("http://localhost/"));
  expect(await kept.text()).toBe("kept bytes");
  expect(reads).toBe(0); // the loader's data was made, and nothing read it
  reads = 0;
  const rendered = await documentBuild(data, streamText)(new Request("http://localhost/"));
  expect(await rendered.text()).toContain('"counted"');
  expect(reads).toBe(1);
  reads = 0;
  const second = await documentBuild(data, streamText, true)(new Request("http://localhost/"));
  expect(second.status).toBe(500);
  expect(await second.text()).toContain("Unexpected Server Error");
  expect(reads).toBe(1); // the second render's data only: the first's, never read, was never encoded
});

test("a page's data with no promise is also given whole, as the one string its stream sends, and encoded once", async () => {
  let reads = 0;
  const data = () => Object.defineProperty({ when: new Date(0) }, "counted", { enumerable: true, get: () => (reads++, "₦12,500 </script>") });
  const both = await documentBuild(data, async (context) => {
    const whole = context.glowHandoffText;
    const again = context.glowHandoffText;
    return JSON.stringify({ whole, again, streamed: await streamText(context) });
  })(new Request("http://localhost/"));
  const { whole, again, streamed } = (await both.json()) as { whole: string; again: string; streamed: string };
  expect(whole).toContain("₦12,500 </script>");
  expect(whole).toBe(streamed);
  expect(again).toBe(whole);
  expect(reads).toBe(2); // once for the whole string (kept for the second read), once for the stream
  reads = 0;
  const wholeOnly = await documentBuild(data, async (context) => context.glowHandoffText ?? "none")(new Request("http://localhost/"));
  expect(await wholeOnly.text()).toContain('"counted"');
  expect(reads).toBe(1);
  // Data holding a promise (deferred data) is not given whole: the page reads the stream, which waits for it.
  const deferred = await documentBuild(
    () => ({ later: Promise.resolve("done") }),
    async (context) => `${String(context.glowHandoffText)}|${await streamText(context)}`,
  )(new Request("http://localhost/"));
  const [given, stream] = (await deferred.text()).split("|");
  expect(given).toBe("undefined");
  expect(stream).toContain('"done"');
});
