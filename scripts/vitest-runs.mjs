// vitest, twice: every test file but those that must run alone, then those alone (vitest.config.ts, ALONE). The
// migration-upgrade test points the app's database handle at one old release after another; a file that ran in the
// same worker meanwhile opened that release's schema (it happened on PostgreSQL, in CI), so it runs in a vitest run
// of its own. Arguments (file filters, -t) go to both runs; with a filter, a run that matches no file passes.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const filtered = args.length > 0 ? ["--passWithNoTests"] : [];
const run = (env) => spawnSync("npx", ["vitest", "run", ...filtered, ...args], { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
const together = run({});
const alone = run({ GLOW_VITEST_ALONE: "1" });
process.exit(together || alone);
