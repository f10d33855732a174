import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { cancelByCustomer } from "~/models/appointments/transitions.server";
import { payWithCredit } from "~/models/booking/payments.server";
import { depositKobo } from "~/models/money/cancellation-policy";
import { addCredit } from "~/models/money/auto-credit.server";
import { createCustomer, featuredService, freshOpenDay, mailsTo, vendorBySlug } from "../../../tests/booking";
import { addStylist, holdWith, memberOfRef } from "../../../tests/team";
import { lagosInstant } from "~/utils/time";
import { addMemberTimeOff, BookingsInTheWay, reassignAppointment } from "./time-off.server";

// The salon moves a booking to another member (docs/domain.md, "The team"): only to a member who performs the
// service and is free; a customer who had chosen the member is told and may cancel with everything back whatever the
// policy; one who booked "anyone" is not told, and cancelling gives back what the policy gives.

async function paidBooking(vendorId: number, serviceId: number, day: string, hour: number, memberId: number | null, chosen: number) {
  const customer = await createCustomer("Moved");
  const { ref } = await holdWith(customer.id, serviceId, day, hour, memberId);
  await addCredit(await getDb(), { userId: customer.id, amountKobo: 2_000_000, reason: "test top-up" });
  await payWithCredit(customer.id, ref, null);
  expect((await memberOfRef(ref)).member_id).toBe(chosen);
  return { customer, ref };
}

async function refunded(ref: string): Promise<number> {
  const rows = await (
    await getDb()
  )
    .selectFrom("refunds")
    .innerJoin("appointments", "appointments.id", "refunds.appointment_id")
    .select("refunds.amount_kobo")
    .where("appointments.ref", "=", ref)
    .execute();
  return rows.reduce((sum, r) => sum + r.amount_kobo, 0);
}

describe(`moving a booking to another member (${getDialect()})`, () => {
  test("a booking of anyone moves silently, and on a strict policy its cancellation keeps the deposit", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const first = await addStylist(vendor.id, "Anyone First", [service.id]);
    const second = await addStylist(vendor.id, "Anyone Second", [service.id]);
    const db = await getDb();
    // Only the two new members perform the service that day: the owner is away.
    const day = freshOpenDay(vendor.open_days);
    const owner = (await db.selectFrom("team_members").select("id").where("vendor_id", "=", vendor.id).where("role", "=", "owner").executeTakeFirstOrThrow())
      .id;
    await addMemberTimeOff(vendor.id, owner, { startsAt: lagosInstant(day, 0), endsAt: lagosInstant(day, 24), allDay: true, note: "" });
    const { customer, ref } = await paidBooking(vendor.id, service.id, day, 11, null, first);
    const mailsBefore = (await mailsTo(customer.email)).length;

    await reassignAppointment(vendor.id, ref, second);
    expect(await memberOfRef(ref)).toMatchObject({ member_id: second, member_chosen: 0 });
    expect((await mailsTo(customer.email)).length).toBe(mailsBefore);
    expect((await db.selectFrom("appointments").select("member_changed_at").where("ref", "=", ref).executeTakeFirstOrThrow()).member_changed_at).toBeNull();

    const policy = await db.selectFrom("vendors").select(["cancellation_policy", "deposit_percent"]).where("id", "=", vendor.id).executeTakeFirstOrThrow();
    await db.updateTable("vendors").set({ cancellation_policy: "strict", deposit_percent: 50 }).where("id", "=", vendor.id).execute();
    const { total_kobo } = await memberOfRef(ref);
    await cancelByCustomer(customer.id, ref, new Date(), { refundToCredit: true });
    expect(await refunded(ref)).toBe(total_kobo - depositKobo(total_kobo, 50));
    await db.updateTable("vendors").set(policy).where("id", "=", vendor.id).execute();
  });

  test("refused: a member who is busy then, one who does not perform the service, the same member; time off over a booking lists it", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const chosen = await addStylist(vendor.id, "Busy Chosen", [service.id]);
    const busy = await addStylist(vendor.id, "Busy Other", [service.id]);
    const unqualified = await addStylist(vendor.id, "Busy Nails", []);
    const day = freshOpenDay(vendor.open_days);
    const { ref } = await paidBooking(vendor.id, service.id, day, 11, chosen, chosen);
    await paidBooking(vendor.id, service.id, day, 12, busy, busy);

    await expect(reassignAppointment(vendor.id, ref, busy)).rejects.toThrow("Busy Other is not free at that time. Please choose someone else.");
    await expect(reassignAppointment(vendor.id, ref, unqualified)).rejects.toThrow("That member does not perform this service.");
    await expect(reassignAppointment(vendor.id, ref, chosen)).rejects.toThrow("The appointment is already with that member.");
    expect(await memberOfRef(ref)).toMatchObject({ member_id: chosen, member_chosen: 1 });

    const refusal = await addMemberTimeOff(vendor.id, chosen, {
      startsAt: lagosInstant(day, 10),
      endsAt: lagosInstant(day, 12),
      allDay: false,
      note: "",
    }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BookingsInTheWay);
    expect((refusal as BookingsInTheWay).bookings.map((b) => b.ref)).toEqual([ref]);
    const db = await getDb();
    expect(await db.selectFrom("team_time_off").select("id").where("member_id", "=", chosen).execute()).toEqual([]);
  });
});
