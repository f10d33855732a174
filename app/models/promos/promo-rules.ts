import { formatNaira } from "~/utils/money";

// Promo codes' rules with no database (docs/domain.md, "Promo codes"; docs/decisions/036-promo-codes.md), so the
// booking page's live total and the server's booking use the one rule. A code takes its percent or its naira off the
// service's own price, never the materials (they are goods the salon buys for the visit), and never below ₦0.

export const PROMO_CODE_MIN = 3;
export const PROMO_CODE_MAX = 20;
export const PROMO_MAX_USES = 100_000;
export const PROMO_AMOUNT_MIN_KOBO = 100_00;
export const PROMO_AMOUNT_MAX_KOBO = 1_000_000_00;
export const PROMO_MIN_SPEND_MAX_KOBO = 10_000_000_00;
export const PROMO_MAX_SERVICES = 100;

/** The code as stored and compared: trimmed, upper case; null when it cannot be a code (letters and digits, 3 to 20). */
export function normalisePromoCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return /^[A-Z0-9]+$/.test(code) && code.length >= PROMO_CODE_MIN && code.length <= PROMO_CODE_MAX ? code : null;
}

export interface PromoOff {
  percentOff: number | null;
  amountOffKobo: number | null;
}

/** What a code takes off a booking's `items`: its share of the service lines (rounded down to the kobo), at most all of them. */
export function promoDiscount(items: { kind: "service" | "material"; priceKobo: number }[], promo: PromoOff): number {
  const service = items.filter((i) => i.kind === "service").reduce((sum, i) => sum + i.priceKobo, 0);
  if (promo.percentOff !== null) return Math.floor((service * Math.min(100, Math.max(0, promo.percentOff))) / 100);
  return Math.min(service, Math.max(0, promo.amountOffKobo ?? 0));
}

/** The items with the discount taken off their service lines, for what gifts then cover (redeem-rules.ts coverBooking). */
export function afterPromo<T extends { kind: "service" | "material"; priceKobo: number }>(items: T[], discountKobo: number): T[] {
  let left = discountKobo;
  return items.map((item) => {
    if (item.kind !== "service" || left <= 0) return item;
    const off = Math.min(left, item.priceKobo);
    left -= off;
    return { ...item, priceKobo: item.priceKobo - off };
  });
}

/** "10% off" or "₦2,000 off". */
export function promoOffText(promo: PromoOff): string {
  return promo.percentOff !== null ? `${promo.percentOff}% off` : `${formatNaira(promo.amountOffKobo ?? 0)} off`;
}

export interface PromoInput extends PromoOff {
  code: string;
  startsOn: string;
  endsOn: string;
  maxUses: number;
  maxUsesPerCustomer: number;
  newCustomersOnly: boolean;
  minSpendKobo: number;
  serviceIds: number[];
}

const whole = (n: number) => Number.isSafeInteger(n);

/** The refusal of a new code that breaks a rule, with the field it belongs to, or null. `today` is Lagos's. */
export function promoProblem(p: PromoInput, today: string): { field: string; message: string } | null {
  if (normalisePromoCode(p.code) === null)
    return { field: "code", message: `A code is ${PROMO_CODE_MIN} to ${PROMO_CODE_MAX} letters and digits, e.g. GLOW10.` };
  if ((p.percentOff === null) === (p.amountOffKobo === null)) return { field: "off", message: "Choose a percent off or a naira amount off." };
  if (p.percentOff !== null && (!whole(p.percentOff) || p.percentOff < 1 || p.percentOff > 100))
    return { field: "off", message: "A percent off is a whole number from 1 to 100." };
  if (
    p.amountOffKobo !== null &&
    (!whole(p.amountOffKobo) || p.amountOffKobo % 100 !== 0 || p.amountOffKobo < PROMO_AMOUNT_MIN_KOBO || p.amountOffKobo > PROMO_AMOUNT_MAX_KOBO)
  )
    return {
      field: "off",
      message: `An amount off is between ${formatNaira(PROMO_AMOUNT_MIN_KOBO)} and ${formatNaira(PROMO_AMOUNT_MAX_KOBO)}, in whole naira.`,
    };
  if (p.endsOn < p.startsOn) return { field: "ends", message: "The last day is before the first day." };
  if (p.endsOn < today) return { field: "ends", message: "The last day has already passed." };
  if (!whole(p.maxUses) || p.maxUses < 1 || p.maxUses > PROMO_MAX_USES)
    return { field: "max_uses", message: `Total uses is a whole number from 1 to ${PROMO_MAX_USES.toLocaleString("en-NG")}.` };
  if (!whole(p.maxUsesPerCustomer) || p.maxUsesPerCustomer < 1 || p.maxUsesPerCustomer > p.maxUses)
    return { field: "per_customer", message: "Uses per customer is a whole number from 1 to the total uses." };
  if (!whole(p.minSpendKobo) || p.minSpendKobo < 0 || p.minSpendKobo % 100 !== 0 || p.minSpendKobo > PROMO_MIN_SPEND_MAX_KOBO)
    return { field: "min_spend", message: `A minimum spend is up to ${formatNaira(PROMO_MIN_SPEND_MAX_KOBO)}, in whole naira.` };
  if (p.serviceIds.length > PROMO_MAX_SERVICES || p.serviceIds.some((id) => !whole(id) || id <= 0))
    return { field: "services", message: "Choose services from your list." };
  return null;
}
