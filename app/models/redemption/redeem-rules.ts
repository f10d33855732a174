// What gifts cover of a booking (docs/domain.md, "Gifts and offers"), with no database so the booking page's live
// total and the server's booking use the one rule. A gift card covers any line; a service voucher only its
// service's line. The gift that expires soonest is spent first; a gift card covers the materials before the
// service, so that a voucher applied beside it still finds its service to cover.

/** How many gifts one booking may use. */
export const MAX_GIFTS_PER_BOOKING = 3;

export interface GiftToApply {
  /** The gift's row id on the server; its place in the list in the browser. */
  id: number;
  kind: "card" | "voucher";
  /** What it may still spend: its balance now. */
  balanceKobo: number;
  expiresAt: string;
}

export interface Coverage {
  /** What each gift covers, in the order they are spent; a gift that covers nothing is left out. */
  covers: { id: number; amountKobo: number }[];
  giftKobo: number;
  /** What is left to pay after the gifts: the appointment's own total. */
  leftKobo: number;
}

/** What `gifts` cover of a booking's `items`, soonest-expiring first, never more than a gift's balance. */
export function coverBooking(items: { kind: "service" | "material"; priceKobo: number }[], gifts: GiftToApply[]): Coverage {
  let service = items.filter((i) => i.kind === "service").reduce((sum, i) => sum + i.priceKobo, 0);
  let materials = items.filter((i) => i.kind !== "service").reduce((sum, i) => sum + i.priceKobo, 0);
  const covers: Coverage["covers"] = [];
  const order = [...gifts].sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.id - b.id);
  for (const gift of order) {
    let left = Math.max(0, Math.trunc(gift.balanceKobo));
    let amount = 0;
    if (gift.kind === "card") {
      const fromMaterials = Math.min(left, materials);
      materials -= fromMaterials;
      left -= fromMaterials;
      amount += fromMaterials;
    }
    const fromService = Math.min(left, service);
    service -= fromService;
    amount += fromService;
    if (amount > 0) covers.push({ id: gift.id, amountKobo: amount });
  }
  const giftKobo = covers.reduce((sum, c) => sum + c.amountKobo, 0);
  return { covers, giftKobo, leftKobo: service + materials };
}
