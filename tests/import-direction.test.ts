import fs from "node:fs";
import path from "node:path";
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

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** What a file imports, as written. */
function specifiersOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "");
  return [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!);
}

function importsOf(file: string): string[] {
  return specifiersOf(file).flatMap((specifier) => resolve(file, specifier) ?? []);
}

/**
 * Route modules (and the root, the entries) that reach the database themselves: a query belongs in a domain function
 * (docs/architecture.md, "The database handle"). Neither kysely nor anything of app/db/, types included.
 */
function routesReachingTheDatabase(): string[] {
  return sources("app")
    .filter((file) => layerOf(file) === "routes")
    .flatMap((file) => [
      ...specifiersOf(file).filter((s) => s === "kysely" || s.startsWith("kysely/")).map((s) => `${file} -> ${s}`),
      ...importsOf(file).filter((target) => layerOf(target) === "db").map((target) => `${file} -> ${target}`),
    ]);
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

test("imports in app/ run one way: routes -> components/models -> db -> data, utils importing none of them", () => {
  const found = [...new Set(wrongWay())].sort();
  expect(found, "imports that run the wrong way (see docs/architecture.md)").toEqual([]);
});

test("no route module queries the database: routes import neither kysely nor app/db", () => {
  expect(routesReachingTheDatabase()).toEqual([]);
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

test("a route module that reaches the database is found", () => {
  inFolder(
    {
      "app/routes/page.tsx": 'import { sql } from "kysely";\nimport { getDb } from "~/db/db.server";\nimport type { Row } from "../db/schema";\n',
      "app/db/db.server.ts": "export const getDb = 1;\n",
      "app/db/schema.ts": "export type Row = 1;\n",
      "app/models/m.server.ts": 'import { sql } from "kysely";\nimport { getDb } from "~/db/db.server";\n',
    },
    () => {
      expect(routesReachingTheDatabase()).toEqual([
        "app/routes/page.tsx -> kysely",
        "app/routes/page.tsx -> app/db/db.server.ts",
        "app/routes/page.tsx -> app/db/schema.ts",
      ]);
    },
  );
});

test("the reading of imports sees every kind of import", () => {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "imports-"));
  try {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      fs.mkdirSync("app/utils", { recursive: true });
      fs.mkdirSync("app/models", { recursive: true });
      for (const name of ["a", "b", "c", "d", "e"]) fs.writeFileSync(`app/models/${name}.server.ts`, "export const x = 1;\n");
      fs.writeFileSync(
        "app/utils/x.ts",
        [
          'import { x } from "~/models/a.server";',
          'import type { X } from "../models/b.server";',
          'export { x as y } from "~/models/c.server";',
          'const later = () => import("~/models/d.server");',
          'import "~/models/e.server";',
          '// import { z } from "~/models/nothing";',
        ].join("\n"),
      );
      expect(importsOf("app/utils/x.ts")).toEqual(["a", "b", "c", "d", "e"].map((n) => `app/models/${n}.server.ts`));
    } finally {
      process.chdir(cwd);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
