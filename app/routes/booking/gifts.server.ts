import { appliedGifts, type AppliedGift } from "~/models/booking/gift-codes.server";
import { readGiftCodes } from "~/models/redemption/redeem.server";
import { countCodeCheck } from "~/models/gifts/voucher.server";
import { DomainError } from "~/models/refusal";
import { refusalOf, type Refusal } from "~/http/refusal.server";

export type { AppliedGift };

// The gift codes of the booking form (docs/domain.md, "Gifts and offers"): the codes it carries, each checked
// against the sender's address limit, as on the voucher page, so the booking form cannot be used to list codes.

/** The codes sent in `gift` fields, each counted against `ip`: the normalised list, or a refusal for the gift field. */
export async function sentGiftCodes(formData: FormData, ip: string, now = new Date()): Promise<string[]> {
  const codes = readGiftCodes(
    formData
      .getAll("gift")
      .filter((v): v is string => typeof v === "string")
      .slice(0, 10),
  );
  for (let i = 0; i < codes.length; i++) {
    try {
      await countCodeCheck(ip, now);
    } catch (error) {
      if (error instanceof DomainError)
        throw new DomainError(error.code, error.message, { field: "gift", retryAfterSeconds: error.retryAfterSeconds ?? undefined });
      throw error;
    }
  }
  return codes;
}

/**
 * The gifts the form carries that apply to a booking of `serviceId`, each read on its own so one that does not apply
 * leaves the others applied, with the first refusal. `ip`: count the codes against it first (null: they were
 * counted already in this request).
 */
export async function giftsOfForm(
  formData: FormData,
  ip: string | null,
  serviceId: number,
  now = new Date(),
): Promise<{ gifts: AppliedGift[]; refused: Refusal | null }> {
  let codes: string[];
  try {
    codes =
      ip === null
        ? readGiftCodes(
            formData
              .getAll("gift")
              .filter((v): v is string => typeof v === "string")
              .slice(0, 10),
          )
        : await sentGiftCodes(formData, ip, now);
  } catch (error) {
    return { gifts: [], refused: refusalOf(error) };
  }
  const gifts: AppliedGift[] = [];
  let refused: Refusal | null = null;
  for (const code of codes) {
    try {
      const [gift] = await appliedGifts([code], serviceId, now);
      gifts.push({ ...gift!, id: gifts.length });
    } catch (error) {
      refused ??= refusalOf(error);
    }
  }
  return { gifts, refused };
}
