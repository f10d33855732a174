import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for WhatsApp's Cloud API (POST /{phone-number-id}/messages, what
// app/models/messaging/whatsapp.server.ts uses), on 127.0.0.1. `failNext(n)` makes the next n sends answer 500 (a
// bad minute at Meta); `refuse(template)` answers that template as paused (error 132015), so the sender falls back.
// `status(id, ...)` builds a status callback signed as Meta signs them (X-Hub-Signature-256: sha256=HMAC-SHA256 of the
// raw body with the app secret) and `sendStatus(url, ...)` posts it to our webhook over HTTP.

export interface WhatsAppSend {
  messaging_product: string;
  to: string;
  type: string;
  template: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] };
}

export async function startFakeWhatsApp(token: string, phoneNumberId: string, appSecret = "whatsapp_app_secret_for_tests") {
  const sent: (WhatsAppSend & { messageId: string })[] = [];
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
      const messageId = `wamid.${nextId++}`;
      sent.push({ ...body, messageId });
      return reply(200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: messageId }] });
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
    /** A status callback for sent messages, as the Cloud API posts it. */
    status(statuses: { id: string; status: "sent" | "delivered" | "read" | "failed"; code?: number }[], key = appSecret) {
      const body = JSON.stringify({
        object: "whatsapp_business_account",
        entry: [
          {
            id: "102290129340398",
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: { display_phone_number: "2348000000000", phone_number_id: phoneNumberId },
                  statuses: statuses.map((s) => ({
                    id: s.id,
                    status: s.status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: sent.find((m) => m.messageId === s.id)?.to ?? "",
                    ...(s.status === "failed" ? { errors: [{ code: s.code ?? 131026, title: "Message undeliverable" }] } : {}),
                  })),
                },
              },
            ],
          },
        ],
      });
      return { body, signature: `sha256=${crypto.createHmac("sha256", key).update(body).digest("hex")}` };
    },
    /** Posts a callback to `url` over HTTP; returns the status our webhook answered. */
    async sendStatus(url: string, callback: { body: string; signature: string | null }): Promise<number> {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (callback.signature !== null) headers["X-Hub-Signature-256"] = callback.signature;
      return (await fetch(url, { method: "POST", headers, body: callback.body })).status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
