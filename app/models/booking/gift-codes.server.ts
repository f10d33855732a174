import { getDb } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { giftsForBooking } from "~/models/redemption/redeem.server";
import { findBookableService } from "./hold.server";

// The gifts a booking form applies, as the booking page shows them before Book Now (docs/domain.md, "Gifts and
// offers"): read, not reserved; Book Now reads them again under the salon's lock (createHold).

/** What the page shows and carries of an applied gift: never its row id; `id` is its place in the list. */
export interface AppliedGift {
  id: number;
  code: string;
  label: string;
  kind: "card" | "voucher";
  balanceKobo: number;
  expiresAt: string;
}

/** The gifts of `codes` for a booking of `serviceId` (refused beside the gift field when one does not apply). */
export async function appliedGifts(codes: string[], serviceId: number, now = new Date()): Promise<AppliedGift[]> {
  if (codes.length === 0) return [];
  const service = await findBookableService(serviceId);
  if (!service) throw new DomainError("not-found", "This service is not available for booking.", { field: "service" });
  const gifts = await giftsForBooking(
    await getDb(),
    codes,
    { vendorId: service.vendor.id, businessName: service.vendor.businessName, serviceId: service.id, serviceTitle: service.title },
    now,
  );
  return gifts.map((g, i) => ({ id: i, code: g.code, label: g.label, kind: g.kind, balanceKobo: g.balanceKobo, expiresAt: g.expiresAt }));
}
