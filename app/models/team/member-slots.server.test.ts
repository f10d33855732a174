import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { lagosInstant } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, vendorBySlug } from "../../../tests/booking";
import { addStylist, holdWith, memberOfRef, ownerMemberOf } from "../../../tests/team";
import { createVendor } from "../../../tests/vendor";
import { setMemberActive, updateMember } from "./edit-team.server";
import { serviceDay } from "./member-slots.server";
import { cardsByIds } from "~/models/catalogue/service-cards.server";
import { searchServices } from "~/models/catalogue/search.server";
import { rescheduleAppointment } from "~/models/appointments/transitions.server";

// Free times and "anyone" per member (docs/domain.md, "The team"; docs/decisions/017-anyone-assignment.md), on the
// demo vendor's featured braids (120 min, ₦7,500 + ₦4,500 required), open Monday to Saturday 9 am to 7 pm.

/** The demo vendor as a team of one again: the tests of a file share its database, so each starts from its owner. */
async function setup() {
  const service = await featuredService();
  const vendor = await vendorBySlug();
  const owner = await ownerMemberOf(vendor.id);
  await (await getDb()).updateTable("team_members").set({ active: 0 }).where("vendor_id", "=", vendor.id).where("id", "!=", owner).execute();
  const chair = { id: service.id, vendorId: service.vendor_id, durationMin: service.duration_min };
  return { service, vendor, owner, chair };
}

