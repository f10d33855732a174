import { getDb, type Executor } from "~/db/db.server";
import type { GiftMoveKind } from "~/db/schema";
import { DomainError } from "~/models/refusal";
import { consumeRateLimits, rateLimitMessage } from "~/models/system/rate-limit.server";
import { normaliseGiftCode } from "~/utils/gift-code.server";
import { isExpired } from "./gift-rules";
import { giftByCode, UNKNOWN_CODE } from "~/models/redemption/redeem.server";

// A gift as its code shows it (the printable voucher page, and the code typed at booking): balance, expiry, salon,
// history. Every check of a code counts against the checker's address, so codes cannot be tried by the thousand.

export const GIFT_CODE_CHECKS = { limit: 20, windowSeconds: 10 * 60 } as const;
export { UNKNOWN_CODE } from "~/models/redemption/redeem.server";

/** The balance of a gift: the sum of its moves. */
export async function giftBalance(db: Executor, giftId: number): Promise<number> {
  const row = await db
    .selectFrom("gift_moves")
    .select((eb) => eb.fn.sum<number>("amount_kobo").as("balance"))
    .where("gift_id", "=", giftId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Counts one check of a code from `ip`; refuses with 429's sentence past the limit. */
export async function countCodeCheck(ip: string, now = new Date()): Promise<void> {
  const verdict = await consumeRateLimits([{ key: `gift-code:ip:${ip}`, ...GIFT_CODE_CHECKS }], now);
  if (!verdict.allowed) throw new DomainError("too-many", rateLimitMessage(verdict.retryAfterSeconds), { retryAfterSeconds: verdict.retryAfterSeconds });
}

export const MOVE_LABEL: Record<GiftMoveKind, string> = {
  sold: "Bought",
  reserved: "Reserved for a booking",
  released: "Given back (booking cancelled)",
  spent: "Spent at the visit",
  refunded: "Refunded to the payer",
  expired: "Expired",
};

export interface Voucher {
  kind: "card" | "voucher";
  serviceTitle: string | null;
  serviceId: number | null;
  vendorId: number;
  businessName: string;
  area: string;
  city: string;
  recipientName: string;
  buyerName: string;
  message: string | null;
  amountKobo: number;
  balanceKobo: number;
  expiresAt: string;
  expired: boolean;
  status: "active" | "refunded";
  history: { kind: GiftMoveKind; label: string; amountKobo: number; at: string; ref: string | null }[];
}

/** The gift of a code (counted against `ip`), or "not found" for any code that is not a paid gift's. */
export async function readVoucher(input: string, ip: string, now = new Date()): Promise<Voucher> {
  await countCodeCheck(ip, now);
  const code = normaliseGiftCode(input);
  if (!code) throw new DomainError("not-found", UNKNOWN_CODE);
  const db = await getDb();
  const gift = await giftByCode(db, code);
  if (!gift || gift.status === "unpaid" || !gift.expires_at) throw new DomainError("not-found", UNKNOWN_CODE);
  const moves = await db
    .selectFrom("gift_moves as m")
    .leftJoin("appointments as a", "a.id", "m.appointment_id")
    .select(["m.kind", "m.amount_kobo", "m.created_at", "a.ref"])
    .where("m.gift_id", "=", gift.id)
    .orderBy("m.id")
    .execute();
  return {
    kind: gift.kind,
    serviceTitle: gift.service_title,
    serviceId: gift.service_id,
    vendorId: gift.vendor_id,
    businessName: gift.business_name,
    area: gift.area,
    city: gift.city,
    recipientName: gift.recipient_name,
    buyerName: gift.buyer_name,
    message: gift.message,
    amountKobo: gift.amount_kobo,
    balanceKobo: moves.reduce((sum, m) => sum + m.amount_kobo, 0),
    expiresAt: gift.expires_at,
    expired: isExpired(gift.expires_at, now),
    status: gift.status === "refunded" ? "refunded" : "active",
    history: moves.map((m) => ({ kind: m.kind, label: MOVE_LABEL[m.kind], amountKobo: m.amount_kobo, at: m.created_at, ref: m.ref })),
  };
}
