import { getDb } from "~/db/db.server";
import { giftBalance, giftMoveCount } from "./gift-balance.server";
import { isExpired, isUnused, withinRefundWindow } from "./gift-rules";

// The gifts a vendor sold, for its gifts page: newest first, with each one's balance now (the sum of its moves).

export interface SoldGift {
  id: number;
  what: string;
  recipientName: string;
  buyerName: string;
  amountKobo: number;
  balanceKobo: number;
  paidAt: string;
  expiresAt: string;
  state: "active" | "expired" | "refunded" | "used";
  codeTail: string;
  /** Unused and within the refund window: the salon may give it back to whoever paid. */
  refundable: boolean;
}

export async function soldGifts(vendorId: number, limit = 50, now = new Date()): Promise<SoldGift[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("gifts as g")
    .select([
      "g.id",
      "g.kind",
      "g.service_title",
      "g.recipient_name",
      "g.buyer_name",
      "g.amount_kobo",
      "g.paid_at",
      "g.expires_at",
      "g.status",
      "g.code_tail",
      giftBalance,
      giftMoveCount,
    ])
    .where("g.vendor_id", "=", vendorId)
    .where("g.status", "!=", "unpaid")
    .orderBy("g.paid_at", "desc")
    .orderBy("g.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const balance = Number(r.balance ?? 0);
    return {
      id: r.id,
      what: r.kind === "voucher" ? `Voucher: ${r.service_title}` : "Gift card",
      recipientName: r.recipient_name,
      buyerName: r.buyer_name,
      amountKobo: r.amount_kobo,
      balanceKobo: balance,
      paidAt: r.paid_at!,
      expiresAt: r.expires_at!,
      state: r.status === "refunded" ? "refunded" : isExpired(r.expires_at, now) ? "expired" : balance === 0 ? "used" : "active",
      codeTail: r.code_tail ?? "",
      refundable:
        isUnused({ status: r.status, amountKobo: r.amount_kobo, balanceKobo: balance, moves: Number(r.moves) }) && withinRefundWindow(r.paid_at!, now),
    };
  });
}
