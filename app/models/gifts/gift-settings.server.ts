import { getDb, type Executor } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { GIFT_AMOUNTS_MAX, GIFT_VALIDITY_DEFAULT_MONTHS, GIFT_VALIDITY_MAX_MONTHS, giftAmountProblem } from "./gift-rules";

// What a vendor offers as gifts (docs/domain.md, "Gifts and offers"). A change applies to gifts sold from then on:
// a sold gift keeps the expiry it was sold with, so shortening the validity never shortens a sold one.

export interface GiftSettings {
  cardsOn: boolean;
  /** Fixed amounts a buyer may choose, kobo, ascending. */
  cardAmounts: number[];
  /** A free amount within [min, max]; both 0 when the vendor offers none. */
  freeMinKobo: number;
  freeMaxKobo: number;
  vouchersOn: boolean;
  validityMonths: number;
}

export const NO_GIFTS: GiftSettings = {
  cardsOn: false,
  cardAmounts: [],
  freeMinKobo: 0,
  freeMaxKobo: 0,
  vouchersOn: false,
  validityMonths: GIFT_VALIDITY_DEFAULT_MONTHS,
};

export async function giftSettings(db: Executor, vendorId: number): Promise<GiftSettings> {
  const row = await db.selectFrom("gift_settings").selectAll().where("vendor_id", "=", vendorId).executeTakeFirst();
  if (!row) return NO_GIFTS;
  return {
    cardsOn: row.cards_on === 1,
    cardAmounts: row.card_amounts
      .split(",")
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b),
    freeMinKobo: row.free_min_kobo,
    freeMaxKobo: row.free_max_kobo,
    vouchersOn: row.vouchers_on === 1,
    validityMonths: row.validity_months,
  };
}

export async function getGiftSettings(vendorId: number): Promise<GiftSettings> {
  return giftSettings(await getDb(), vendorId);
}

/** The refusal of settings that break a rule, or null. */
export function giftSettingsProblem(s: GiftSettings): string | null {
  if (!Number.isInteger(s.validityMonths) || s.validityMonths < 1 || s.validityMonths > GIFT_VALIDITY_MAX_MONTHS)
    return `Gifts are valid from 1 to ${GIFT_VALIDITY_MAX_MONTHS} months.`;
  if (s.cardAmounts.length > GIFT_AMOUNTS_MAX) return `Offer at most ${GIFT_AMOUNTS_MAX} amounts.`;
  if (new Set(s.cardAmounts).size !== s.cardAmounts.length) return "Each amount once, please.";
  for (const amount of s.cardAmounts) {
    const problem = giftAmountProblem(amount);
    if (problem) return problem;
  }
  const free = s.freeMinKobo !== 0 || s.freeMaxKobo !== 0;
  if (free) {
    const problem = giftAmountProblem(s.freeMinKobo) ?? giftAmountProblem(s.freeMaxKobo);
    if (problem) return problem;
    if (s.freeMinKobo > s.freeMaxKobo) return "The smallest free amount is more than the largest.";
  }
  if (s.cardsOn && s.cardAmounts.length === 0 && !free) return "Give at least one amount, or a range for a free amount, to sell gift cards.";
  return null;
}

export async function saveGiftSettings(vendorId: number, s: GiftSettings, now = new Date()): Promise<void> {
  const problem = giftSettingsProblem(s);
  if (problem) throw new DomainError("invalid", problem);
  const values = {
    cards_on: s.cardsOn ? 1 : 0,
    card_amounts: [...s.cardAmounts].sort((a, b) => a - b).join(","),
    free_min_kobo: s.freeMinKobo,
    free_max_kobo: s.freeMaxKobo,
    vouchers_on: s.vouchersOn ? 1 : 0,
    validity_months: s.validityMonths,
    updated_at: now.toISOString(),
  };
  const db = await getDb();
  await db
    .insertInto("gift_settings")
    .values({ vendor_id: vendorId, ...values })
    .onConflict((oc) => oc.column("vendor_id").doUpdateSet(values))
    .execute();
}
