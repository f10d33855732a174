import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Termii's SMS API (POST /api/sms/send, what app/models/messaging/sms.server.ts uses), on 127.0.0.1.
// `failNext(n)` makes the next n sends answer 500, as a provider's bad minute would. `sendReceipt(url, id, status)`
// posts a delivery report for a sent message to our webhook, signed as Termii signs them (HMAC-SHA512, hex, in
// X-Termii-Signature, with the account's secret key).

export interface TermiiSend {
  api_key: string;
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
}

export async function startFakeTermii(apiKey: string, secretKey = "termii_secret_for_tests") {
  const sent: (TermiiSend & { messageId: string })[] = [];
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
      const messageId = String(nextId++);
      sent.push({ ...body, messageId });
      return reply(200, { message_id: messageId, message: "Successfully Sent", balance: 100, user: "Glow" });
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
    /** A delivery report as Termii posts it; `status` in Termii's words, e.g. "DELIVERED | Message delivered to handset". */
    receipt(messageId: string, status: string, key = secretKey) {
      const message = sent.find((m) => m.messageId === messageId);
      const body = JSON.stringify({
        type: "outbound",
        id: `req-${messageId}`,
        message_id: messageId,
        receiver: message?.to ?? "",
        sender: message?.from ?? "Glow",
        message: message?.sms ?? "",
        sent_at: new Date().toISOString().slice(0, 19).replace("T", " "),
        cost: "2",
        status,
        channel: "dnd",
      });
      return { body, signature: crypto.createHmac("sha512", key).update(body).digest("hex") };
    },
    /** Posts a report to `url` over HTTP; returns the status our webhook answered. */
    async sendReceipt(url: string, report: { body: string; signature: string | null }): Promise<number> {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (report.signature !== null) headers["X-Termii-Signature"] = report.signature;
      return (await fetch(url, { method: "POST", headers, body: report.body })).status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
