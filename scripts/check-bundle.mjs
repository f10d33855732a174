// Bundle budget: the JavaScript a first view of each route downloads (entry + root + the route and
// its parents, with their shared chunks), gzip-compressed, must stay within the budget. Fails the build if not.
// Reads the client build's manifest, so run it after `remix build`.
//
// It also fails any route whose first view downloads a chunk of empty `.server` stand-ins. The classic compiler swaps
// each `.server` module that browser code imports for an empty one (`module.exports = {}`); our one-line patch of it
// (patches/@remix-run+dev+*.patch, docs/decisions/002-per-route-server-modules.md) marks those side-effect free, so
// esbuild drops every import that only a loader or an action used. A stand-in chunk that still ships means browser
// code uses a value from a `.server` module, where it is `undefined`: send it through the loader, or move it to a
// module without `.server` in its name.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// The first views most visitors land on (page-weight targets) get the tight budget; the rest a looser one.
const FIRST_VIEW_KB = 100;
const OTHER_KB = 150;
const firstViews = new Set([
  "routes/_index",
  "routes/$",
  "routes/submenu.$slug",
  "routes/search.$slug",
  "routes/details.$id",
  "routes/details._index",
  "routes/booking",
]);
// And a cap on how many files a first view downloads: each is a request on a slow network. The browsing components
// load through app/components/browse.ts and the shell's small modules through app/components/common.ts, so that
// esbuild (which puts modules in a chunk per set of routes reaching them) merges each group into one chunk; a
// route that imports a component file directly splits them again, and this cap says so.
const FIRST_VIEW_FILES = 8;
const budgetOf = (id) => (firstViews.has(id) ? FIRST_VIEW_KB : OTHER_KB);
const dir = "public/build";
const manifestFile = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No client build found: run `remix build` first.");
  process.exit(1);
}
const manifest = JSON.parse(
  fs
    .readFileSync(path.join(dir, manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
);
const gz = new Map();
const code = (url) => fs.readFileSync(path.join("public", url), "utf8");
/** A minified chunk whose only code is `var a=o((r,e)=>{e.exports={}}),...`: nothing but empty stand-ins. */
const onlyStandIns = (url) =>
  /^var[\s,]*;$/.test(
    code(url)
      .replace(/^import\{[^}]*\}from"[^"]+";/, "")
      .replace(/export\{[^}]*\};\s*$/, "")
      .replace(/\w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\)/g, ""),
  );
const gzipSize = (url) => {
  if (!gz.has(url)) gz.set(url, zlib.gzipSync(fs.readFileSync(path.join("public", url)), { level: 9 }).length);
  return gz.get(url);
};

const rows = [];
const standIns = [];
for (const route of Object.values(manifest.routes)) {
  const chain = [];
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.push(r);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
  const bytes = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
  rows.push({ route: route.id, kb: bytes / 1024, budget: budgetOf(route.id), files: files.size });
  for (const f of files) if (onlyStandIns(f)) standIns.push(`${route.id}: ${f}`);
}
rows.sort((a, b) => b.kb - a.kb);
const tooMany = (r) => firstViews.has(r.route) && r.files > FIRST_VIEW_FILES;
const over = rows.filter((r) => r.kb > r.budget || tooMany(r));
for (const r of rows) {
  const flags = `${r.kb > r.budget ? "  OVER BUDGET" : ""}${tooMany(r) ? `  MORE THAN ${FIRST_VIEW_FILES} FILES` : ""}`;
  console.log(`${r.kb.toFixed(1).padStart(7)} KB / ${r.budget} KB  ${String(r.files).padStart(2)} files  ${r.route}${flags}`);
}
console.log(`First-load JavaScript per route, gzip. Budgets: ${FIRST_VIEW_KB} KB and ${FIRST_VIEW_FILES} files for first views, ${OTHER_KB} KB for the rest.`);
if (over.length > 0) console.error(`${over.length} route(s) over budget: ${over.map((r) => r.route).join(", ")}`);
if (standIns.length > 0) {
  console.error("Routes whose first view downloads a chunk of empty `.server` stand-ins (see the top of this script; `remix build --sourcemap`");
  console.error(`names the modules in each chunk's .map):\n  ${standIns.join("\n  ")}`);
}
if (over.length > 0 || standIns.length > 0) process.exit(1);
