import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Paystack's API (every endpoint app/models/money/paystack.server.ts uses), on 127.0.0.1.
// Tests drive the payer's side with `pay(reference)`, a transfer's outcome with `settleTransfer(reference, ...)`,
// and the provider's health with `failNext` (5xx answers, or connections cut as a timeout would). Webhooks are
// signed as Paystack signs them: `webhook(...)` builds one, and every event the fake raises (a charge paid, a
// transfer settled) also waits in `outbox`, which `deliverWebhooks` sends in order, reversed, repeated or with some
// dropped, to whatever the test delivers them to (a route's action, or a server's URL).

interface Transaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string;
  channels: string[];
  channel: string | null;
  status: "ongoing" | "success" | "failed";
  createdAt: string;
  paidAt: string | null;
  gatewayResponse: string;
}

interface Transfer {
  id: number;
  reference: string;
  amount: number;
  recipient: string;
  transferCode: string;
  status: "pending" | "success" | "failed" | "reversed";
  sessionId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SignedWebhook {
  body: string;
  signature: string;
}

/** The banks the fake lists (GET /bank), a few of Paystack's real entries. */
export const FAKE_BANKS = [
  { id: 1, name: "Access Bank", code: "044", country: "Nigeria", currency: "NGN", type: "nuban", active: true },
  { id: 9, name: "Guaranty Trust Bank", code: "058", country: "Nigeria", currency: "NGN", type: "nuban", active: true },
  { id: 7, name: "First Bank of Nigeria", code: "011", country: "Nigeria", currency: "NGN", type: "nuban", active: true },
  { id: 21, name: "Zenith Bank", code: "057", country: "Nigeria", currency: "NGN", type: "nuban", active: true },
  { id: 171, name: "OPay Digital Services Limited (OPay)", code: "999992", country: "Nigeria", currency: "NGN", type: "nuban", active: true },
];

export async function startFakePaystack(secretKey: string) {
  const transactions = new Map<string, Transaction>();
  const transfers = new Map<string, Transfer>();
  const recipients = new Map<string, { code: string; name: string; accountNumber: string; bankCode: string }>();
  /** Account names by "bankCode:number": what GET /bank/resolve answers. */
  const accounts = new Map<string, string>();
  let nextId = 4_000_000;
  const requests: { method: string; path: string; body: unknown }[] = [];
  const refunds: { id: number; reference: string; amount: number }[] = [];
  const outbox: SignedWebhook[] = [];
  let failures: ("5xx" | "cut")[] = [];

  const sign = (payload: unknown, key = secretKey): SignedWebhook => {
    const body = JSON.stringify(payload);
    return { body, signature: crypto.createHmac("sha512", key).update(body).digest("hex") };
  };
  const transferData = (t: Transfer) => ({
    id: t.id,
    reference: t.reference,
    amount: t.amount,
    currency: "NGN",
    status: t.status,
    transfer_code: t.transferCode,
    recipient: { recipient_code: t.recipient },
    session: { provider: "nip", id: t.sessionId },
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    reason: t.status === "failed" ? "Could not credit the beneficiary account" : t.status === "reversed" ? "Reversed by the beneficiary bank" : null,
  });

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk));
    req.on("end", () => {
      let body: Record<string, unknown> | undefined;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      } catch {
        body = undefined;
      }
      requests.push({ method: req.method!, path: req.url!, body });
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const failure = failures.shift();
      if (failure === "cut") return req.socket.destroy();
      if (failure === "5xx") return reply(502, { status: false, message: "Bad gateway" });
      if (req.headers.authorization !== `Bearer ${secretKey}`) return reply(401, { status: false, message: "Invalid key" });
      const url = new URL(req.url ?? "/", "http://fake");
      const path = url.pathname;

      if (req.method === "POST" && path === "/transaction/initialize" && body) {
        const reference = String(body.reference);
        if (transactions.has(reference)) return reply(400, { status: false, message: "Duplicate Transaction Reference" });
        transactions.set(reference, {
          id: nextId++,
          reference,
          amount: Number(body.amount),
          currency: String(body.currency),
          email: String(body.email),
          callbackUrl: String(body.callback_url),
          channels: Array.isArray(body.channels) ? body.channels.map(String) : [],
          channel: null,
          status: "ongoing",
          createdAt: new Date().toISOString(),
          paidAt: null,
          gatewayResponse: "The transaction was not completed",
        });
        return reply(200, {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `${fakeUrl}/pay/${reference}`, access_code: "ac_fake", reference },
        });
      }
      const verify = /^\/transaction\/verify\/([\w.=-]+)$/.exec(path);
      if (req.method === "GET" && verify) {
        const t = transactions.get(verify[1]!);
        if (!t) return reply(400, { status: false, message: "Transaction reference not found" });
        return reply(200, {
          status: true,
          message: "Verification successful",
          data: {
            id: t.id,
            status: t.status,
            reference: t.reference,
            amount: t.amount,
            currency: t.currency,
            channel: t.channel,
            created_at: t.createdAt,
            paid_at: t.paidAt,
            gateway_response: t.gatewayResponse,
          },
        });
      }
      if (req.method === "POST" && path === "/refund" && body) {
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
      if (req.method === "GET" && path === "/bank") return reply(200, { status: true, message: "Banks retrieved", data: FAKE_BANKS });
      if (req.method === "GET" && path === "/bank/resolve") {
        const name = accounts.get(`${url.searchParams.get("bank_code")}:${url.searchParams.get("account_number")}`);
        if (!name) return reply(422, { status: false, message: "Could not resolve account name. Check parameters or try again." });
        return reply(200, {
          status: true,
          message: "Account number resolved",
          data: { account_number: url.searchParams.get("account_number"), account_name: name },
        });
      }
      if (req.method === "POST" && path === "/transferrecipient" && body) {
        const key = `${String(body.bank_code)}:${String(body.account_number)}`;
        if (!accounts.has(key)) return reply(422, { status: false, message: "Cannot resolve account" });
        const existing = recipients.get(key);
        const recipient = existing ?? {
          code: `RCP_${nextId++}`,
          name: String(body.name),
          accountNumber: String(body.account_number),
          bankCode: String(body.bank_code),
        };
        recipients.set(key, recipient);
        return reply(201, { status: true, message: "Transfer recipient created successfully", data: { recipient_code: recipient.code, active: true } });
      }
      if (req.method === "POST" && path === "/transfer" && body) {
        const reference = String(body.reference);
        if (!/^[a-z0-9_-]{16,50}$/.test(reference)) return reply(400, { status: false, message: "Invalid transfer reference" });
        if (transfers.has(reference)) return reply(400, { status: false, message: "Transfer reference already exists" });
        if (![...recipients.values()].some((r) => r.code === body.recipient)) return reply(400, { status: false, message: "Invalid recipient" });
        const t: Transfer = {
          id: nextId++,
          reference,
          amount: Number(body.amount),
          recipient: String(body.recipient),
          transferCode: `TRF_${nextId++}`,
          status: "pending",
          sessionId: null,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        };
        transfers.set(reference, t);
        return reply(200, { status: true, message: "Transfer has been queued", data: transferData(t) });
      }
      const transferVerify = /^\/transfer\/verify\/([\w-]+)$/.exec(path);
      if (req.method === "GET" && transferVerify) {
        const t = transfers.get(transferVerify[1]!);
        if (!t) return reply(404, { status: false, message: "Transfer not found" });
        return reply(200, { status: true, message: "Transfer retrieved", data: transferData(t) });
      }
      reply(404, { status: false, message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: fakeUrl,
    requests,
    transactions,
    transfers,
    refunds,
    accounts,
    outbox,
    /** The next `count` requests fail: "5xx" answers 502, "cut" drops the connection (as a timeout ends). */
    failNext(count: number, how: "5xx" | "cut" = "5xx") {
      failures = Array.from({ length: count }, () => how);
    },
    /** The payer completes (or fails) the payment on Paystack's page; returns where Paystack sends them back. */
    pay(reference: string, outcome: "success" | "failed" = "success", channel = "card"): string {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      t.status = outcome;
      t.channel = channel;
      t.paidAt = outcome === "success" ? new Date().toISOString() : null;
      t.gatewayResponse = outcome === "success" ? "Approved" : "Declined by the card issuer";
      if (outcome === "success") outbox.push(this.webhook(reference));
      return `${t.callbackUrl}${t.callbackUrl.includes("?") ? "&" : "?"}trxref=${reference}`;
    },
    /** A charge.success delivery as Paystack sends it: raw JSON body and its HMAC-SHA512 signature. */
    webhook(reference: string, overrides: { amount?: number; currency?: string; key?: string } = {}): SignedWebhook {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      return sign(
        {
          event: "charge.success",
          data: {
            id: t.id,
            status: "success",
            reference,
            amount: overrides.amount ?? t.amount,
            currency: overrides.currency ?? t.currency,
            channel: t.channel ?? "card",
            customer: { email: t.email },
          },
        },
        overrides.key,
      );
    },
    /** The bank's answer to a transfer: success (with a session id), failed, or reversed after success. */
    settleTransfer(reference: string, outcome: "success" | "failed" | "reversed"): SignedWebhook {
      const t = transfers.get(reference);
      if (!t) throw new Error(`no transfer ${reference}`);
      t.status = outcome;
      t.updatedAt = new Date().toISOString();
      if (outcome === "success") t.sessionId = `100004${String(t.id).padStart(24, "0")}`;
      const hook = sign({ event: `transfer.${outcome}`, data: transferData(t) });
      outbox.push(hook);
      return hook;
    },
    /**
     * Sends the waiting webhooks to `deliver` and empties the outbox: in order, reversed, each `repeat` times, with
     * those `drop` picks left out. Returns the statuses `deliver` reported.
     */
    async deliverWebhooks(
      deliver: (hook: SignedWebhook) => Promise<number>,
      options: { order?: "sent" | "reversed"; repeat?: number; drop?: (hook: SignedWebhook, index: number) => boolean } = {},
    ): Promise<number[]> {
      const waiting = outbox.splice(0, outbox.length).filter((hook, i) => !options.drop?.(hook, i));
      if (options.order === "reversed") waiting.reverse();
      const statuses: number[] = [];
      for (let round = 0; round < (options.repeat ?? 1); round++) for (const hook of waiting) statuses.push(await deliver(hook));
      return statuses;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;
