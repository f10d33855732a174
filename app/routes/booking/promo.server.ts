import { appliedPromo, type AppliedPromo } from "~/models/booking/promo-code.server";
import { refusalOf, type Refusal } from "~/http/refusal.server";

export type { AppliedPromo };

// The promo code of the booking form (docs/domain.md, "Promo codes"): one field, one code; its total and discount
// are worked out on the server from the database, whatever else the form sends.

/** The code typed in the `promo` field, trimmed; null when the field is empty. */
export function sentPromoCode(formData: FormData): string | null {
  const value = formData.get("promo");
  if (typeof value !== "string" || value.trim() === "") return null;
  return value.trim().slice(0, 40);
}

/** The promo code the form carries, if it applies to this booking, or the refusal beside the promo field. */
export async function promoOfForm(
  formData: FormData,
  customerId: number,
  serviceId: number,
  now = new Date(),
): Promise<{ promo: AppliedPromo | null; refused: Refusal | null }> {
  const code = sentPromoCode(formData);
  if (code === null) return { promo: null, refused: null };
  const materialIds = formData
    .getAll("m")
    .slice(0, 30)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  try {
    return { promo: await appliedPromo(code, serviceId, customerId, materialIds, now), refused: null };
  } catch (error) {
    return { promo: null, refused: refusalOf(error) };
  }
}
