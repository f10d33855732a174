// Bundle budget (issue 7): the JavaScript a first view of each route downloads (entry + root + the route and
// its parents, with their shared chunks), gzip-compressed, must stay within the budget. Fails the build if not.
// Reads the client build's manifest, so run it after `remix build`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// The first views most visitors land on (issue 7's page-weight targets) get the tight budget; the rest a looser one.
const FIRST_VIEW_KB = 100;
const OTHER_KB = 150;
const firstViews = new Set(["routes/_index", "routes/$", "routes/submenu.$slug", "routes/search.$slug", "routes/details.$id", "routes/details._index", "routes/booking"]);
const budgetOf = (id) => (firstViews.has(id) ? FIRST_VIEW_KB : OTHER_KB);
const dir = "public/build";
const manifestFile = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No client build found: run `remix build` first.");
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(path.join(dir, manifestFile), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
const gz = new Map();
const gzipSize = (url) => {
  if (!gz.has(url)) gz.set(url, zlib.gzipSync(fs.readFileSync(path.join("public", url)), { level: 9 }).length);
  return gz.get(url);
};

const rows = [];
for (const route of Object.values(manifest.routes)) {
  const chain = [];
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.push(r);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
  const bytes = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
  rows.push({ route: route.id, kb: bytes / 1024, budget: budgetOf(route.id) });
}
rows.sort((a, b) => b.kb - a.kb);
const over = rows.filter((r) => r.kb > r.budget);
for (const r of rows) console.log(`${r.kb.toFixed(1).padStart(7)} KB / ${r.budget} KB  ${r.route}${r.kb > r.budget ? "  OVER BUDGET" : ""}`);
console.log(`First-load JavaScript per route, gzip. Budgets: ${FIRST_VIEW_KB} KB for first views, ${OTHER_KB} KB for the rest.`);
if (over.length > 0) {
  console.error(`${over.length} route(s) over budget: ${over.map((r) => r.route).join(", ")}`);
  process.exit(1);
}