describe(`team members' times (${getDialect()})`, () => {
  test("two members at the same hour both get a booking; a third for one of them is refused as just taken", async () => {
    const { service, vendor, owner } = await setup();
    const bisi = await addStylist(vendor.id, "Bisi Ade", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const a = await holdWith((await createCustomer()).id, service.id, day, 10, bisi);
    const b = await holdWith((await createCustomer()).id, service.id, day, 10, owner);
    expect((await memberOfRef(a.ref)).member_id).toBe(bisi);
    expect((await memberOfRef(b.ref)).member_id).toBe(owner);
    expect(await memberOfRef(a.ref)).toMatchObject({ member_chosen: 1 });
    await expect(holdWith((await createCustomer()).id, service.id, day, 10, bisi)).rejects.toThrow("That time was just taken. Please pick another time.");
    // Anyone at 10: both are taken, so it is gone for everyone.
    await expect(holdWith((await createCustomer()).id, service.id, day, 10, null)).rejects.toThrow("That time was just taken. Please pick another time.");
  });

  test("anyone goes to the free member with the fewest live bookings that day, ties to the display order", async () => {
    const { service, vendor, owner } = await setup();
    const first = await addStylist(vendor.id, "Chioma Eze", [service.id]);
    const second = await addStylist(vendor.id, "Dayo Ola", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const who = async (hour: number) => (await memberOfRef((await holdWith((await createCustomer()).id, service.id, day, hour, null)).ref)).member_id;
    expect(await who(9)).toBe(owner); // all at 0: display order
    expect(await who(11)).toBe(first); // owner 1, others 0
    expect(await who(13)).toBe(second);
    expect(await who(15)).toBe(owner); // all at 1 again
    const anyone = await memberOfRef((await holdWith((await createCustomer()).id, service.id, day, 17, null)).ref);
    expect(anyone).toMatchObject({ member_id: first, member_chosen: 0 });
  });

  test("a named member's times are theirs alone; anyone's are the union over the qualified members", async () => {
    const { service, vendor, owner, chair } = await setup();
    const day = freshOpenDay(vendor.open_days);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
    const late = await addStylist(vendor.id, "Efe Late", [service.id], { week: [{ day: weekday, opens: 12, closes: 19, breakStarts: null, breakEnds: null }] });
    await setMemberActive(vendor.id, owner, true);
    expect((await serviceDay(await getDb(), { service: chair, memberId: late, day })).slots.map((s) => s.hour)).toEqual([12, 13, 14, 15, 16, 17]);
    // The owner's day, booked from 9 to 5 pm, leaves anyone with Efe's afternoon and the owner's 5 pm.
    for (const hour of [9, 11, 13, 15]) await holdWith((await createCustomer()).id, service.id, day, hour, owner);
    const anyone = (await serviceDay(await getDb(), { service: chair, memberId: null, day })).slots.map((s) => s.hour);
    expect(anyone).toEqual([12, 13, 14, 15, 16, 17]);
    const ownerOnly = (await serviceDay(await getDb(), { service: chair, memberId: owner, day })).slots.map((s) => s.hour);
    expect(ownerOnly).toEqual([17]);
    // Anyone at 9 is no one's now: the owner has it and Efe starts at noon.
    await expect(holdWith((await createCustomer()).id, service.id, day, 9, null)).rejects.toThrow("That time was just taken. Please pick another time.");
  });

  test("a member of another vendor, or one who does not perform the service, is not found", async () => {
    const { service, chair } = await setup();
    const other = await createVendor("team-other");
    const stranger = await ownerMemberOf(other.vendorId);
    const error = await holdWith((await createCustomer()).id, service.id, freshOpenDay("1,2,3,4,5,6"), 10, stranger).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "not-found", field: "member" });
    await expect(serviceDay(await getDb(), { service: chair, memberId: stranger, day: freshOpenDay("1,2,3,4,5,6") })).rejects.toThrow(
      "That team member does not take bookings for this service.",
    );
  });

  test("a named member's own price is charged; anyone pays the service's own; a later price change leaves bookings as they were", async () => {
    const { service, vendor } = await setup();
    const senior = await addStylist(vendor.id, "Funmi Senior", [], {});
    const input = (priceKobo: number) => ({
      name: "Funmi Senior",
      title: "Senior stylist",
      bookable: true,
      week: null,
      services: [{ serviceId: service.id, priceKobo, durationMin: null }],
    });
    await updateMember(vendor.id, senior, input(9_000_00));
    const day = freshOpenDay(vendor.open_days);
    const named = await memberOfRef((await holdWith((await createCustomer()).id, service.id, day, 9, senior)).ref);
    expect(named.total_kobo).toBe(9_000_00 + 4_500_00);
    await updateMember(vendor.id, senior, input(10_000_00));
    expect((await memberOfRef((await holdWith((await createCustomer()).id, service.id, day, 11, senior)).ref)).total_kobo).toBe(10_000_00 + 4_500_00);
    await expect(
      (await getDb()).selectFrom("appointments").select("total_kobo").where("member_id", "=", senior).orderBy("starts_at").execute(),
    ).resolves.toEqual([{ total_kobo: 9_000_00 + 4_500_00 }, { total_kobo: 10_000_00 + 4_500_00 }]);
  });

  test("time off blocks a member's hours; deactivation is refused while they have bookings to come", async () => {
    const { service, vendor, chair } = await setup();
    const gbenga = await addStylist(vendor.id, "Gbenga Off", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const db = await getDb();
    await db
      .insertInto("team_time_off")
      .values({ member_id: gbenga, starts_at: lagosInstant(day, 9), ends_at: lagosInstant(day, 14), note: "Clinic", created_at: new Date().toISOString() })
      .execute();
    expect((await serviceDay(db, { service: chair, memberId: gbenga, day })).slots.map((s) => s.hour)).toEqual([14, 15, 16, 17]);
    const { ref } = await holdWith((await createCustomer()).id, service.id, day, 15, gbenga);
    await expect(setMemberActive(vendor.id, gbenga, false)).rejects.toThrow(`Gbenga Off has 1 booking to come (${ref}`);
    await db.updateTable("appointments").set({ status: "cancelled" }).where("ref", "=", ref).execute();
    await setMemberActive(vendor.id, gbenga, false);
    await expect(serviceDay(db, { service: chair, memberId: gbenga, day })).rejects.toThrow("That team member does not take bookings for this service.");
  });

  test("a service whose qualified members are all inactive or not bookable has no free times", async () => {
    const { service, vendor, owner, chair } = await setup();
    const db = await getDb();
    await db.updateTable("team_members").set({ bookable: 0 }).where("vendor_id", "=", vendor.id).execute();
    expect(await serviceDay(db, { service: chair, memberId: null, day: freshOpenDay(vendor.open_days) })).toEqual({
      slots: [],
      reason: "This service is not available for booking.",
    });
    await expect(holdWith((await createCustomer()).id, service.id, freshOpenDay(vendor.open_days), 10, null)).rejects.toThrow(
      "This service is not available for booking.",
    );
    await db.updateTable("team_members").set({ bookable: 1 }).where("id", "=", owner).execute();
  });
});

describe(`the team on service cards and in search (${getDialect()})`, () => {
  test("members' prices that differ show as 'from' the lowest; a service nobody can be booked for leaves every list", async () => {
    const { service, vendor, owner } = await setup();
    const db = await getDb();
    const card = async () => (await cardsByIds([service.id], null))[0];
    expect(await card()).toMatchObject({ priceKobo: 7_500_00 });
    expect((await card())!.priceFrom).toBeUndefined();
    await addStylist(vendor.id, "Ife Junior", [], {
      services: [{ serviceId: service.id, priceKobo: 6_000_00, durationMin: null }],
    });
    expect(await card()).toMatchObject({ priceKobo: 6_000_00, listPriceKobo: null, priceFrom: true });
    expect((await searchServices({ term: "Knotless", page: 1, viewerId: null })).cards.map((c) => c.id)).toContain(service.id);

    await db.updateTable("team_members").set({ bookable: 0 }).where("vendor_id", "=", vendor.id).execute();
    expect(await card()).toBeUndefined();
    expect((await searchServices({ term: "Knotless", page: 1, viewerId: null })).cards.map((c) => c.id)).not.toContain(service.id);
    await db.updateTable("team_members").set({ bookable: 1 }).where("id", "=", owner).execute();
    expect(await card()).toMatchObject({ priceKobo: 7_500_00 });
  });
});

describe(`rescheduling with a team (${getDialect()})`, () => {
  test("a reschedule keeps the member unless the customer picks another who may be booked; someone else's is not found", async () => {
    const { service, vendor, owner } = await setup();
    const nia = await addStylist(vendor.id, "Nia Move", [service.id]);
    const db = await getDb();
    const day = freshOpenDay(vendor.open_days);
    const customer = await createCustomer();
    const { ref } = await holdWith(customer.id, service.id, day, 9, null);
    await db.updateTable("appointments").set({ status: "requested", hold_expires_at: null }).where("ref", "=", ref).execute();
    expect(await memberOfRef(ref)).toMatchObject({ member_id: owner, member_chosen: 0 });
    await rescheduleAppointment(customer.id, ref, day, 11);
    expect(await memberOfRef(ref)).toMatchObject({ member_id: owner, member_chosen: 0 });
    await rescheduleAppointment(customer.id, ref, day, 13, new Date(), { memberId: nia });
    expect(await memberOfRef(ref)).toMatchObject({ member_id: nia, member_chosen: 1 });
    const stranger = await ownerMemberOf((await createVendor("team-resched")).vendorId);
    await expect(rescheduleAppointment(customer.id, ref, day, 15, new Date(), { memberId: stranger })).rejects.toThrow(
      "That team member does not take bookings for this service.",
    );
    expect(await memberOfRef(ref)).toMatchObject({ member_id: nia });
  });
});
