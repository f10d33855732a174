import path from "node:path";
import { defineConfig } from "vitest/config";

const TESTS = ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"];
const NOT_TESTS = ["tests/e2e/**", "node_modules/**"];

// Files that set environment variables or mock modules before the app reads them (settings are parsed once per
// module graph, app/utils/env.server.ts): they get a module graph of their own.
const OWN_MODULES = [
  "app/models/messaging/mail.server.test.ts",
  "app/models/messaging/sms.server.test.ts",
  "app/models/messaging/customer-texts.server.test.ts",
  "app/routes/dev.mail.test.ts",
  "app/routes/webhooks.paystack.test.ts",
  "app/models/booking/reconcile.server.test.ts",
  "app/models/gifts/paystack-gifts.server.test.ts",
  "app/models/money/transfers.server.test.ts",
  "app/routes/admin.payouts/provider.test.ts",
  "app/models/messaging/delivery-receipts.server.test.ts",
  "app/utils/client-ip.server.test.ts",
  "app/utils/day-input.server.test.ts",
  "app/utils/time.test.ts",
  // Its own database file on SQLite (DATABASE_URL set before the app reads it), for the backup scripts to read.
  "tests/backup-restore.test.ts",
];

// Files that run in a vitest run of their own, after the others (scripts/vitest-runs.mjs, GLOW_VITEST_ALONE): the
// migration-upgrade tests start the app on a database of each earlier release in turn (the database handle's
// hooks, app/db/db.server.ts), and nothing else may open a database in their process meanwhile. They split the
// releases between them (tests/upgrades.ts), so the run's two workers take one file each, side by side.
const ALONE = ["app/db/upgrade.server.test.ts", "app/db/upgrade-even.server.test.ts"];
const alone = process.env.GLOW_VITEST_ALONE === "1";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    setupFiles: ["tests/setup/vitest.setup.ts"],
    globalSetup: ["tests/setup/test-database.ts"],
    environment: "node",
    pool: "forks",
    // Two cores: two workers, each test file with its own copy of one seeded database (see tests/setup/).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: alone
      ? [{ extends: true, test: { name: "alone", isolate: true, include: ALONE } }]
      : [
          // Most files share their worker's module graph (isolate: false): importing the app once per worker instead of
          // once per file takes a vitest run from about 40 s to about 12 s. Each file still gets its own database
          // (tests/setup/vitest.setup.ts runs before every file and drops the previous file's handle).
          { extends: true, test: { name: "shared", isolate: false, include: TESTS, exclude: [...NOT_TESTS, ...OWN_MODULES, ...ALONE] } },
          { extends: true, test: { name: "own-modules", isolate: true, include: OWN_MODULES } },
        ],
  },
});
