import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Start-up and shutdown of the production server, as an operator meets them. Not a browser test, so it runs once.
// Ports next to the e2e server's, so several checkouts can run their suites side by side.
const base = Number(process.env.E2E_PORT ?? 3100) + 90;
const [portA, portB, portC] = [base, base + 1, base + 2];

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, NODE_ENV: "", ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d));
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

test("a malformed DATABASE_URL stops start-up with one clear line", async () => {
  const server = startServer({ PORT: String(portA), DATABASE_URL: "mysql://root:secret@db/glow" });
  expect(await server.exited).toBe(1);
  const lines = server.output().stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Configuration error: DATABASE_URL must be file:PATH \(SQLite\) or postgres:\/\//);
  expect(lines[0]).not.toContain("secret");
});

test("production without SESSION_SECRET stops start-up with one clear line", async () => {
  const server = startServer({ PORT: String(portB), NODE_ENV: "production" });
  expect(await server.exited).toBe(1);
  expect(server.output().stderr.trim()).toMatch(/^Configuration error: SESSION_SECRET is required in production/);
});

test("production refuses settings that serve reset links or free payments to anyone, unless APP_URL is loopback", async () => {
  test.setTimeout(90_000);
  const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), APP_URL: "https://glow.example" };
  const [preview, testMode] = [
    startServer({ PORT: String(base + 3), ...production, MAIL_PREVIEW: "true", PAYSTACK_SECRET_KEY: "sk_live_x" }),
    startServer({ PORT: String(base + 4), ...production }),
  ];
  expect(await preview.exited).toBe(1);
  expect(preview.output().stderr.trim().split("\n")).toHaveLength(1);
  expect(preview.output().stderr.trim()).toMatch(/^Configuration error: MAIL_PREVIEW must be off in production/);
  expect(await testMode.exited).toBe(1);
  expect(testMode.output().stderr.trim()).toMatch(/^Configuration error: PAYSTACK_SECRET_KEY is required in production/);
});

test("a fresh data folder is created, migrated and seeded; healthz is ready; SIGTERM drains and exits 0", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-start-"));
  const server = startServer({ PORT: String(portC), DATABASE_URL: `file:${path.join(dir, "sub", "glow.sqlite")}` });
  let status = 0;
  for (let i = 0; i < 100 && status !== 200; i++) {
    status = await fetch(`http://localhost:${portC}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 200) await new Promise((r) => setTimeout(r, 200));
  }
  expect(status).toBe(200);
  expect(fs.existsSync(path.join(dir, "sub", "glow.sqlite"))).toBe(true);
  const home = await fetch(`http://localhost:${portC}/submenu/spa`);
  expect(home.status).toBe(200);
  // Structured request logs: one JSON object per line.
  const logLine = server
    .output()
    .stdout.split("\n")
    .find((l) => l.includes('"msg":"request"'));
  expect(JSON.parse(logLine!)).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/submenu/spa", status: 200 });

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
});
