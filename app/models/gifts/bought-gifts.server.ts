import { getDb } from "~/db/db.server";
import { formatNaira } from "~/utils/money";
import { giftBalance, giftMoveCount } from "./gift-balance.server";
import { isExpired, isUnused, withinRefundWindow } from "./gift-rules";

// The gifts a signed-in person bought, for their own gifts page (docs/domain.md, "Gifts and offers"): newest first,
// each with its state, balance, expiry and, when it is unused and within GIFT_REFUND_DAYS of its purchase, where a
// refund would send the money (whoever paid, the way they paid: refundGift in gift-money.server.ts).

export type BoughtGiftState = "unpaid" | "unused" | "part-used" | "used" | "expired" | "refunded";

export interface BoughtGift {
  id: number;
  /** "₦10,000 gift card" or "voucher for Knotless braids" */
  label: string;
  businessName: string;
  recipientName: string;
  amountKobo: number;
  balanceKobo: number;
  state: BoughtGiftState;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  /** Unused and within the refund window. */
  refundable: boolean;
  /** Where a refund goes: "your AutoCredit", or "the card or account Funke paid with". */
  refundTo: string;
  /** The payment link of a gift not paid yet. */
  payToken: string | null;
}

/** At most this many, newest first: a person buys a few gifts, not pages of them. */
export const BOUGHT_GIFTS_SHOWN = 50;

export async function boughtGifts(userId: number, now = new Date()): Promise<BoughtGift[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("gifts as g")
    .innerJoin("vendors as v", "v.id", "g.vendor_id")
    .select([
      "g.id",
      "g.kind",
      "g.service_title",
      "g.recipient_name",
      "g.amount_kobo",
      "g.status",
      "g.created_at",
      "g.paid_at",
      "g.expires_at",
      "g.paid_with",
      "g.paid_by_name",
      "g.buyer_name",
      "g.pay_token",
      "v.business_name",
      giftBalance,
      giftMoveCount,
    ])
    .where("g.buyer_user_id", "=", userId)
    .orderBy("g.created_at", "desc")
    .orderBy("g.id", "desc")
    .limit(BOUGHT_GIFTS_SHOWN)
    .execute();
  return rows.map((r) => {
    const balance = Number(r.balance ?? 0);
    const unused = isUnused({ status: r.status, amountKobo: r.amount_kobo, balanceKobo: balance, moves: Number(r.moves) });
    const state: BoughtGiftState =
      r.status === "unpaid"
        ? "unpaid"
        : r.status === "refunded"
          ? "refunded"
          : isExpired(r.expires_at, now)
            ? "expired"
            : balance === 0
              ? "used"
              : unused
                ? "unused"
                : "part-used";
    const someoneElse = r.paid_by_name !== null && r.paid_by_name !== r.buyer_name;
    return {
      id: r.id,
      label: r.kind === "voucher" ? `voucher for ${r.service_title}` : `${formatNaira(r.amount_kobo)} gift card`,
      businessName: r.business_name,
      recipientName: r.recipient_name,
      amountKobo: r.amount_kobo,
      balanceKobo: balance,
      state,
      createdAt: r.created_at,
      paidAt: r.paid_at,
      expiresAt: r.expires_at,
      refundable: state === "unused" && r.paid_at !== null && withinRefundWindow(r.paid_at, now),
      refundTo:
        r.paid_with === "credit" ? "your AutoCredit" : someoneElse ? `the card or account ${r.paid_by_name} paid with` : "the card or account you paid with",
      payToken: r.status === "unpaid" ? r.pay_token : null,
    };
  });
}
