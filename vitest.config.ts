import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    setupFiles: ["tests/setup/vitest.setup.ts"],
    globalSetup: ["tests/setup/test-database.ts"],
    environment: "node",
    pool: "forks",
    // Two cores: two workers, each test file with its own copy of one seeded database (see tests/setup/).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
