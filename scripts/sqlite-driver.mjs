// Builds the SQLite driver (better-sqlite3) for CI, reusing this machine's earlier build when there is one.
//
// Its prebuilt binaries cannot be downloaded here, so `npm ci` would compile SQLite from source: about 50 s of one
// core on every run, for the same bytes each time. Like npm's own package cache, the compiled driver is kept in
// ~/.cache/glow (XDG_CACHE_HOME), under a key of everything that decides those bytes: the driver's version, Node's
// ABI and version, the platform and the CPU. A cached driver is used only after it has opened a database and
// answered a query; otherwise it is compiled again. `GLOW_NO_BUILD_CACHE=1` always compiles.
// Usage: node scripts/sqlite-driver.mjs
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const driverDir = path.join(root, "node_modules", "better-sqlite3");
const binary = path.join(driverDir, "build", "Release", "better_sqlite3.node");
const { version } = JSON.parse(fs.readFileSync(path.join(driverDir, "package.json"), "utf8"));
const key = `better-sqlite3-${version}-node${process.version}-abi${process.versions.modules}-${process.platform}-${process.arch}`;
const cacheDir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "glow", key);
const cached = path.join(cacheDir, "better_sqlite3.node");

/** Whether the installed driver loads, opens a database and answers, in a process of its own. */
function works() {
  try {
    const probe = "const D = require('better-sqlite3'); const db = new D(':memory:'); if (db.prepare('select 41 + 1 as n').get().n !== 42) process.exit(1);";
    execFileSync(process.execPath, ["-e", probe], { cwd: root, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

if (!process.env.GLOW_NO_BUILD_CACHE && fs.existsSync(cached)) {
  fs.mkdirSync(path.dirname(binary), { recursive: true });
  fs.copyFileSync(cached, binary);
  if (works()) {
    console.log(`better-sqlite3: this machine's earlier build (${cacheDir})`);
    process.exit(0);
  }
  console.log("better-sqlite3: the cached build does not work here; compiling");
  fs.rmSync(cacheDir, { recursive: true, force: true });
}

const started = Date.now();
execFileSync("npm", ["rebuild", "better-sqlite3"], { cwd: root, stdio: "inherit" });
if (!works()) {
  console.error("better-sqlite3 was built but does not open a database");
  process.exit(1);
}
console.log(`better-sqlite3: compiled in ${Math.round((Date.now() - started) / 1000)} s`);
try {
  fs.mkdirSync(cacheDir, { recursive: true });
  // Written beside, then renamed: a run cut off mid-copy leaves no half a binary under the key.
  fs.copyFileSync(binary, `${cached}.${process.pid}`);
  fs.renameSync(`${cached}.${process.pid}`, cached);
} catch (error) {
  console.log(`better-sqlite3: could not keep the build for next time (${error.message})`);
}
