import { getDb, type Executor } from "~/db/db.server";
import type { GiftKind } from "~/db/schema";
import { DomainError } from "~/models/refusal";
import { servicePrice } from "~/models/services/price";
import { formatNaira } from "~/utils/money";
import { randomToken } from "~/utils/random.server";
import { giftSettings, type GiftSettings } from "./gift-settings.server";
import { GIFT_VALIDITY_DEFAULT_MONTHS, giftAmountProblem, giftExpiry } from "./gift-rules";

// Buying a gift (docs/domain.md, "Gifts and offers"): from a vendor's page ("Give as a gift") a gift card of one of
// the vendor's amounts or a free amount within its bounds, or from a service page a voucher for that service at its
// price now. The gift is created unpaid with its payment link; paying it (pay-gift.server.ts) issues its code.

export interface GiftOffer {
  vendorId: number;
  businessName: string;
  settings: GiftSettings;
  /** The service a voucher is for, when bought from its page and the vendor sells vouchers. */
  service: { id: number; title: string; priceKobo: number } | null;
  /** The last day of a gift bought today (end of the day, Lagos time). */
  expiresIfPaidNow: string;
}

const NO_GIFT = "This salon does not sell gifts on Glow.";

/** A salon Glow suspended sells no gift and takes no payment for one (docs/decisions/037-vendor-suspension.md). */
export const giftsPaused = (businessName: string) => `${businessName} is not selling gifts on Glow at the moment, so this gift can't be bought or paid.`;

/** What a buyer may choose at this vendor (and service); "not found" when it sells no such gift. */
export async function giftOffer(vendorId: number, serviceId: number | null, now = new Date()): Promise<GiftOffer> {
  const db = await getDb();
  const vendor = await db.selectFrom("vendors").select(["id", "business_name", "closed_at", "suspended_at"]).where("id", "=", vendorId).executeTakeFirst();
  if (!vendor || vendor.closed_at !== null) throw new DomainError("not-found", NO_GIFT);
  if (vendor.suspended_at !== null) throw new DomainError("conflict", giftsPaused(vendor.business_name));
  const settings = await giftSettings(db, vendorId);
  if (!settings.cardsOn && !settings.vouchersOn) throw new DomainError("not-found", NO_GIFT);
  let service: GiftOffer["service"] = null;
  if (serviceId !== null) {
    const row = await db
      .selectFrom("services")
      .select(["id", "title", "price_kobo", "promo_price_kobo"])
      .where("id", "=", serviceId)
      .where("vendor_id", "=", vendorId)
      .where("status", "=", "active")
      .executeTakeFirst();
    if (!row) throw new DomainError("not-found", "We couldn't find that service.");
    if (settings.vouchersOn) service = { id: row.id, title: row.title, priceKobo: servicePrice(row.price_kobo, row.promo_price_kobo).priceKobo };
  }
  if (!service && !settings.cardsOn) throw new DomainError("not-found", "This salon sells vouchers for its services: choose one from its service pages.");
  return { vendorId, businessName: vendor.business_name, settings, service, expiresIfPaidNow: giftExpiry(now, settings.validityMonths) };
}

export interface GiftOrder {
  vendorId: number;
  kind: GiftKind;
  serviceId: number | null;
  /** A gift card's amount; a voucher's is its service's price. */
  amountKobo: number | null;
  buyerUserId: number | null;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  recipientEmail: string | null;
  recipientPhone: string | null;
  message: string | null;
}

/** The amount a gift card of the offer may be, or the refusal. */
export function cardAmountProblem(settings: GiftSettings, kobo: number): string | null {
  if (settings.cardAmounts.includes(kobo)) return null;
  const free = settings.freeMaxKobo > 0;
  if (free && kobo >= settings.freeMinKobo && kobo <= settings.freeMaxKobo) return giftAmountProblem(kobo);
  if (!free) return "Choose one of the amounts offered.";
  return `Choose one of the amounts offered, or an amount from ${formatNaira(settings.freeMinKobo)} to ${formatNaira(settings.freeMaxKobo)}.`;
}

/** Creates an unpaid gift and returns its payment link's token. Prices come from the database, never the form. */
export async function createGift(order: GiftOrder, now = new Date()): Promise<{ payToken: string }> {
  const offer = await giftOffer(order.vendorId, order.kind === "voucher" ? order.serviceId : null, now);
  if (!order.recipientEmail && !order.recipientPhone)
    throw new DomainError("invalid", "Give the recipient's e-mail or WhatsApp number.", { field: "recipient_email" });
  let amount: number;
  if (order.kind === "voucher") {
    if (!offer.service) throw new DomainError("not-found", "This salon does not sell vouchers for this service.");
    amount = offer.service.priceKobo;
  } else {
    if (!offer.settings.cardsOn) throw new DomainError("not-found", "This salon does not sell gift cards.");
    const problem = order.amountKobo === null ? "Choose an amount." : cardAmountProblem(offer.settings, order.amountKobo);
    if (problem) throw new DomainError("invalid", problem, { field: "amount" });
    amount = order.amountKobo!;
  }
  const payToken = randomToken();
  const db = await getDb();
  await db
    .insertInto("gifts")
    .values({
      vendor_id: order.vendorId,
      kind: order.kind,
      service_id: order.kind === "voucher" ? offer.service!.id : null,
      service_title: order.kind === "voucher" ? offer.service!.title : null,
      amount_kobo: amount,
      pay_token: payToken,
      buyer_user_id: order.buyerUserId,
      buyer_name: order.buyerName,
      buyer_email: order.buyerEmail,
      recipient_name: order.recipientName,
      recipient_email: order.recipientEmail,
      recipient_phone: order.recipientPhone,
      message: order.message,
      validity_months: offer.settings.validityMonths || GIFT_VALIDITY_DEFAULT_MONTHS,
      created_at: now.toISOString(),
    })
    .execute();
  return { payToken };
}

/** A gift by its payment link, with what the link shows anyone: no more of the buyer than the name they gave. */
export async function giftByPayToken(db: Executor, token: string) {
  if (token.length > 100) return undefined;
  return db
    .selectFrom("gifts as g")
    .innerJoin("vendors as v", "v.id", "g.vendor_id")
    .select([
      "g.id",
      "g.vendor_id",
      "g.kind",
      "g.service_title",
      "g.amount_kobo",
      "g.status",
      "g.pay_token",
      "g.buyer_user_id",
      "g.buyer_name",
      "g.buyer_email",
      "g.recipient_name",
      "g.recipient_email",
      "g.recipient_phone",
      "g.message",
      "g.validity_months",
      "g.created_at",
      "g.paid_at",
      "g.expires_at",
      "g.paid_by_name",
      "v.business_name",
      "v.closed_at",
      "v.suspended_at",
    ])
    .where("g.pay_token", "=", token)
    .executeTakeFirst();
}

export type GiftRow = NonNullable<Awaited<ReturnType<typeof giftByPayToken>>>;

export async function getGiftByPayToken(token: string): Promise<GiftRow | undefined> {
  return giftByPayToken(await getDb(), token);
}
