import crypto from "node:crypto";
import { CHECKOUT_CHANNELS } from "./paystack-channels";

// Paystack's API, the parts we use: initialize a transaction, verify it, refund it; the list of banks, resolving an
// account number, transfer recipients and transfers (payouts); and webhook signatures.
// https://paystack.com/docs/api/ and https://paystack.com/docs/payments/webhooks/
// Amounts are in kobo on both sides; we only ever charge and pay out in NGN.

const TIMEOUT_MS = 15_000;

export interface VerifiedCharge {
  status: "success" | "failed" | "pending";
  amountKobo: number;
  currency: string;
  /** card, bank_transfer, ussd...: how the payer paid, when Paystack says. */
  channel?: string | null;
}

/** A transfer (payout) as Paystack reports it. */
export interface TransferState {
  status: "success" | "failed" | "reversed" | "pending";
  transferCode: string | null;
  /** The NIP session id a bank traces a paid transfer by, when Paystack gives it. */
  sessionId: string | null;
  reason: string | null;
}

/**
 * The adapter's own failure (unreachable, or an answer we cannot use), not a refusal: no rule of ours said no, and
 * the words are for the log. It never leaves the domain: booking/payments.server.ts and money/refunds.server.ts catch
 * it and log it, or refuse with a DomainError (models/refusal.ts) that says what the person can do.
 */
export class PaystackError extends Error {
  /** The HTTP status Paystack answered with; 0 when it could not be reached or timed out. */
  readonly status: number;
  constructor(message: string, status = 0) {
    super(message);
    this.name = "PaystackError";
    this.status = status;
  }
  /** Paystack answered and said no (a 4xx): asking again the same way gets the same answer. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

type PaystackReply = { status?: unknown; message?: unknown; data?: unknown };

export function createPaystack(options: { secretKey: string; baseUrl: string }) {
  const base = options.baseUrl.replace(/\/$/, "");

  async function call(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    return (await callAny(path, init)) as Record<string, unknown>;
  }

  async function callAny(path: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${options.secretKey}`, "Content-Type": "application/json", ...init.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaystackError(`Paystack unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const body = (await response.json().catch(() => ({}))) as PaystackReply;
    if (!response.ok || body.status !== true || !body.data) {
      throw new PaystackError(
        `Paystack ${path} answered ${response.status}: ${typeof body.message === "string" ? body.message : "no message"}`,
        response.ok ? 502 : response.status,
      );
    }
    return body.data;
  }

  return {
    name: "paystack" as const,

    /** Starts a transaction; returns the page to send the payer to. */
    async initialize(args: { reference: string; amountKobo: number; email: string; callbackUrl: string }): Promise<{ redirectUrl: string }> {
      const data = await call("/transaction/initialize", {
        method: "POST",
        body: JSON.stringify({
          reference: args.reference,
          amount: args.amountKobo,
          email: args.email,
          currency: "NGN",
          callback_url: args.callbackUrl,
          channels: CHECKOUT_CHANNELS,
        }),
      });
      const url = data.authorization_url;
      if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw new PaystackError("Paystack gave no authorization_url");
      return { redirectUrl: url };
    },

    /** What Paystack says about a transaction: the only truth we act on when a payer returns. */
    async verify(reference: string): Promise<VerifiedCharge> {
      const data = await call(`/transaction/verify/${encodeURIComponent(reference)}`);
      return toCharge(data);
    },

    /**
     * Gives `amountKobo` of a successful transaction back to the card or account it came from (POST /refund); without
     * an amount, all that the payer paid (Paystack's default), whatever it was.
     */
    async refund(args: { reference: string; amountKobo?: number }): Promise<{ providerReference: string }> {
      const data = await call("/refund", { method: "POST", body: JSON.stringify({ transaction: args.reference, amount: args.amountKobo }) });
      const id = data.id ?? (data.transaction as Record<string, unknown> | undefined)?.id;
      return { providerReference: `paystack_refund_${String(id ?? args.reference)}` };
    },

    /** A transaction as Paystack reports it, for the operator to read beside Glow's record (GET /transaction/verify). */
    async transactionDetails(reference: string): Promise<ProviderRecord> {
      const data = await call(`/transaction/verify/${encodeURIComponent(reference)}`);
      return toRecord(data, reference, {
        settledAt: data.paid_at ?? data.paidAt,
        reason: data.status === "success" ? null : data.gateway_response,
        channel: data.channel,
      });
    },

    /** A transfer as Paystack reports it, for the operator to read beside Glow's record (GET /transfer/verify). */
    async transferDetails(reference: string): Promise<ProviderRecord> {
      const data = await call(`/transfer/verify/${encodeURIComponent(reference)}`);
      return toRecord(data, reference, { settledAt: data.transferred_at ?? data.updated_at ?? data.updatedAt, reason: data.reason, channel: null });
    },

    /** Nigerian banks that can receive transfers (GET /bank). */
    async banks(): Promise<{ code: string; name: string }[]> {
      const data = await callAny("/bank?country=nigeria&currency=NGN&perPage=100");
      if (!Array.isArray(data)) throw new PaystackError("Paystack gave no list of banks", 502);
      return data
        .filter((b): b is { code: string; name: string } => typeof b?.code === "string" && typeof b?.name === "string" && b.code.length <= 10)
        .map((b) => ({ code: b.code, name: b.name.slice(0, 100) }));
    },

