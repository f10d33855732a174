import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Paystack's API (the endpoints app/models/money/paystack.server.ts uses), on 127.0.0.1.
// Tests drive the payer's side with `pay(reference)` and build signed webhooks with `webhook(...)`.

interface Transaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string;
  status: "ongoing" | "success" | "failed";
}

export async function startFakePaystack(secretKey: string) {
  const transactions = new Map<string, Transaction>();
  let nextId = 4_000_000;
  const requests: { method: string; path: string; body: unknown }[] = [];
  const refunds: { id: number; reference: string; amount: number }[] = [];

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk));
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      requests.push({ method: req.method!, path: req.url!, body });
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) return reply(401, { status: false, message: "Invalid key" });
      if (req.method === "POST" && req.url === "/transaction/initialize" && body) {
        const reference = String(body.reference);
        transactions.set(reference, {
          id: nextId++,
          reference,
          amount: Number(body.amount),
          currency: String(body.currency),
          email: String(body.email),
          callbackUrl: String(body.callback_url),
          status: "ongoing",
        });
        return reply(200, {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `${url}/pay/${reference}`, access_code: "ac_fake", reference },
        });
      }
      const verify = /^\/transaction\/verify\/([\w.=-]+)$/.exec(req.url ?? "");
      if (req.method === "GET" && verify) {
        const t = transactions.get(verify[1]!);
        if (!t) return reply(400, { status: false, message: "Transaction reference not found" });
        return reply(200, {
          status: true,
          message: "Verification successful",
          data: { id: t.id, status: t.status === "ongoing" ? "ongoing" : t.status, reference: t.reference, amount: t.amount, currency: t.currency },
        });
      }
      if (req.method === "POST" && req.url === "/refund" && body) {
        const t = transactions.get(String(body.transaction));
        if (!t || t.status !== "success") return reply(400, { status: false, message: "Transaction not found or not successful" });
        const amount = body.amount === undefined ? t.amount : Number(body.amount);
        const given = refunds.filter((r) => r.reference === t.reference).reduce((sum, r) => sum + r.amount, 0);
        if (!(amount > 0) || given + amount > t.amount) return reply(400, { status: false, message: "Refund amount exceeds transaction amount" });
        const refund = { id: nextId++, reference: t.reference, amount };
        refunds.push(refund);
        return reply(200, {
          status: true,
          message: "Refund has been queued for processing",
          data: { id: refund.id, transaction: { id: t.id, reference: t.reference }, amount, currency: "NGN", status: "pending" },
        });
      }
      reply(404, { status: false, message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    transactions,
    refunds,
    /** The payer completes (or fails) the payment on Paystack's page; returns where Paystack sends them back. */
    pay(reference: string, outcome: "success" | "failed" = "success"): string {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      t.status = outcome;
      return `${t.callbackUrl}${t.callbackUrl.includes("?") ? "&" : "?"}trxref=${reference}`;
    },
    /** A webhook delivery as Paystack sends it: raw JSON body and its HMAC-SHA512 signature. */
    webhook(reference: string, overrides: { amount?: number; currency?: string; key?: string } = {}) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      const body = JSON.stringify({
        event: "charge.success",
        data: {
          id: t.id,
          status: "success",
          reference,
          amount: overrides.amount ?? t.amount,
          currency: overrides.currency ?? t.currency,
          customer: { email: t.email },
        },
      });
      const signature = crypto
        .createHmac("sha512", overrides.key ?? secretKey)
        .update(body)
        .digest("hex");
      return { body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;
