import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Termii's SMS API (POST /api/sms/send, what app/models/messaging/sms.server.ts uses), on 127.0.0.1.
// `failNext(n)` makes the next n sends answer 500, as a provider's bad minute would.

export interface TermiiSend {
  api_key: string;
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
}

export async function startFakeTermii(apiKey: string) {
  const sent: TermiiSend[] = [];
  let failures = 0;
  let nextId = 3_017_000_000;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk));
    req.on("end", () => {
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== "POST" || req.url !== "/api/sms/send") return reply(404, { message: "Not found" });
      let body: TermiiSend;
      try {
        body = JSON.parse(raw) as TermiiSend;
      } catch {
        return reply(400, { message: "Invalid JSON" });
      }
      if (body.api_key !== apiKey) return reply(401, { message: "Invalid API key" });
      if (failures > 0) {
        failures--;
        return reply(500, { message: "Internal error" });
      }
      sent.push(body);
      return reply(200, { message_id: String(nextId++), message: "Successfully Sent", balance: 100, user: "Glow" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sent,
    failNext(n: number) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
