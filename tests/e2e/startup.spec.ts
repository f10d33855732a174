import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Start-up and shutdown of the production server, as an operator meets them. Not a browser test, so it runs once.
// Ports next to the e2e server's, so several checkouts can run their suites side by side.
const base = Number(process.env.E2E_PORT ?? 3100) + 90;
const [portA, portB, portC] = [base, base + 1, base + 2];

/** Servers a test started; any still running when it ends (a failed expectation) are stopped. */
const running = new Set<ChildProcess>();
test.afterEach(() => {
  for (const child of running) child.kill("SIGTERM");
  running.clear();
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, NODE_ENV: "", ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d));
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
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
  const server = startServer({ PORT: String(portB), NODE_ENV: "production", APP_URL: "https://glow.example", PAYSTACK_SECRET_KEY: "sk_live_x" });
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

/** The first address of this machine that is not loopback (undefined on a machine with only loopback). */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
}

/** The status of GET /healthz at an address, or 0 when nothing answers there; waits for the server to come up. */
async function healthAt(host: string, port: number, tries = 100): Promise<number> {
  for (let i = 0; i < tries; i++) {
    const status = await fetch(`http://${host}:${port}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 0) return status;
    await new Promise((r) => setTimeout(r, 200));
  }
  return 0;
}

test("production requires APP_URL, and the loopback exemptions hold only for a server that listens on loopback only", async () => {
  test.setTimeout(120_000);
  const secret = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) };
  const [noUrl, everywhere, everywhereTestMode] = [
    startServer({ PORT: String(base + 5), ...secret, MAIL_PREVIEW: "true", PAYSTACK_SECRET_KEY: "sk_live_x" }),
    startServer({
      PORT: String(base + 6),
      ...secret,
      APP_URL: `http://localhost:${base + 6}`,
      HOST: "0.0.0.0",
      MAIL_PREVIEW: "true",
      PAYSTACK_SECRET_KEY: "sk_live_x",
    }),
    startServer({ PORT: String(base + 7), ...secret, APP_URL: `http://127.0.0.1:${base + 7}`, HOST: "0.0.0.0" }),
  ];
  expect(await noUrl.exited).toBe(1);
  expect(noUrl.output().stderr.trim().split("\n")).toHaveLength(1);
  expect(noUrl.output().stderr.trim()).toMatch(/^Configuration error: APP_URL is required in production/);
  expect(await everywhere.exited).toBe(1);
  expect(everywhere.output().stderr.trim()).toMatch(/^Configuration error: MAIL_PREVIEW must be off in production/);
  expect(await everywhereTestMode.exited).toBe(1);
  expect(everywhereTestMode.output().stderr.trim()).toMatch(/^Configuration error: PAYSTACK_SECRET_KEY is required in production/);

  // A loopback APP_URL and no HOST: the trial settings are allowed, and the server listens on 127.0.0.1 only.
  const outside = outsideAddress();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-start-"));
  const trial = startServer({
    PORT: String(base + 8),
    ...secret,
    APP_URL: `http://localhost:${base + 8}`,
    MAIL_PREVIEW: "true",
    DATABASE_URL: `file:${path.join(dir, "glow.sqlite")}`,
  });
  try {
    expect(await healthAt("127.0.0.1", base + 8)).toBe(200);
    expect((await fetch(`http://127.0.0.1:${base + 8}/dev/mail.json`)).status).toBe(200);
    if (outside) expect(await healthAt(outside, base + 8, 1)).toBe(0);
  } finally {
    trial.child.kill("SIGTERM");
    await trial.exited;
  }

  // `npm start` on a fresh machine (no NODE_ENV, no APP_URL, test-mode payments): loopback only as well.
  const local = startServer({ PORT: String(base + 9), DATABASE_URL: `file:${path.join(dir, "local.sqlite")}` });
  try {
    expect(await healthAt("127.0.0.1", base + 9)).toBe(200);
    if (outside) expect(await healthAt(outside, base + 9, 1)).toBe(0);
  } finally {
    local.child.kill("SIGTERM");
    await local.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
  // The server runs with the young generation sized for rendering pages (server/node-flags.mjs).
  const [serverPid] = fs.readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, "utf8").trim().split(" ");
  expect(fs.readFileSync(`/proc/${serverPid}/cmdline`, "utf8").split("\0")).toContain("--max-semi-space-size=32");

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
});
