import crypto from "node:crypto";
import { getDb } from "~/db/db.server";
import type { PhoneChannel } from "~/db/schema";
import { log } from "~/utils/log.server";
import { statusAfterReceipt, termiiStatus, whatsappStatus, type ReportedStatus } from "./receipt-status";
import { queueSms } from "./sms.server";
import type { WhatsAppMessage } from "./whatsapp.server";

// Delivery receipts from Termii and WhatsApp (docs/operations/messaging.md, "Delivery receipts"): each names a phone
// message by the provider's id and says what became of it. Verified by the caller (the webhook routes) with the
// provider's signature; applied here once: a compare-and-set on the status, so a repeated or late receipt changes
// nothing. A WhatsApp message the network could not deliver falls back to its text message, as a refused one does.

export interface Receipt {
  channel: PhoneChannel;
  providerId: string;
  status: ReportedStatus;
  /** The provider's words for a failure. */
  error: string | null;
}

/** Constant-time comparison of two hex signatures (any other length or form is simply unequal). */
function sameHex(expected: string, given: string | null): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return crypto.timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given.toLowerCase(), "hex"));
}

/** Termii signs the raw body with HMAC-SHA512 and the account's secret key, hex, in X-Termii-Signature. */
export function isTermiiSigned(secret: string, rawBody: string, signature: string | null): boolean {
  return sameHex(crypto.createHmac("sha512", secret).update(rawBody).digest("hex"), signature);
}

/** Meta signs the raw body with HMAC-SHA256 and the app secret: X-Hub-Signature-256: sha256=<hex>. */
export function isWhatsAppSigned(appSecret: string, rawBody: string, signature: string | null): boolean {
  const hex = signature?.startsWith("sha256=") ? signature.slice("sha256=".length) : null;
  return sameHex(crypto.createHmac("sha256", appSecret).update(rawBody).digest("hex"), hex);
}

const parse = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};
const text = (value: unknown, max: number) => (typeof value === "string" || typeof value === "number" ? String(value).slice(0, max) : null);

/** A Termii delivery report ({ type: "outbound", message_id, status, ... }); null when it is not one. */
export function readTermiiReceipt(raw: string): Receipt | null | "malformed" {
  const body = parse(raw) as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object") return "malformed";
  const providerId = text(body.message_id, 100);
  const status = typeof body.status === "string" ? termiiStatus(body.status) : null;
  if (!providerId || !status) return null;
  return { channel: "sms", providerId, status, error: status === "failed" ? text(body.status, 200) : null };
}

/** The statuses in a WhatsApp Cloud API callback (entry[].changes[].value.statuses[]); "malformed" when it is not JSON of that shape. */
export function readWhatsAppReceipts(raw: string): Receipt[] | "malformed" {
  const body = parse(raw) as { entry?: { changes?: { value?: { statuses?: Record<string, unknown>[] } }[] }[] } | undefined;
  if (!body || typeof body !== "object" || !Array.isArray(body.entry)) return "malformed";
  const receipts: Receipt[] = [];
  for (const entry of body.entry.slice(0, 50))
    for (const change of (Array.isArray(entry?.changes) ? entry.changes : []).slice(0, 50))
      for (const s of (Array.isArray(change?.value?.statuses) ? change.value.statuses : []).slice(0, 100)) {
        const providerId = text(s?.id, 200);
        const status = typeof s?.status === "string" ? whatsappStatus(s.status) : null;
        if (!providerId || !status) continue;
        const first = Array.isArray(s.errors) ? (s.errors[0] as Record<string, unknown> | undefined) : undefined;
        const error = status === "failed" ? `WhatsApp: ${text(first?.code, 20) ?? ""} ${text(first?.title ?? first?.message, 180) ?? "failed"}`.trim() : null;
        receipts.push({ channel: "whatsapp", providerId, status, error });
      }
  return receipts;
}

/** Applies one receipt: "applied", "unchanged" (a repeat, late, or not a move forward), or "unknown" (not our message). */
export async function applyReceipt(receipt: Receipt, now = new Date()): Promise<"applied" | "unchanged" | "unknown"> {
  const db = await getDb();
  const row = await db
    .selectFrom("sms_outbox")
    .selectAll()
    .where("channel", "=", receipt.channel)
    .where("provider_id", "=", receipt.providerId)
    .executeTakeFirst();
  if (!row) {
    log.info("delivery receipt for a message that is not ours", { channel: receipt.channel, providerId: receipt.providerId });
    return "unknown";
  }
  const next = statusAfterReceipt(row.status, receipt.status);
  if (!next) return "unchanged";
  return db.transaction().execute(async (tx) => {
    const moved = await tx
      .updateTable("sms_outbox")
      .set({ status: next, receipt_at: now.toISOString(), ...(receipt.error ? { last_error: receipt.error } : {}) })
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    // Another receipt moved it first: that one decides.
    if (Number(moved.numUpdatedRows) === 0) return "unchanged";
    if (next === "failed" && row.channel === "whatsapp") {
      const fallback = (JSON.parse(row.params ?? "{}") as { fallback?: WhatsAppMessage["fallback"] }).fallback;
      if (fallback) await queueSms(tx, { ...fallback, userId: row.user_id, vendorId: row.vendor_id, appointmentId: row.appointment_id }, now);
      log.warn("whatsapp not delivered (receipt), falling back", { id: row.id, error: receipt.error, fallback: Boolean(fallback) });
    }
    return "applied";
  });
}
