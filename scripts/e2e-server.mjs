// The server the browser tests run against: the production build, on its own fresh data folder and port.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";

const dataDir = path.resolve("data/e2e");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, ["scripts/start.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "",
    PORT: process.env.E2E_PORT ?? "3100",
    DATABASE_URL: `file:${path.join(dataDir, "glow.sqlite")}`,
    APP_URL: `http://localhost:${process.env.E2E_PORT ?? "3100"}`,
    MAIL_PREVIEW: "true",
    RATE_LIMIT_FACTOR: "50",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