    /** The name the bank holds for an account number (GET /bank/resolve). A 4xx means no such account. */
    async resolveAccount(args: { bankCode: string; number: string }): Promise<{ accountName: string }> {
      const data = await call(`/bank/resolve?account_number=${encodeURIComponent(args.number)}&bank_code=${encodeURIComponent(args.bankCode)}`);
      if (typeof data.account_name !== "string" || data.account_name.trim() === "") throw new PaystackError("Paystack resolved no account name", 502);
      return { accountName: data.account_name.trim().slice(0, 100) };
    },

    /** Registers an account to transfer to (POST /transferrecipient); returns its code. */
    async createRecipient(args: { bankCode: string; number: string; name: string }): Promise<{ recipientCode: string }> {
      const data = await call("/transferrecipient", {
        method: "POST",
        body: JSON.stringify({ type: "nuban", name: args.name, account_number: args.number, bank_code: args.bankCode, currency: "NGN" }),
      });
      if (typeof data.recipient_code !== "string") throw new PaystackError("Paystack gave no recipient_code", 502);
      return { recipientCode: data.recipient_code };
    },

    /** Starts a transfer (POST /transfer). The reference is the idempotency key: Paystack refuses a second use. */
    async transfer(args: { reference: string; amountKobo: number; recipientCode: string; reason: string }): Promise<TransferState> {
      const data = await call("/transfer", {
        method: "POST",
        body: JSON.stringify({
          source: "balance",
          amount: args.amountKobo,
          recipient: args.recipientCode,
          reference: args.reference,
          reason: args.reason,
          currency: "NGN",
        }),
      });
      return toTransfer(data);
    },

    /** What became of a transfer (GET /transfer/verify/{reference}); a 4xx means Paystack has no such transfer. */
    async verifyTransfer(reference: string): Promise<TransferState> {
      return toTransfer(await call(`/transfer/verify/${encodeURIComponent(reference)}`));
    },
  };
}

export type Paystack = ReturnType<typeof createPaystack>;

/** A payment or transfer in Paystack's own words (its status strings, not ours), trimmed to what an operator reads. */
export interface ProviderRecord {
  status: string;
  amountKobo: number | null;
  currency: string | null;
  reference: string;
  createdAt: string | null;
  /** When it was paid (a transaction) or last moved (a transfer). */
  settledAt: string | null;
  /** Why it failed, in the provider's words. */
  reason: string | null;
  channel: string | null;
}

const text = (value: unknown, max: number): string | null => (typeof value === "string" && value !== "" ? value.slice(0, max) : null);

function toRecord(data: Record<string, unknown>, reference: string, more: { settledAt: unknown; reason: unknown; channel: unknown }): ProviderRecord {
  return {
    status: text(data.status, 40) ?? "unknown",
    amountKobo: Number.isFinite(Number(data.amount)) ? Number(data.amount) : null,
    currency: text(data.currency, 3),
    reference: text(data.reference, 100) ?? reference,
    createdAt: text(data.created_at ?? data.createdAt, 40),
    settledAt: text(more.settledAt, 40),
    reason: text(more.reason, 200),
    channel: text(more.channel, 40),
  };
}

function toCharge(data: Record<string, unknown>): VerifiedCharge {
  // "abandoned" is not final at Paystack (a payer may still complete the page); our own 24 hours decide that.
  const status = data.status === "success" ? "success" : data.status === "failed" || data.status === "reversed" ? "failed" : "pending";
  return {
    status,
    amountKobo: Number(data.amount),
    currency: String(data.currency ?? ""),
    channel: typeof data.channel === "string" ? data.channel.slice(0, 40) : null,
  };
}

function toTransfer(data: Record<string, unknown>): TransferState {
  const status = data.status === "success" ? "success" : data.status === "failed" ? "failed" : data.status === "reversed" ? "reversed" : "pending";
  const session = (data.session as Record<string, unknown> | undefined)?.id ?? data.session_id;
  return {
    status,
    transferCode: typeof data.transfer_code === "string" ? data.transfer_code.slice(0, 100) : null,
    sessionId: typeof session === "string" && session !== "" ? session.slice(0, 100) : null,
    reason: typeof data.reason === "string" ? data.reason.slice(0, 200) : null,
  };
}

/** Paystack signs each webhook body with HMAC-SHA512 of the secret key; compared in constant time. */
export function isValidSignature(secretKey: string, rawBody: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = crypto.createHmac("sha512", secretKey).update(rawBody, "utf8").digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export interface WebhookCharge extends VerifiedCharge {
  kind: "charge";
  /** Paystack's id of the event's transaction: with the event name, it identifies a delivery's content. */
  eventId: string;
  reference: string;
}

export interface WebhookTransfer extends TransferState {
  kind: "transfer";
  eventId: string;
  reference: string;
}

export type WebhookEvent = WebhookCharge | WebhookTransfer;

const TRANSFER_EVENTS = ["transfer.success", "transfer.failed", "transfer.reversed"];

/** What a webhook body reports, or null for events we do not act on (or bodies that are not JSON). */
export function readWebhookEvent(rawBody: string): WebhookEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { event, data } = body as { event?: unknown; data?: Record<string, unknown> };
  if (typeof event !== "string" || typeof data !== "object" || data === null) return null;
  if (typeof data.reference !== "string" || data.reference.length > 100) return null;
  const eventId = `paystack:${event}:${String(data.id ?? data.reference).slice(0, 60)}`;
  if (event === "charge.success") return { ...toCharge(data), kind: "charge", eventId, reference: data.reference };
  if (TRANSFER_EVENTS.includes(event)) {
    const state = toTransfer({ ...data, status: event.slice("transfer.".length) });
    return { ...state, kind: "transfer", eventId, reference: data.reference };
  }
  return null;
}
