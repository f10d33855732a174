import { getDb } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { promoForBooking } from "~/models/promos/promo-use.server";
import { findBookableService } from "./hold.server";
import { quote } from "./quote";

// The promo code a booking form applies, as the booking page shows it before Book Now (docs/domain.md, "Promo
// codes"): read, not taken; Book Now reads it again under the salon's lock (createHold).

/** What the page shows and carries of an applied code: never its row id; the page works out its discount by promoDiscount. */
export interface AppliedPromo {
  code: string;
  percentOff: number | null;
  amountOffKobo: number | null;
}

/** The promo code `input` for a booking of `serviceId` with `materialIds` by `customerId` (refused beside the promo field). */
export async function appliedPromo(input: string, serviceId: number, customerId: number, materialIds: number[], now = new Date()): Promise<AppliedPromo> {
  const service = await findBookableService(serviceId);
  if (!service) throw new DomainError("not-found", "This service is not available for booking.", { field: "service" });
  const { items } = quote(service, materialIds);
  const promo = await promoForBooking(
    await getDb(),
    input,
    { vendorId: service.vendor.id, businessName: service.vendor.businessName, serviceId: service.id, serviceTitle: service.title, customerId, items },
    now,
  );
  return { code: promo.code, percentOff: promo.percentOff, amountOffKobo: promo.amountOffKobo };
}
