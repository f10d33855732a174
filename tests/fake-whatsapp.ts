import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for WhatsApp's Cloud API (POST /{phone-number-id}/messages, what
// app/models/messaging/whatsapp.server.ts uses), on 127.0.0.1. `failNext(n)` makes the next n sends answer 500 (a
// bad minute at Meta); `refuse(template)` answers that template as paused (error 132015), so the sender falls back.

export interface WhatsAppSend {
  messaging_product: string;
  to: string;
  type: string;
  template: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] };
}

export async function startFakeWhatsApp(token: string, phoneNumberId: string) {
  const sent: WhatsAppSend[] = [];
  const refused = new Set<string>();
  let failures = 0;
  let nextId = 1;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk));
    req.on("end", () => {
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== "POST" || req.url !== `/${phoneNumberId}/messages`) return reply(404, { error: { code: 100, message: "Unsupported request" } });
      if (req.headers.authorization !== `Bearer ${token}`) return reply(401, { error: { code: 190, message: "Invalid OAuth access token" } });
      let body: WhatsAppSend;
      try {
        body = JSON.parse(raw) as WhatsAppSend;
      } catch {
        return reply(400, { error: { code: 100, message: "Invalid JSON" } });
      }
      if (failures > 0) {
        failures--;
        return reply(500, { error: { code: 1, message: "An unknown error occurred" } });
      }
      if (refused.has(body.template?.name)) return reply(400, { error: { code: 132015, message: "Template is paused" } });
      sent.push(body);
      return reply(200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${nextId++}` }] });
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
    refuse(template: string) {
      refused.add(template);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
