import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

// A production server of the app in a process of its own, for the tests that need one with settings of their own
// (the hostile-input suite, the remote auth backend). The resilience suite has its own: it kills and restarts it.

export interface App {
  url: string;
  port: number;
  child: ChildProcess;
  /** Lines the server wrote to stdout/stderr (its JSON logs), for finding "request failed" errors. */
  logs: string[];
}

/** Servers this worker started and has not stopped: killed if the worker exits first (an interrupted run). */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Whether something already listens on the loopback port (a server a killed run left behind). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(true));
    server.listen(port, () => server.close(() => resolve(false)));
  });
}

/** Whether the port is free within `ms` (a server a previous worker stopped lets go of it a moment later). */
export async function portFreeWithin(port: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 100))) {
    if (!(await portTaken(port))) return true;
    if (Date.now() > end) return false;
  }
}

export async function startApp(port: number, env: Record<string, string>): Promise<App> {
  // Otherwise the health check below could be answered by that other server, and the test would talk to it.
  if (await portTaken(port)) throw new Error(`port ${port} is already taken by another process (a server left behind by an interrupted run?)`);
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    // A bounded heap, as a small production box has: an input that makes the app hoard memory crashes it here
    // (and fails the test) instead of eating the machine.
    env: {
      ...process.env,
      NODE_ENV: "",
      NODE_OPTIONS: "--max-old-space-size=1024",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const app: App = { url: `http://localhost:${port}`, port, child, logs: [] };
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop()!;
      app.logs.push(...lines);
    });
  }
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the app on port ${port} exited: ${app.logs.slice(-5).join("\n")}`);
    if (
      (await fetch(`${app.url}/healthz`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return app;
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill("SIGKILL"); // no server left behind by a failed start
  throw new Error(`the app on port ${port} did not start`);
}

export async function stopApp(app: App | undefined): Promise<void> {
  if (!app || app.child.exitCode !== null) return;
  const exited = new Promise((r) => app.child.once("exit", r));
  app.child.kill("SIGTERM");
  // A server stuck in shutdown must not hang the suite's afterAll.
  const forced = setTimeout(() => app.child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(forced);
}

/** The errors the app logged as "request failed" (an exception escaped a loader or action) since `from`. */
export function failuresSince(app: App, from: number): string[] {
  return app.logs.slice(from).filter((line) => line.includes('"msg":"request failed"'));
}

/** A loopback port where nothing listens (it was free a moment ago). */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
