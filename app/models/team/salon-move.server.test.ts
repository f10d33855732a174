import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { setConsents } from "~/models/messaging/consent.server";
import { SLOT_TAKEN_MESSAGE } from "~/models/schedule/slots.server";
import { lagosInstant } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, mailsTo, vendorBySlug } from "../../../tests/booking";
import { addStylist, holdWith, serviceFor } from "../../../tests/team";
import { blockHours } from "./block-hours.server";
import { movableAppointment, moveBySalon } from "./salon-move.server";

// The salon moves a booking to another time and/or member (docs/domain.md, "The calendar"): the same rules as a
// booking under the booking lock, and the client is told by e-mail and by text as they agreed.

async function confirmedWith(memberId: number, day: string, hour: number, phone: string | null = null) {
  const service = await featuredService();
  const customer = await createCustomer("Ngozi");
  const db = await getDb();
  if (phone) await db.updateTable("users").set({ phone }).where("id", "=", customer.id).execute();
  const { ref } = await holdWith(customer.id, service.id, day, hour, memberId);
  await db.updateTable("appointments").set({ status: "confirmed", payment_method: "vendor", hold_expires_at: null }).where("ref", "=", ref).execute();
  const row = await db
    .selectFrom("appointments")
    .select(["id", "starts_at", "ends_at", "member_id", "status"])
    .where("ref", "=", ref)
    .executeTakeFirstOrThrow();
  return { customer, ref, row };
}

const rowOf = async (id: number) =>
  (await getDb())
    .selectFrom("appointments")
    .select(["starts_at", "ends_at", "member_id", "status", "member_changed_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe(`the salon moves a booking (${getDialect()})`, () => {
  test("to another time and member: the same state, and the client told by e-mail and by SMS as they agreed", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const [first, second] = [await addStylist(vendor.id, "Move From", [service.id]), await addStylist(vendor.id, "Move To", [service.id])];
    const day = freshOpenDay(vendor.open_days);
    const { customer, row } = await confirmedWith(first, day, 10, "+2348035557788");
    await setConsents(await getDb(), customer.id, { sms: true }, "profile");

    const moved = await moveBySalon(vendor.id, row.id, { memberId: second, day, hour: 15 });
    expect(moved.starts_at).toBe(lagosInstant(day, 15));
    expect(await rowOf(row.id)).toMatchObject({ starts_at: lagosInstant(day, 15), ends_at: lagosInstant(day, 17), member_id: second, status: "confirmed" });
    // The client had chosen the first member: cancelling now gives everything back (as when the salon reassigns).
    expect((await rowOf(row.id)).member_changed_at).not.toBeNull();
    const [mail] = (await mailsTo(customer.email)).filter((m) => m.subject.startsWith("Moved by"));
    expect(mail!.subject).toBe("Moved by Ronke's Beauty Lounge: Knotless Box Braids");
    expect(mail!.text).toContain("with Move From to");
    expect(mail!.text).toContain("3:00 pm with Move To");
    const texts = await (await getDb()).selectFrom("sms_outbox").select(["to_phone", "text"]).where("user_id", "=", customer.id).execute();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain("Moved by Ronke's Beauty Lounge");
  });

  test("a time only moves within the member's free time; the old hour is free again", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const member = await addStylist(vendor.id, "Move Time", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const { row } = await confirmedWith(member, day, 10);
    await moveBySalon(vendor.id, row.id, { memberId: member, day, hour: 11 });
    expect(await rowOf(row.id)).toMatchObject({ starts_at: lagosInstant(day, 11), member_id: member });
    // Overlapping its own old time is allowed (the appointment itself is left out of "busy").
    await moveBySalon(vendor.id, row.id, { memberId: member, day, hour: 10 });
    expect((await rowOf(row.id)).starts_at).toBe(lagosInstant(day, 10));
    const other = await createCustomer();
    const { ref } = await holdWith(other.id, service.id, day, 15, member);
    expect(ref).toMatch(/^GLW-/);
  });

  test("refused, changing nothing: a taken hour (just taken), a blocked hour, a member who does not perform it, another salon's, a visit begun", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const member = await addStylist(vendor.id, "Move Refused", [service.id]);
    const nails = await addStylist(vendor.id, "Move Nails", [await serviceFor(vendor.id, "Nails only", "Nails")]);
    const day = freshOpenDay(vendor.open_days);
    const { row } = await confirmedWith(member, day, 10);
    await confirmedWith(member, day, 15);
    await blockHours(vendor.id, member, { day, fromHour: 12, toHour: 13, note: "" });
    const before = await rowOf(row.id);

    await expect(moveBySalon(vendor.id, row.id, { memberId: member, day, hour: 14 })).rejects.toMatchObject({ code: "conflict", message: SLOT_TAKEN_MESSAGE });
    await expect(moveBySalon(vendor.id, row.id, { memberId: member, day, hour: 12 })).rejects.toMatchObject({ code: "conflict" });
    await expect(moveBySalon(vendor.id, row.id, { memberId: nails, day, hour: 10 })).rejects.toMatchObject({
      code: "not-found",
      message: "That member does not perform this service.",
    });
    await expect(moveBySalon(vendor.id, row.id, { memberId: member, day, hour: 10 })).rejects.toMatchObject({ code: "invalid" });
    await expect(moveBySalon(vendor.id + 1_000_000, row.id, { memberId: member, day, hour: 11 })).rejects.toMatchObject({ code: "not-found" });
    await expect(moveBySalon(vendor.id, row.id, { memberId: member, day, hour: 11 }, new Date(Date.parse(row.starts_at) + 60_000))).rejects.toMatchObject({
      code: "invalid",
    });
    await expect(movableAppointment(vendor.id + 1_000_000, row.id)).rejects.toMatchObject({ code: "not-found" });
    expect(await rowOf(row.id)).toEqual(before);
    const movable = await movableAppointment(vendor.id, row.id);
    expect(movable.members.map((m) => m.name)).toContain("Move Refused");
    expect(movable.members.map((m) => m.name)).not.toContain("Move Nails");
  });
});
