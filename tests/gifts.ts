import crypto from "node:crypto";
import { getDb } from "~/db/db.server";
import { platformFeeKobo } from "~/utils/fees";
import { hashGiftCode, newGiftCode } from "~/utils/gift-code.server";
import { randomToken } from "~/utils/random.server";

// A paid gift with a code the test knows, written as paying one writes it (app/models/gifts/pay-gift.server.ts): the
// gift, its "sold" move and its payment, and "gift card sold" with the platform fee on the vendor's pending money.

export async function plantGift(
  vendorId: number,
  options: { amountKobo: number; kind?: "card" | "voucher"; service?: { id: number; title: string }; paidAt?: Date; expiresAt?: Date; buyerUserId?: number },
): Promise<{ id: number; code: string }> {
  const db = await getDb();
  const code = newGiftCode();
  const paidAt = (options.paidAt ?? new Date()).toISOString();
  const expiresAt = (options.expiresAt ?? new Date(Date.now() + 90 * 24 * 3_600_000)).toISOString();
  const { id } = await db
    .insertInto("gifts")
    .values({
      vendor_id: vendorId,
      kind: options.kind ?? "card",
      service_id: options.service?.id ?? null,
      service_title: options.service?.title ?? null,
      amount_kobo: options.amountKobo,
      status: "active",
      code_hash: hashGiftCode(code),
      code_tail: code.slice(-4),
      pay_token: randomToken(),
      buyer_user_id: options.buyerUserId ?? null,
      buyer_name: "Tunde",
      buyer_email: "tunde.gifts@example.com",
      recipient_name: "Ada",
      recipient_email: null,
      recipient_phone: null,
      message: null,
      validity_months: 3,
      created_at: paidAt,
      paid_at: paidAt,
      expires_at: expiresAt,
      paid_with: "online",
      paid_by_name: "Tunde",
      payer_email: "tunde.gifts@example.com",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("gift_payments")
    .values({
      gift_id: id,
      provider: "test",
      reference: `glw-${crypto.randomBytes(12).toString("hex")}`,
      amount_kobo: options.amountKobo,
      status: "succeeded",
      payer_name: "Tunde",
      payer_email: "tunde.gifts@example.com",
      source: "checkout",
      refund_reference: null,
      created_at: paidAt,
      updated_at: paidAt,
    })
    .execute();
  await db.insertInto("gift_moves").values({ gift_id: id, kind: "sold", amount_kobo: options.amountKobo, appointment_id: null, created_at: paidAt }).execute();
  const common = {
    vendor_id: vendorId,
    group_name: null,
    appointment_id: null,
    withdrawal_id: null,
    gift_id: id,
    created_at: paidAt,
    account: "pending" as const,
  };
  await db
    .insertInto("ledger_entries")
    .values([
      { ...common, kind: "earning", amount_kobo: options.amountKobo, title: "Gift card sold" },
      { ...common, kind: "fee", amount_kobo: -platformFeeKobo(options.amountKobo), title: "Platform fee: Gift card sold" },
    ])
    .execute();
  return { id, code };
}

/** A gift's balance and its moves, oldest first. */
export async function giftMoves(giftId: number) {
  const db = await getDb();
  const moves = await db.selectFrom("gift_moves").select(["kind", "amount_kobo", "appointment_id"]).where("gift_id", "=", giftId).orderBy("id").execute();
  return { balance: moves.reduce((sum, m) => sum + m.amount_kobo, 0), kinds: moves.map((m) => m.kind), moves };
}

/** The vendor's pending money recorded for a gift (its sale less what was redeemed, refunded or released). */
export async function giftPending(giftId: number): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.sum<number>("amount_kobo").as("total"))
    .where("gift_id", "=", giftId)
    .where("account", "=", "pending")
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
