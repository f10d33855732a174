import * as demo from "~/data/demo";
import { UNUSABLE_PASSWORD } from "~/utils/password.server";
import type { Tx } from "./db.server";
import { bookingRef, randomToken } from "~/utils/random.server";
import { addDaysToDay, lagosInstant, lagosToday } from "~/utils/time";

// The seed's step for the demo salon's client records (docs/domain.md, "Clients"): the demo customer's record with
// a patch test, an allergy and a note, and a walk-in regular without a Glow account (a guest account) with a
// completed visit and a next one the salon booked, so Clients, a client's record and the calendar show them.

/** The walk-in regular's phone: the README's demo table names her. */
export const DEMO_WALK_IN = { firstName: "Funmilayo", lastName: "Adeyemi", phone: "+2348035550177" };

export async function seedDemoClients(
  tx: Tx,
  s: {
    vendorId: number;
    customerId: number;
    ownerMemberId: number;
    service: { id: number; title: string; priceKobo: number; durationMin: number };
    place: (dayOffset: number, hour: number, hours: number) => { day: string; hour: number };
    now: Date;
  },
): Promise<void> {
  const at = s.now.toISOString();
  const today = lagosToday(s.now);
  const day = (offset: number) => addDaysToDay(today, offset);
  await tx
    .insertInto("salon_clients")
    .values({ vendor_id: s.vendorId, user_id: s.customerId, phone: demo.demoCustomerProfile.phone, email: null, blocked_at: null, created_at: at })
    .execute();
  const { id: guestId } = await tx
    .insertInto("users")
    .values({
      email: "client-demo-walk-in@clients.glow.invalid",
      password_hash: UNUSABLE_PASSWORD,
      first_name: DEMO_WALK_IN.firstName,
      last_name: DEMO_WALK_IN.lastName,
      role: "customer",
      phone: DEMO_WALK_IN.phone,
      address: null,
      city: null,
      state: null,
      created_at: at,
      guest_of_vendor_id: s.vendorId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("salon_clients")
    .values({ vendor_id: s.vendorId, user_id: guestId, phone: DEMO_WALK_IN.phone, email: null, blocked_at: null, created_at: at })
    .execute();
  const hours = Math.ceil(s.service.durationMin / 60);
  for (const [offset, status] of [
    [-9, "completed"],
    [5, "confirmed"],
  ] as const) {
    const placed = s.place(offset, 10, hours);
    const { id } = await tx
      .insertInto("appointments")
      .values({
        ref: bookingRef(),
        customer_id: guestId,
        vendor_id: s.vendorId,
        member_id: s.ownerMemberId,
        member_chosen: 1,
        service_id: s.service.id,
        starts_at: lagosInstant(placed.day, placed.hour),
        ends_at: lagosInstant(placed.day, placed.hour + hours),
        status,
        payment_status: "unpaid",
        payment_method: "vendor",
        total_kobo: s.service.priceKobo,
        comment: status === "completed" ? "Walk-in" : "Booked by phone",
        pay_token: randomToken(),
        hold_expires_at: null,
        paid_by_name: null,
        paid_at: null,
        status_reason: null,
        created_at: at,
        updated_at: at,
        booked_by_member_id: s.ownerMemberId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.insertInto("appointment_items").values({ appointment_id: id, kind: "service", name: s.service.title, price_kobo: s.service.priceKobo }).execute();
  }
  const note = (
    userId: number,
    kind: "note" | "allergy" | "patch_test",
    body: string,
    notedOn: string,
    product: string | null = null,
    result: string | null = null,
  ) => ({
    vendor_id: s.vendorId,
    user_id: userId,
    kind,
    body,
    product,
    result,
    noted_on: notedOn,
    member_id: s.ownerMemberId,
    created_at: at,
  });
  await tx
    .insertInto("client_notes")
    .values([
      note(s.customerId, "patch_test", "48 hours behind the ear, no redness.", day(-20), "Dark & Lovely relaxer", "Passed"),
      note(s.customerId, "allergy", "Scalp itches with black hair dye: use semi-permanent colours only.", day(-60), "PPD hair dye"),
      note(s.customerId, "note", "Tender-headed: braid loosely at the edges. Likes Tolu.", day(-30)),
      note(guestId, "note", "Walks in on Saturday mornings; pays cash.", day(-9)),
    ])
    .execute();
}
