import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

// Imports in app/ run one way (docs/architecture.md): routes -> HTTP glue -> components and models -> db -> data, with utils as
// the ground every layer may stand on and that stands on none of them. This reads every import of app/ (type-only
// imports too: they are dependencies for a reader) and fails when one runs the wrong way.

type Layer = "routes" | "http" | "caches" | "components" | "models" | "db" | "data" | "utils" | "styles";

/**
 * Higher imports lower, never the reverse. Components and models are side by side: a component may import a
 * model's types and pure helpers (the other way round is wrong: the domain knows no UI). The in-process page and
 * data caches sit just below the routes: they serve HTTP, so the domain and the database must not reach up to them.
 * So does app/http/ (sessions as requests see them, guards, cookies, multipart parsing): routes call it, it calls
 * the domain; neither it nor the caches import the other.
 */
const rank: Record<Layer, number> = { routes: 5, http: 4, caches: 4, components: 3, models: 3, db: 2, data: 1, utils: 0, styles: -1 };
const CACHES = new Set(["app/utils/cache.server.ts", "app/utils/page-cache.server.ts", "app/utils/shared-data.server.ts"]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function layerOf(file: string): Layer {
  if (CACHES.has(file)) return "caches";
  const [, top] = file.split("/");
  if (top === "routes" || !file.slice("app/".length).includes("/")) return "routes"; // root, root.server, entry.*
  if (top === "http" || top === "components" || top === "models" || top === "db" || top === "data" || top === "utils" || top === "styles") return top;
  throw new Error(`${file}: a folder of app/ that this test does not know; give it a layer`);
}

/** `~/x/y` or `./y` from `from`, as the file it names (extension found on disk). */
function resolve(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return undefined; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/**
 * What a file imports, as written: import and export declarations (type-only ones too), `import x = require("...")`,
 * `require("...")` and `import("...")` calls, and `import("...")` types. Read by the TypeScript parser, so a comment
 * hides an import and a string holding `/*` or `//` hides nothing.
 */
function specifiersOf(file: string): string[] {
  return moduleReferences(file).flatMap((ref) => (ref.specifier === undefined ? [] : [ref.specifier]));
}

/** Every reference to a module in a file; `specifier` is undefined when it is not a string literal (`import(name)`). */
function moduleReferences(file: string): { specifier: string | undefined; line: number }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: { specifier: string | undefined; line: number }[] = [];
  const add = (node: ts.Node, target: ts.Node | undefined) =>
    out.push({
      specifier: target && ts.isStringLiteralLike(target) ? target.text : undefined,
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    });
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) add(node, node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal);
    else if (ts.isCallExpression(node) && isLoadingCall(node)) add(node, node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** `import(...)` and `require(...)` (also a `require` made by `createRequire`, which is bound to that name by custom). */
const isLoadingCall = (call: ts.CallExpression) =>
  call.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(call.expression) && call.expression.text === "require");

function importsOf(file: string): string[] {
  return specifiersOf(file).flatMap((specifier) => resolve(file, specifier) ?? []);
}

/** Whether a specifier names one of `packages` or a module inside one: `pg`, `pg/lib/x`, but not `pgx`. */
const isPackage = (specifier: string, packages: readonly string[]) => packages.some((p) => specifier === p || specifier.startsWith(`${p}/`));

/** The query builder and the database drivers under it. */
const DATABASE_PACKAGES = ["kysely", "pg", "better-sqlite3"];

/**
 * Route modules (and the root, the entries) that reach the database themselves: a query belongs in a domain function
 * (docs/architecture.md, "The database handle"). Neither kysely, nor a driver, nor anything of app/db/, types included.
 */
function routesReachingTheDatabase(): string[] {
  return sources("app")
    .filter((file) => layerOf(file) === "routes")
    .flatMap((file) => [
      ...specifiersOf(file)
        .filter((s) => isPackage(s, DATABASE_PACKAGES))
        .map((s) => `${file} -> ${s}`),
      ...importsOf(file)
        .filter((target) => layerOf(target) === "db")
        .map((target) => `${file} -> ${target}`),
    ]);
}

/** The web framework and the UI library: what the domain must not know of. */
const UI_PACKAGES = ["react", "react-dom", "@remix-run"];

/**
 * Modules of the domain (app/models/) and below it (app/db/, app/data/) that import Remix or React: requests,
 * responses and components are the routes' and the components' business, so the domain runs without either.
 */
function domainKnowingTheUi(): string[] {
  return sources("app")
    .filter((file) => ["models", "db", "data"].includes(layerOf(file)))
    .flatMap((file) =>
      specifiersOf(file)
        .filter((s) => isPackage(s, UI_PACKAGES))
        .map((s) => `${file} -> ${s}`),
    );
}

/** `import(name)` or `require(name)` with a name that is not written out: this test could not tell what it loads. */
function unreadableImports(): string[] {
  return sources("app").flatMap((file) => moduleReferences(file).flatMap((ref) => (ref.specifier === undefined ? [`${file}:${ref.line}`] : [])));
}

function wrongWay(): string[] {
  return sources("app").flatMap((file) =>
    importsOf(file)
      .filter((target) => {
        const [from, to] = [layerOf(file), layerOf(target)];
        if (from === to || to === "styles") return false;
        if (from === "models" && to === "components") return true;
        return rank[to] >= rank[from] && !(from === "components" && to === "models");
      })
      .map((target) => `${file} -> ${target}`),
  );
}

/** A domain module's capability: its folder under app/models/ (a file at the top, such as refusal.ts, stands alone). */
function capabilityOf(file: string): string | undefined {
  if (!file.startsWith("app/models/")) return undefined;
  return file.slice("app/models/".length).split("/")[0];
}

/**
 * Loops between the domain's capability folders (docs/architecture.md, "The domain, by capability"): each loop once,
 * as the folders it passes through, with one import that makes each step. Files may not loop anyway (the compiler
 * would load half-made modules); folders must not either, so each capability can be read standing on the ones
 * below it.
 */
function capabilityLoops(): string[] {
  const edges = new Map<string, Map<string, string>>();
  for (const file of sources("app/models")) {
    const from = capabilityOf(file)!;
    for (const target of importsOf(file)) {
      const to = capabilityOf(target);
      if (to === undefined || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${file} -> ${target}`);
    }
  }
  const loops = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const loop = trail.slice(at);
        const start = loop.indexOf([...loop].sort()[0]!);
        const turned = [...loop.slice(start), ...loop.slice(0, start)];
        const steps = turned.map((f, i) => edges.get(f)!.get(turned[(i + 1) % turned.length]!)!);
        loops.add(`${[...turned, turned[0]].join(" -> ")} (${steps.join("; ")})`);
      } else walk(next, [...trail, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, [start]);
  return [...loops].sort();
}

test("imports in app/ run one way: routes -> components/models -> db -> data, utils importing none of them", () => {
  const found = [...new Set(wrongWay())].sort();
  expect(found, "imports that run the wrong way (see docs/architecture.md)").toEqual([]);
});

test("the domain's capability folders import each other without a loop", () => {
  expect(capabilityLoops(), "loops between app/models/ folders (see docs/architecture.md)").toEqual([]);
});

test("no route module queries the database: routes import neither kysely, pg, better-sqlite3 nor app/db", () => {
  expect(routesReachingTheDatabase()).toEqual([]);
});

test("the domain knows no web framework nor UI: app/models, app/db and app/data import neither @remix-run/* nor react", () => {
  expect(domainKnowingTheUi()).toEqual([]);
});

test("every import() and require() in app/ names its module with a string literal, so this test can read it", () => {
  expect(unreadableImports()).toEqual([]);
});

/** Runs `body` with the working directory in a fresh temporary folder holding `files`. */
function inFolder(files: Record<string, string>, body: () => void) {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "imports-"));
  const cwd = process.cwd();
  try {
    process.chdir(dir);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(name), { recursive: true });
      fs.writeFileSync(name, text);
    }
    body();
  } finally {
    process.chdir(cwd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("a wrong-way import is found: utils, the domain or the database reaching up", () => {
  inFolder(
    {
      "app/routes/page.tsx": 'import { g } from "~/http/guard.server";\nimport { m } from "~/models/m.server";\n',
      "app/http/guard.server.ts": 'import { m } from "~/models/m.server";\nexport const g = m;\n',
      "app/models/m.server.ts": 'import { g } from "~/http/guard.server";\nimport { d } from "~/db/d.server";\nexport const m = 1;\n',
      "app/db/d.server.ts": 'import { shared } from "~/utils/shared-data.server";\nexport const d = 1;\n',
      "app/utils/shared-data.server.ts": "export const shared = 1;\n",
      "app/utils/u.ts": 'import { m } from "../models/m.server";\n',
      "app/components/c.tsx": 'import { m } from "~/models/m.server";\nimport { g } from "~/http/guard.server";\n',
    },
    () => {
      expect([...new Set(wrongWay())].sort()).toEqual([
        "app/components/c.tsx -> app/http/guard.server.ts",
        "app/db/d.server.ts -> app/utils/shared-data.server.ts",
        "app/models/m.server.ts -> app/http/guard.server.ts",
        "app/utils/u.ts -> app/models/m.server.ts",
      ]);
      expect(routesReachingTheDatabase()).toEqual([]);
    },
  );
});

test("a route module that reaches the database is found: kysely, a driver, or app/db, however it is imported", () => {
  inFolder(
    {
      "app/routes/page.tsx": 'import { sql } from "kysely";\nimport { getDb } from "~/db/db.server";\nimport type { Row } from "../db/schema";\n',
      "app/routes/driver.tsx": 'import pg from "pg";\nconst glob = "uploads/*";\nimport Database from "better-sqlite3";\n// */\n',
      "app/routes/loads.ts": 'const { Pool } = require("pg/lib/index");\nexport const later = () => import("~/db/db.server");\nimport { pgx } from "pgx";\n',
      "app/db/db.server.ts": "export const getDb = 1;\n",
      "app/db/schema.ts": "export type Row = 1;\n",
      "app/models/m.server.ts": 'import { sql } from "kysely";\nimport { getDb } from "~/db/db.server";\n',
    },
    () => {
      expect(routesReachingTheDatabase().sort()).toEqual([
        "app/routes/driver.tsx -> better-sqlite3",
        "app/routes/driver.tsx -> pg",
        "app/routes/loads.ts -> app/db/db.server.ts",
        "app/routes/loads.ts -> pg/lib/index",
        "app/routes/page.tsx -> app/db/db.server.ts",
        "app/routes/page.tsx -> app/db/schema.ts",
        "app/routes/page.tsx -> kysely",
      ]);
    },
  );
});

test("a domain module that knows Remix or React is found; the components and utils may", () => {
  inFolder(
    {
      "app/models/m.server.ts": 'import { json } from "@remix-run/node";\nimport type { ReactNode } from "react";\n',
      "app/db/d.server.ts": 'const { renderToString } = require("react-dom/server");\n',
      "app/data/catalogue.ts": 'export type Loader = typeof import("@remix-run/react");\nimport { reactive } from "reactive";\n',
      "app/components/c.tsx": 'import { useState } from "react";\nimport { Form } from "@remix-run/react";\n',
      "app/utils/u.ts": 'import { useEffect } from "react";\n',
    },
    () => {
      expect(domainKnowingTheUi().sort()).toEqual([
        "app/data/catalogue.ts -> @remix-run/react",
        "app/db/d.server.ts -> react-dom/server",
        "app/models/m.server.ts -> @remix-run/node",
        "app/models/m.server.ts -> react",
      ]);
    },
  );
});

test("an import() or require() of a computed name is found", () => {
  inFolder(
    {
      "app/models/m.server.ts":
        'const name = "pg";\nexport const a = () => import(name);\nexport const b = require(`./${name}`);\nexport const c = import("./written");\n',
    },
    () => {
      expect(unreadableImports()).toEqual(["app/models/m.server.ts:2", "app/models/m.server.ts:3"]);
    },
  );
});

test("the reading of imports sees every kind of import, and only imports", () => {
  inFolder(
    {
      ...Object.fromEntries(["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((n) => [`app/models/${n}.server.ts`, "export const x = 1;\n"])),
      "app/utils/x.ts": [
        'import { x } from "~/models/a.server";',
        'import type { X } from "../models/b.server";',
        'export { x as y } from "~/models/c.server";',
        'const later = () => import("~/models/d.server");',
        'import "~/models/e.server";',
        'const f = require("~/models/f.server");',
        'type G = typeof import("~/models/g.server");',
        'const glob = "app/*"; // a string holding the opening of a comment does not hide what follows',
        'import { h } from "~/models/h.server";',
        'const url = "https://example.com"; import { i } from "~/models/i.server";',
        'const closing = "*/";',
        '// import { z } from "~/models/nothing";',
        '/* import { z } from "~/models/nothing"; */',
        "const text = 'import { z } from \"~/models/nothing\"';",
      ].join("\n"),
    },
    () => {
      expect(importsOf("app/utils/x.ts")).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((n) => `app/models/${n}.server.ts`));
    },
  );
});

test("a loop between capability folders is found, with the imports that make it; one-way folders pass", () => {
  inFolder(
    {
      "app/models/money/ledger.server.ts": 'import { a } from "~/models/appointments/rules.server";\nexport const l = 1;\n',
      "app/models/appointments/rules.server.ts": 'import { j } from "~/models/jobs/queue.server";\nexport const a = 1;\n',
      "app/models/jobs/queue.server.ts": 'import { l } from "../money/ledger.server";\nexport const j = 1;\n',
      "app/models/catalogue/search.server.ts": 'import { l } from "~/models/money/ledger.server";\nimport { e } from "~/models/refusal";\n',
      "app/models/refusal.ts": "export const e = 1;\n",
    },
    () => {
      expect(capabilityLoops()).toEqual([
        "appointments -> jobs -> money -> appointments (app/models/appointments/rules.server.ts -> app/models/jobs/queue.server.ts; " +
          "app/models/jobs/queue.server.ts -> app/models/money/ledger.server.ts; app/models/money/ledger.server.ts -> app/models/appointments/rules.server.ts)",
      ]);
    },
  );
});
