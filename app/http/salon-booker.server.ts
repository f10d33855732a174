import type { VendorUser } from "~/http/session.server";
import { clientRecord, isMembersClient } from "~/models/clients/client-records.server";
import type { SalonBooker } from "~/models/clients/salon-booking.server";
import { DomainError } from "~/models/refusal";
import { maskPhone, may } from "~/models/team/roles";
import { MAX_ROW_ID } from "~/utils/row-id";

// Who books, as the salon's booking form and the client pages read it: the owner and managers book and see every
// member's clients; a stylist books themselves and sees the clients of their own appointments only.

export function bookerOf(vendor: VendorUser): SalonBooker {
  return { vendorId: vendor.vendorId, memberId: vendor.memberId, anyMember: may(vendor.teamRole, "appointments") };
}

export function forbiddenMember(): Response {
  return new Response("A stylist can take bookings for themselves only, and open their own clients only.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A row id from a query parameter, or null when absent or not one. */
export function readQueryId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_ROW_ID ? n : null;
}

/**
 * The salon's client `id` as the booker may see them (a stylist: their own clients, the phone masked), or null when
 * the salon has no such client. A stylist naming another member's client is refused with 403, as on the client pages.
 */
export async function clientChoice(booker: SalonBooker, id: number | null): Promise<{ id: number; name: string; phone: string | null } | null> {
  if (id === null) return null;
  try {
    if (!booker.anyMember && !(await isMembersClient(booker.vendorId, booker.memberId, id))) {
      await clientRecord({ vendorId: booker.vendorId, memberId: null }, id);
      throw forbiddenMember();
    }
    const record = await clientRecord({ vendorId: booker.vendorId, memberId: booker.anyMember ? null : booker.memberId }, id);
    return { id: record.id, name: record.name, phone: booker.anyMember ? record.phone : maskPhone(record.phone) };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not-found") return null;
    throw error;
  }
}
