import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// Imports in app/ run one way (docs/architecture.md): routes -> components and models -> db -> data, with utils as
// the ground every layer may stand on and that stands on none of them. This reads every import of app/ (type-only
// imports too: they are dependencies for a reader) and fails when one runs the wrong way.

type Layer = "routes" | "caches" | "components" | "models" | "db" | "data" | "utils" | "styles";

/**
 * Higher imports lower, never the reverse. Components and models are side by side: a component may import a
 * model's types and pure helpers (the other way round is wrong: the domain knows no UI). The in-process page and
 * data caches sit just below the routes: they serve HTTP, so the domain and the database must not reach up to them.
 */
const rank: Record<Layer, number> = { routes: 5, caches: 4, components: 3, models: 3, db: 2, data: 1, utils: 0, styles: -1 };
const CACHES = new Set(["app/utils/cache.server.ts", "app/utils/page-cache.server.ts", "app/utils/shared-data.server.ts"]);

/**
 * Imports that run the wrong way today. Each is to be REMOVED by moving code (not by adding to this list): the test
 * also fails when an entry no longer exists, so the list can only shrink.
 */
const KNOWN_WRONG_WAY = [
  // HTTP glue that lives in utils but needs the domain: belongs in a route-side module of its own.
  "app/utils/auth-route.server.ts -> app/models/auth-client.server.ts",
  "app/utils/auth-route.server.ts -> app/models/rate-limit.server.ts",
  "app/utils/reset-cookie.server.ts -> app/models/auth.server.ts",
  "app/utils/viewer.server.ts -> app/models/recently-viewed.server.ts",
  // Graceful shutdown closes the database: belongs with the server's start-up, not in utils.
  "app/utils/shutdown.server.ts -> app/db/db.server.ts",
  // The seed uses the domain's fee rule and password hashing: they belong below the database (or the seed above it).
  "app/db/seed.server.ts -> app/models/fees.ts",
  "app/db/seed.server.ts -> app/models/password.server.ts",
  // The database handle forgets cached shared data on writes (a Kysely plugin); the cache should subscribe instead.
  "app/db/db.server.ts -> app/utils/shared-data.server.ts",
  // The domain caches Home's blocks itself; the loaders should.
  "app/models/content.server.ts -> app/utils/shared-data.server.ts",
  // Components take a type from the root route: the type belongs in the component (or a model).
  "app/components/category-banner.tsx -> app/root.tsx",
  "app/components/vendor-picture.tsx -> app/root.tsx",
];

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
  if (top === "components" || top === "models" || top === "db" || top === "data" || top === "utils" || top === "styles") return top;
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

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "");
  return [...text.matchAll(IMPORT)].flatMap((m) => resolve(file, (m[1] ?? m[2])!) ?? []);
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
  const unexpected = found.filter((edge) => !KNOWN_WRONG_WAY.includes(edge));
  expect(unexpected, "new imports that run the wrong way (see docs/architecture.md)").toEqual([]);
  const gone = KNOWN_WRONG_WAY.filter((edge) => !found.includes(edge));
  expect(gone, "fixed: remove these from KNOWN_WRONG_WAY").toEqual([]);
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
