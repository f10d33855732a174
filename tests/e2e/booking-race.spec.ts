import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { customerSession, featuredServiceId, liveAppointmentsAt } from "./booking-db";
import { expect, test } from "./fixtures";

// No double booking across processes: two production servers share the worker's e2e SQLite file, and 24 customers
// press Book Now for the same slot at once, half through each server. Exactly one gets it. Not a browser test: runs once.
const secondPort = Number(process.env.E2E_PORT ?? 3100) + 80;

/** A Monday about five weeks out, Lagos time: the demo vendor is open, and no other test books it. */
function raceDay(): string {
  const d = new Date(Date.now() + 60 * 60_000 + 35 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test("24 customers racing for one slot through two app processes: exactly one booking", async ({ demoServer }) => {
  const mainPort = demoServer.port;
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "",
      PORT: String(secondPort),
      DATABASE_URL: `file:${path.join(demoServer.dataDir, "glow.sqlite")}`,
      APP_URL: `http://localhost:${secondPort}`,
    } as unknown as NodeJS.ProcessEnv,
    stdio: "ignore",
  });
  try {
    let ready = false;
    for (let i = 0; i < 100 && !ready; i++) {
      ready = await fetch(`http://localhost:${secondPort}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready).toBe(true);

    const serviceId = featuredServiceId();
    const day = raceDay();
    const cookies = Array.from({ length: 24 }, (_, i) => customerSession(`race${i}`));
    const responses = await Promise.all(
      cookies.map(async (cookie, i) => {
        const port = i % 2 === 0 ? mainPort : secondPort;
        const response = await fetch(`http://localhost:${port}/booking?service=${serviceId}&date=${day}&time=10`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: `http://localhost:${port}` },
          body: new URLSearchParams({ service: String(serviceId), date: day, time: "10", key: crypto.randomBytes(16).toString("base64url") }),
        });
        return { status: response.status, location: response.headers.get("Location"), body: await response.text() };
      }),
    );
    const winners = responses.filter((r) => r.status === 303);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.location).toMatch(/^\/payment\?order=GLW-[A-Z0-9]{6}$/);
    for (const loser of responses.filter((r) => r.status !== 303)) {
      expect(loser.status).toBe(409);
      expect(loser.body).toContain("That time was just taken. Please pick another time.");
    }
    // 10:00 Lagos is 09:00 UTC.
    expect(liveAppointmentsAt(serviceId, `${day}T09:00:00.000Z`)).toBe(1);
  } finally {
    server.kill("SIGTERM");
  }
});
