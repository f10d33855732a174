import crypto from "node:crypto";
import * as demo from "~/data/demo";
import { platformFeeKobo } from "~/utils/fees";
import { formatNaira } from "~/utils/money";
import { hashGiftCode } from "~/utils/gift-code.server";
import { giftExpiry } from "~/utils/gift-expiry";
import { randomToken } from "~/utils/random.server";
import { addDaysToDay, lagosToday } from "~/utils/time";
import type { Tx } from "./db.server";

// The demo vendor's gift offer and one gift card it sold, paid online by a friend of the demo customer, as the
// domain would have written them (app/models/gifts/pay-gift.server.ts): the gift, its first move, its ledger lines.

export async function seedDemoGifts(tx: Tx, vendorId: number, recipient: { email: string; firstName: string }, now: Date): Promise<void> {
  const offer = demo.demoGiftOffer;
  await tx
    .insertInto("gift_settings")
    .values({
      vendor_id: vendorId,
      cards_on: 1,
      card_amounts: offer.cardAmountsKobo.join(","),
      free_min_kobo: offer.freeMinKobo,
      free_max_kobo: offer.freeMaxKobo,
      vouchers_on: 1,
      validity_months: offer.validityMonths,
      updated_at: now.toISOString(),
    })
    .execute();
  const g = demo.demoGiftCard;
  const paidAt = new Date(now.getTime() - g.daysAgo * 24 * 60 * 60 * 1000).toISOString();
  const { id } = await tx
    .insertInto("gifts")
    .values({
      vendor_id: vendorId,
      kind: "card",
      service_id: null,
      service_title: null,
      amount_kobo: g.amountKobo,
      status: "active",
      code_hash: hashGiftCode(g.code),
      code_tail: g.code.slice(-4),
      pay_token: randomToken(),
      buyer_user_id: null,
      buyer_name: g.buyerName,
      buyer_email: g.buyerEmail,
      recipient_name: recipient.firstName,
      recipient_email: recipient.email,
      recipient_phone: null,
      message: g.message,
      validity_months: offer.validityMonths,
      created_at: paidAt,
      paid_at: paidAt,
      expires_at: giftExpiry(paidAt, offer.validityMonths),
      paid_with: "online",
      paid_by_name: g.buyerName,
      payer_email: g.buyerEmail,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("gift_payments")
    .values({
      gift_id: id,
      provider: "test",
      reference: `glw-${crypto.randomBytes(12).toString("hex")}`,
      amount_kobo: g.amountKobo,
      status: "succeeded",
      payer_name: g.buyerName,
      payer_email: g.buyerEmail,
      source: "link",
      refund_reference: null,
      created_at: paidAt,
      updated_at: paidAt,
    })
    .execute();
  await tx.insertInto("gift_moves").values({ gift_id: id, kind: "sold", amount_kobo: g.amountKobo, appointment_id: null, created_at: paidAt }).execute();
  const common = {
    vendor_id: vendorId,
    group_name: null,
    appointment_id: null,
    withdrawal_id: null,
    gift_id: id,
    created_at: paidAt,
    account: "pending" as const,
  };
  await tx
    .insertInto("ledger_entries")
    .values([
      { ...common, kind: "earning", amount_kobo: g.amountKobo, title: `Gift card sold: ${formatNaira(g.amountKobo)} for ${recipient.firstName}` },
      { ...common, kind: "fee", amount_kobo: -platformFeeKobo(g.amountKobo), title: `Platform fee: Gift card sold: ${formatNaira(g.amountKobo)}` },
    ])
    .execute();
}

/** The demo vendor's live promo code (demo.demoPromoCode), open to every customer of the salon. */
export async function seedDemoPromo(tx: Tx, vendorId: number, now: Date): Promise<void> {
  const p = demo.demoPromoCode;
  const today = lagosToday(now);
  await tx
    .insertInto("promo_codes")
    .values({
      vendor_id: vendorId,
      code: p.code,
      percent_off: p.percentOff,
      amount_off_kobo: null,
      starts_on: addDaysToDay(today, -p.startedDaysAgo),
      ends_on: addDaysToDay(today, p.lastsDays),
      max_uses: p.maxUses,
      max_uses_per_customer: p.usesPerCustomer,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}
