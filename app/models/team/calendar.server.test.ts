import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { chooseMember, serviceDay } from "~/models/team/member-slots.server";
import { DomainError } from "~/models/refusal";
import { addDaysToDay, lagosInstant } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, vendorBySlug } from "../../../tests/booking";
import { addStylist, holdWith } from "../../../tests/team";
import { blockHours } from "./block-hours.server";
import { dayHours, paymentState, weekStart } from "./calendar";
import { calendarBlocks, calendarMembers } from "./calendar.server";
import { addMemberTimeOff } from "./time-off.server";

// The calendar's data (docs/domain.md, "The calendar") and blocking hours: the block is time off with a start and an
// end, read by the one free-time function, so online booking never offers a blocked hour.

async function braids() {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  return { vendor, service, chair: { id: service.id, vendorId: vendor.id, durationMin: service.duration_min } };
}

describe(`the salon's calendar (${getDialect()})`, () => {
  test("a day gives each member's appointments with client, service, state and payment, and their blocked time; phones masked for a stylist", async () => {
    const { vendor, service } = await braids();
    const member = await addStylist(vendor.id, "Calendar One", [service.id]);
    const other = await addStylist(vendor.id, "Calendar Two", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const customer = await createCustomer("Kemi");
    const db = await getDb();
    await db.updateTable("users").set({ phone: "0803 555 7788" }).where("id", "=", customer.id).execute();
    const { ref } = await holdWith(customer.id, service.id, day, 10, member);
    await db
      .updateTable("appointments")
      .set({ status: "confirmed", payment_status: "paid", deposit_kobo: 100_000, hold_expires_at: null })
      .where("ref", "=", ref)
      .execute();
    await holdWith(customer.id, service.id, day, 10, other);
    await blockHours(vendor.id, member, { day, fromHour: 14, toHour: 16, note: "Training" });

    const blocks = await calendarBlocks(vendor.id, [member], day, day, { maskPhones: false });
    expect(blocks.map((b) => [b.kind, b.memberId, b.startsAt])).toEqual([
      ["appointment", member, lagosInstant(day, 10)],
      ["time-off", member, lagosInstant(day, 14)],
    ]);
    expect(blocks[0]).toMatchObject({ ref, clientName: "Kemi Test", clientPhone: "0803 555 7788", status: "confirmed", payment: "deposit" });
    expect(blocks[1]).toMatchObject({ note: "Training", allDay: false, endsAt: lagosInstant(day, 16) });
    // A running hold is not a booking yet: the other member's column is empty.
    expect(await calendarBlocks(vendor.id, [other], day, day, { maskPhones: false })).toEqual([]);
    const masked = await calendarBlocks(vendor.id, [member], day, day, { maskPhones: true });
    expect(masked[0]!.clientPhone).toBe("•••• 7788");
    // Another day, or another salon's id for the member, shows nothing.
    expect(await calendarBlocks(vendor.id, [member], addDaysToDay(day, 1), addDaysToDay(day, 1), { maskPhones: false })).toEqual([]);
    expect(await calendarBlocks(vendor.id + 1_000_000, [member], day, day, { maskPhones: false })).toEqual([]);
    // The week view reads Monday to Sunday.
    const week = await calendarBlocks(vendor.id, [member], weekStart(day), addDaysToDay(weekStart(day), 6), { maskPhones: false });
    expect(week).toHaveLength(2);
    const names = (await calendarMembers(vendor.id)).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(["Calendar One", "Calendar Two"]));
    expect((await calendarMembers(vendor.id, member)).map((m) => m.name)).toEqual(["Calendar One"]);
  });

  test("payment reads paid, deposit, pay at visit or refunded; the week starts on Monday; a day spans 8 am to 8 pm at least", () => {
    expect(paymentState({ payment_status: "paid", deposit_kobo: 0 })).toBe("paid");
    expect(paymentState({ payment_status: "paid", deposit_kobo: 5 })).toBe("deposit");
    expect(paymentState({ payment_status: "unpaid", deposit_kobo: 0 })).toBe("unpaid");
    expect(paymentState({ payment_status: "refunded", deposit_kobo: 0 })).toBe("refunded");
    expect(weekStart("2026-11-27")).toBe("2026-11-23");
    expect(weekStart("2026-11-23")).toBe("2026-11-23");
    expect(weekStart("2026-11-29")).toBe("2026-11-23");
    expect(dayHours("2026-11-27", [])).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const early = { startsAt: lagosInstant("2026-11-27", 6), endsAt: lagosInstant("2026-11-27", 7), allDay: false };
    expect(dayHours("2026-11-27", [early as never])[0]).toBe(6);
  });

  test("blocking 1–3 pm takes those hours out of the member's free times, for showing and for accepting", async () => {
    const { vendor, service, chair } = await braids();
    const member = await addStylist(vendor.id, "Block Free", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const db = await getDb();
    const hoursBefore = (await serviceDay(db, { service: chair, memberId: member, day })).slots.map((s) => s.hour);
    expect(hoursBefore).toEqual(expect.arrayContaining([11, 12, 13, 14, 15]));

    await blockHours(vendor.id, member, { day, fromHour: 13, toHour: 15, note: "Training" });
    const after = (await serviceDay(db, { service: chair, memberId: member, day })).slots;
    // A two-hour service may neither start in the block nor run into it.
    for (const s of after) expect(s.startsAt >= lagosInstant(day, 15) || s.endsAt <= lagosInstant(day, 13), `${s.hour}`).toBe(true);
    expect(after.map((s) => s.hour)).toEqual(expect.arrayContaining([11, 15]));
    const refused = await chooseMember(db, { service: chair, memberId: member, day, hour: 13, now: new Date() }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    const customer = await createCustomer();
    await expect(holdWith(customer.id, service.id, day, 14, member)).rejects.toBeInstanceOf(DomainError);
    expect(await db.selectFrom("appointments").select("id").where("customer_id", "=", customer.id).execute()).toEqual([]);
  });

  test("a block over a booking is refused naming the booking, and changes nothing; whole-day time off works as before", async () => {
    const { vendor, service, chair } = await braids();
    const member = await addStylist(vendor.id, "Block Clash", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const customer = await createCustomer("Bisi");
    const { ref } = await holdWith(customer.id, service.id, day, 13, member);
    const db = await getDb();
    const refused = await blockHours(vendor.id, member, { day, fromHour: 14, toHour: 16, note: "" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe("conflict");
    expect((refused as DomainError).message).toContain(ref);
    expect((refused as DomainError).message).toContain("Knotless Box Braids for Bisi Test");
    expect(await db.selectFrom("team_time_off").select("id").where("member_id", "=", member).execute()).toEqual([]);

    for (const bad of [
      { day, fromHour: 15, toHour: 15 },
      { day: addDaysToDay(day, -400), fromHour: 9, toHour: 10 },
      { day: addDaysToDay(day, 400), fromHour: 9, toHour: 10 },
    ]) {
      await expect(blockHours(vendor.id, member, { ...bad, note: "" })).rejects.toMatchObject({ code: "invalid" });
    }
    // Another salon's member is not found.
    const elsewhere = await addStylist(vendor.id, "Block Elsewhere", [service.id]);
    await expect(blockHours(vendor.id + 1_000_000, elsewhere, { day, fromHour: 9, toHour: 10, note: "" })).rejects.toMatchObject({ code: "not-found" });

    const next = freshOpenDay(vendor.open_days);
    await addMemberTimeOff(vendor.id, member, { startsAt: lagosInstant(next, 0), endsAt: lagosInstant(addDaysToDay(next, 1), 0), allDay: true, note: "Leave" });
    expect((await serviceDay(db, { service: chair, memberId: member, day: next })).slots).toEqual([]);
  });
});
