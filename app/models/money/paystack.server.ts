import crypto from "node:crypto";

// Paystack's API, the parts we use: initialize a transaction, verify it on return, and check webhook signatures.
// https://paystack.com/docs/api/transaction/ and https://paystack.com/docs/payments/webhooks/
// Amounts are in kobo on both sides; we only ever charge in NGN.

const TIMEOUT_MS = 15_000;

export interface VerifiedCharge {
  status: "success" | "failed" | "pending";
  amountKobo: number;
  currency: string;
}

/**
 * The adapter's own failure (unreachable, or an answer we cannot use), not a refusal: no rule of ours said no, and
 * the words are for the log. It never leaves the domain: booking/payments.server.ts and money/refunds.server.ts catch
 * it and log it, or refuse with a DomainError (models/refusal.ts) that says what the person can do.
 */
export class PaystackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaystackError";
  }
}

type PaystackReply = { status?: unknown; message?: unknown; data?: Record<string, unknown> };

export function createPaystack(options: { secretKey: string; baseUrl: string }) {
  const base = options.baseUrl.replace(/\/$/, "");

  async function call(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
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
      throw new PaystackError(`Paystack ${path} answered ${response.status}: ${typeof body.message === "string" ? body.message : "no message"}`);
    }
    return body.data;
  }

  return {
    name: "paystack" as const,

    /** Starts a transaction; returns the page to send the payer to. */
    async initialize(args: { reference: string; amountKobo: number; email: string; callbackUrl: string }): Promise<{ redirectUrl: string }> {
      const data = await call("/transaction/initialize", {
        method: "POST",
        body: JSON.stringify({ reference: args.reference, amount: args.amountKobo, email: args.email, currency: "NGN", callback_url: args.callbackUrl }),
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

    /** Gives `amountKobo` of a successful transaction back to the card or account it came from (POST /refund). */
    async refund(args: { reference: string; amountKobo: number }): Promise<{ providerReference: string }> {
      const data = await call("/refund", { method: "POST", body: JSON.stringify({ transaction: args.reference, amount: args.amountKobo }) });
      const id = data.id ?? (data.transaction as Record<string, unknown> | undefined)?.id;
      return { providerReference: `paystack_refund_${String(id ?? args.reference)}` };
    },
  };
}

export type Paystack = ReturnType<typeof createPaystack>;

function toCharge(data: Record<string, unknown>): VerifiedCharge {
  const status =
    data.status === "success" ? "success" : data.status === "failed" || data.status === "abandoned" || data.status === "reversed" ? "failed" : "pending";
  return { status, amountKobo: Number(data.amount), currency: String(data.currency ?? "") };
}

/** Paystack signs each webhook body with HMAC-SHA512 of the secret key; compared in constant time. */
export function isValidSignature(secretKey: string, rawBody: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = crypto.createHmac("sha512", secretKey).update(rawBody, "utf8").digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export interface WebhookCharge extends VerifiedCharge {
  /** Paystack's id of the event's transaction: with the event name, it identifies a delivery's content. */
  eventId: string;
  reference: string;
}

/** The charge a webhook body reports, or null for events we do not act on (or bodies that are not JSON). */
export function readWebhookEvent(rawBody: string): WebhookCharge | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { event, data } = body as { event?: unknown; data?: Record<string, unknown> };
  if (event !== "charge.success" || typeof data !== "object" || data === null) return null;
  if (typeof data.reference !== "string" || data.reference.length > 100) return null;
  return { ...toCharge(data), eventId: `paystack:${event}:${String(data.id ?? data.reference)}`, reference: data.reference };
}
