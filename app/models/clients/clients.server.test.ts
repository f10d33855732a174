import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { choosePayToVendor } from "~/models/appointments/transitions.server";
import { DomainError } from "~/models/refusal";
import { qualifiedMembers } from "~/models/team/members.server";
import { lagosInstant, lagosToday } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";
import { claimGuestClients, GUEST_EMAIL_DOMAIN } from "~/models/client-rules/client-match.server";
import { addClientNote, clientRecord, getClientNotes, listClients } from "./client-records.server";
import { blockedSentence, noShowsInWindow, saveClientRules, setClientBlocked } from "~/models/client-rules/client-rules.server";
import { bookForClient, hourNow, salonFreeTimes, type SalonBooker } from "./salon-booking.server";

// The salon's clients on both databases (docs/domain.md, "Clients"): matching a client by confirmed phone or e-mail,
// salon-made bookings through the one free-time rule, the no-show rule and blocking.

let keys = 0;
const key = () => `test-key-${Date.now()}-${++keys}-padding`;

async function setting() {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const db = await getDb();
  const [member] = await qualifiedMembers(db, service.id);
  const owner = await db.selectFrom("team_members").select("id").where("vendor_id", "=", vendor.id).where("role", "=", "owner").executeTakeFirstOrThrow();
  const booker: SalonBooker = { vendorId: vendor.id, memberId: owner.id, anyMember: true };
  return { vendor, service, member: member!, booker, db };
}

async function withPhone(phone: string, confirmed: boolean) {
  const c = await createCustomer("Ngozi");
  const db = await getDb();
  await db
    .updateTable("users")
    .set({ phone, phone_confirmed_at: confirmed ? new Date().toISOString() : null })
    .where("id", "=", c.id)
    .execute();
  return c;
}

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("client matching", () => {
  test("a real account with that confirmed phone gets the booking; the salon keeps the phone it was given", async () => {
    const { vendor, service, member, booker, db } = await setting();
    const c = await withPhone("0803 777 1201", true);
    const day = freshOpenDay(vendor.open_days);
    const booked = await bookForClient(booker, {
      serviceId: service.id,
      memberId: member.id,
      day,
      time: 10,
      client: { firstName: "Ngozi", lastName: "Eze", phone: "+2348037771201", email: null },
      payment: "visit",
      note: null,
      idempotencyKey: key(),
    });
    expect(booked.customerId).toBe(c.id);
    const row = await db.selectFrom("appointments").selectAll().where("ref", "=", booked.ref).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "confirmed", payment_method: "vendor", customer_id: c.id, member_id: member.id, booked_by_member_id: booker.memberId });
    expect(row.starts_at).toBe(lagosInstant(day, 10));
    const record = await db.selectFrom("salon_clients").selectAll().where("vendor_id", "=", vendor.id).where("user_id", "=", c.id).executeTakeFirstOrThrow();
    expect(record.phone).toBe("+2348037771201");
  });

  test("a real account with that confirmed e-mail gets it; an unconfirmed phone does not, so a guest account is made", async () => {
    const { vendor, service, member, booker, db } = await setting();
    const byMail = await createCustomer("Bisi");
    const day = freshOpenDay(vendor.open_days);
    const first = await bookForClient(booker, {
      serviceId: service.id,
      memberId: member.id,
      day,
      time: 10,
      client: { firstName: "Bisi", lastName: "Test", phone: "+2348037771202", email: byMail.email },
      payment: "link",
      note: null,
      idempotencyKey: key(),
    });
    expect(first.customerId).toBe(byMail.id);
    expect(first.emailedTo).toBe(byMail.email);

    const unconfirmed = await withPhone("08037771203", false);
    const second = await bookForClient(booker, {
      serviceId: service.id,
      memberId: member.id,
      day,
      time: 13,
      client: { firstName: "Tope", lastName: "Ade", phone: "+2348037771203", email: null },
      payment: "visit",
      note: null,
      idempotencyKey: key(),
    });
    expect(second.customerId).not.toBe(unconfirmed.id);
    const guest = await db.selectFrom("users").selectAll().where("id", "=", second.customerId).executeTakeFirstOrThrow();
    expect(guest.guest_of_vendor_id).toBe(vendor.id);
    expect(guest.email.endsWith(`@${GUEST_EMAIL_DOMAIN}`)).toBe(true);
    expect(guest.first_name).toBe("Tope");

    // The same phone again at the same salon is the same client, not a second guest.
    const third = await bookForClient(booker, {
      serviceId: service.id,
      memberId: member.id,
      day: freshOpenDay(vendor.open_days),
      time: 10,
      client: { firstName: "Tope", lastName: "Ade", phone: "0803 777 1203", email: null },
      payment: "visit",
      note: null,
      idempotencyKey: key(),
    });
    expect(third.customerId).toBe(second.customerId);
    const guests = await db.selectFrom("salon_clients").select("user_id").where("vendor_id", "=", vendor.id).where("phone", "=", "+2348037771203").execute();
    expect(guests).toHaveLength(1);
  });

  test("confirming the phone later takes the guest's appointments, records and notes over", async () => {
    const { vendor, service, member, booker, db } = await setting();
    const day = freshOpenDay(vendor.open_days);
    const booked = await bookForClient(booker, {
      serviceId: service.id,
      memberId: member.id,
      day,
      time: 11,
      client: { firstName: "Kemi", lastName: "Ola", phone: "+2348037771204", email: "kemi.ola@example.org" },
      payment: "visit",
      note: null,
      idempotencyKey: key(),
    });
    await addClientNote(vendor.id, booker.memberId, booked.customerId, {
      kind: "allergy",
      body: "Itchy scalp",
      product: "PPD dye",
      result: null,
      notedOn: lagosToday(),
    });
    const person = await withPhone("0803 777 1204", true);
    await db.transaction().execute((tx) => claimGuestClients(tx, person.id));
    const row = await db.selectFrom("appointments").select("customer_id").where("ref", "=", booked.ref).executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(person.id);
    expect(await getClientNotes(vendor.id, person.id)).toHaveLength(1);
    const record = await clientRecord({ vendorId: vendor.id, memberId: null }, person.id);
    expect(record).toMatchObject({ hasAccount: true, upcoming: 1, phone: "+2348037771204" });
  });
});

