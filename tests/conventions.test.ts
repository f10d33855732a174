import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

test("the app imports zod only through ~/utils/zod, which makes it jitless in the browser (no CSP violation)", () => {
  const direct = sources("app").filter((file) => file !== path.join("app", "utils", "zod.ts") && /from ["']zod(\/[^"']*)?["']/.test(fs.readFileSync(file, "utf8")));
  expect(direct).toEqual([]);
});

test("the router and the compiler are patched as patches/ says (npm install without scripts would skip them)", async () => {
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  // The files Node loads for the server build: the packages' CommonJS entries.
  const patched = {
    "@remix-run/router": ["rankedBranchesCache", "compiledPaths"],
    "react-router-dom/server": ["staticDataRoutesCache"],
    "@remix-run/react/dist/server.js": ["cachedServerRoutes"],
    // The compiler's empty `.server` stand-ins are side-effect free (docs/decisions/002-per-route-server-modules.md).
    "@remix-run/dev/dist/compiler/plugins/emptyModules.js": ['namespace: "empty-module",\n            sideEffects: false'],
  };
  for (const [id, markers] of Object.entries(patched)) {
    const text = fs.readFileSync(require.resolve(id), "utf8");
    for (const marker of markers) expect(text, `${id} lacks ${marker}: run npm install (patch-package)`).toContain(marker);
  }
  expect(fs.readdirSync("patches").sort()).toEqual(["@remix-run+dev+2.17.5.patch", "@remix-run+react+2.17.5.patch", "@remix-run+router+1.23.3.patch", "react-router-dom+6.30.4.patch"]);
});

test("code cites only documents in the repository (docs/), never an issue number or an outside document", () => {
  // A maintainer who clones the repository has docs/ and the code; not the issue tracker, the product spec's
  // sections or the design notes those came from. Say the why, or point at docs/architecture.md, docs/domain.md or
  // a docs/decisions/ record.
  const outside = /DESIGN(\.md)?\s*§|\b[Ss]pec(ification)?\s*§|\bSTYLE(\.md\b| ")|\b[Ii]ssue\s+#?\d+|§\s*\d/;
  const roots = ["app", "tests", "scripts", "server", "ops"].filter((dir) => fs.existsSync(dir));
  const files = [
    ...roots.flatMap((dir) =>
      fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) =>
        entry.isFile() && /\.(ts|tsx|mjs|js|css|conf|sh)$/.test(entry.name) ? [path.join(entry.parentPath, entry.name)] : [],
      ),
    ),
    ...["remix.config.js", "vitest.config.ts", "playwright.config.ts", ".ci/run"].filter((file) => fs.existsSync(file)),
  ].filter((file) => file !== path.join("tests", "conventions.test.ts"));
  const cites = files.flatMap((file) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (outside.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(cites).toEqual([]);
});