describe("salon-made bookings go through the one free-time rule", () => {
  test("a taken hour is 'just taken', a closed one is refused with the rule's reason, a stylist books only themselves", async () => {
    const { vendor, service, member, booker } = await setting();
    const day = freshOpenDay(vendor.open_days);
    const online = await createCustomer("Online");
    const { ref } = await hold(online.id, service.id, day, 10);
    expect(ref).toBeTruthy();
    const client = { firstName: "Phone", lastName: "Client", phone: "+2348037771205", email: null };
    const base = { serviceId: service.id, memberId: member.id, day, client, payment: "visit" as const, note: null };
    // The held online order may have gone to this member or another; a second salon booking at 10 for the same member
    // meets either that hold or the first salon booking.
    await bookForClient(booker, { ...base, time: 12, idempotencyKey: key() });
    expect(await refusal(bookForClient(booker, { ...base, time: 12, idempotencyKey: key() }))).toMatchObject({ code: "conflict" });
    expect(await refusal(bookForClient(booker, { ...base, time: 3, idempotencyKey: key() }))).toMatchObject({ code: "invalid" });
    const stylist = { vendorId: vendor.id, memberId: member.id + 100000, anyMember: false };
    expect(await refusal(bookForClient(stylist, { ...base, time: 14, idempotencyKey: key() }))).toMatchObject({
      message: "A stylist can take bookings for themselves only.",
    });
    const free = await salonFreeTimes(booker, { serviceId: service.id, memberId: member.id, day });
    expect(free.slots.map((s) => s.hour)).not.toContain(12);
  });

  test("the same form sent twice books once; another salon's service is not found", async () => {
    const { vendor, service, member, booker, db } = await setting();
    const day = freshOpenDay(vendor.open_days);
    const request = {
      serviceId: service.id,
      memberId: member.id,
      day,
      time: 11,
      client: { firstName: "Twice", lastName: "Sent", phone: "+2348037771206", email: null },
      payment: "visit" as const,
      note: "Called at 9",
      idempotencyKey: key(),
    };
    const a = await bookForClient(booker, request);
    const b = await bookForClient(booker, request);
    expect(b).toMatchObject({ ref: a.ref, created: false });
    const count = await db
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("customer_id", "=", a.customerId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const other = { vendorId: vendor.id + 1000, memberId: 1, anyMember: true };
    expect(await refusal(bookForClient(other, { ...request, idempotencyKey: key() }))).toMatchObject({ code: "not-found" });
  });

  test("a walk-in takes the hour it walks in during, when that hour is free", () => {
    const now = new Date(lagosInstant("2026-12-01", 14, 20));
    expect(hourNow("2026-12-01", now)).toBe(14);
    expect(hourNow("2026-12-02", now)).toBeNull();
  });
});

describe("client rules", () => {
  test("with the no-show rule on, a client with N no-shows in 12 months can't choose Pay to vendor; older ones don't count", async () => {
    const { vendor, service, db } = await setting();
    const c = await createCustomer("Missed");
    const plant = async (daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      await db
        .insertInto("appointments")
        .values({
          ref: `GLW-N${String(daysAgo).padStart(5, "0")}`.slice(0, 10),
          customer_id: c.id,
          vendor_id: vendor.id,
          service_id: service.id,
          starts_at: at.toISOString(),
          ends_at: new Date(at.getTime() + 3_600_000).toISOString(),
          status: "no_show",
          payment_status: "unpaid",
          payment_method: "vendor",
          total_kobo: 1000,
          comment: null,
          pay_token: `t-${daysAgo}-${c.id}`,
          hold_expires_at: null,
          paid_by_name: null,
          paid_at: null,
          status_reason: null,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        })
        .execute();
    };
    await plant(30);
    await plant(400);
    expect(await noShowsInWindow(db, vendor.id, c.id, new Date())).toBe(1);
    const day = freshOpenDay(vendor.open_days);
    // Off by default: Pay to vendor works.
    const first = await hold(c.id, service.id, day, 10);
    await choosePayToVendor(c.id, first.ref, null);
    await saveClientRules(vendor.id, { prepayAfterNoShows: 1, notesForStylists: false });
    const second = await hold(c.id, service.id, day, 13);
    const refused = await refusal(choosePayToVendor(c.id, second.ref, null));
    expect(refused.message).toContain("pay in full online");
    expect((await db.selectFrom("appointments").select("status").where("ref", "=", second.ref).executeTakeFirstOrThrow()).status).toBe("held");
    await saveClientRules(vendor.id, { prepayAfterNoShows: 0, notesForStylists: false });
    expect(await refusal(saveClientRules(vendor.id, { prepayAfterNoShows: 11, notesForStylists: false }))).toMatchObject({ code: "invalid" });
  });

  test("a blocked client can't book the salon online, and can again once unblocked; another salon is not affected", async () => {
    const { vendor, service } = await setting();
    const c = await createCustomer("Blocked");
    const day = freshOpenDay(vendor.open_days);
    // A hold alone makes nobody a client; a booking does.
    const first = await hold(c.id, service.id, day, 10);
    await choosePayToVendor(c.id, first.ref, null);
    await setClientBlocked(vendor.id, c.id, true);
    const refused = await refusal(hold(c.id, service.id, day, 13));
    expect(refused.message).toBe(blockedSentence("Ronke's Beauty Lounge"));
    await setClientBlocked(vendor.id, c.id, false);
    expect((await hold(c.id, service.id, day, 13)).created).toBe(true);
    // Someone who never booked the salon is no client of it.
    const stranger = await createCustomer("Stranger");
    expect(await refusal(setClientBlocked(vendor.id, stranger.id, true))).toMatchObject({ code: "not-found" });
  });

  test("the client list finds a client by name or phone; a stylist's list holds their own clients only", async () => {
    const { vendor, service, member, booker } = await setting();
    const day = freshOpenDay(vendor.open_days);
    const booked = await bookForClient(booker, {
      serviceId: service.id,
      memberId: member.id,
      day,
      time: 11,
      client: { firstName: "Zainabu", lastName: "Qlisted", phone: "+2348037771207", email: null },
      payment: "visit",
      note: null,
      idempotencyKey: key(),
    });
    const all = { vendorId: vendor.id, memberId: null };
    expect((await listClients(all, "zainabu qlisted")).clients.map((c) => c.id)).toContain(booked.customerId);
    expect((await listClients(all, "0803 777 1207")).clients.map((c) => c.id)).toEqual([booked.customerId]);
    expect((await listClients(all, "nobody-called-this")).clients).toHaveLength(0);
    expect((await listClients({ vendorId: vendor.id, memberId: member.id }, "qlisted")).clients).toHaveLength(1);
    expect((await listClients({ vendorId: vendor.id, memberId: member.id + 100000 }, "qlisted")).clients).toHaveLength(0);
  });
});
