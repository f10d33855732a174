import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { formatNaira } from "~/utils/money";
import { randomToken, bookingRef } from "~/utils/random.server";
import { addDaysToDay, formatDate, formatTime, lagosInstant, lagosToday } from "~/utils/time";
import { DomainError } from "~/models/refusal";
import { chairOf, getBookableService, pricedFor } from "~/models/booking/hold.server";
import { quote } from "~/models/booking/quote";
import { expireHolds } from "~/models/appointments/store.server";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import type { Slot } from "~/models/schedule/slots.server";
import { chooseMember, serviceDay } from "~/models/team/member-slots.server";
import { queueMails, deliverMail, type Mail } from "~/models/messaging/mail.server";
import { findOrMakeClient, type NewClient } from "~/models/client-rules/client-match.server";
import { requireSalonClient } from "~/models/client-rules/client-rules.server";

// Bookings the salon takes itself (docs/domain.md, "Clients"): a phone call, a WhatsApp message or a walk-in, put in
// the same book as online bookings. The time goes through the same free-time rule and the same booking lock
// (`chooseMember` under `withBookingLock`), so the salon and an online customer never get one member's hour both;
// only the salon's minimum notice does not apply to the salon itself. The appointment is confirmed at once; it is
// paid at the visit, or through its payment link (/pay/{token}), which the salon sends by e-mail and WhatsApp.

/** Who takes the booking: the acting member, and whether they may book for other members (owner and manager). */
export interface SalonBooker {
  vendorId: number;
  memberId: number;
  anyMember: boolean;
}

export type SalonPayment = "visit" | "link";

export interface SalonBookingRequest {
  serviceId: number;
  memberId: number;
  day: string;
  /** An hour of `day`, or "now": a walk-in, in the hour it walks in during. */
  time: number | "now";
  /** An existing client of the salon (their account id), or a new one. */
  client: { userId: number } | NewClient;
  payment: SalonPayment;
  note: string | null;
  /** The form's per-render token: submitting the same form twice makes one booking. */
  idempotencyKey: string;
}

export interface SalonBooking {
  ref: string;
  created: boolean;
  customerId: number;
  payUrl: string;
  /** Where the payment link was e-mailed; null when the client gave no e-mail (or pays at the visit). */
  emailedTo: string | null;
  /** The client's phone, for the WhatsApp share link; null when unknown. */
  phone: string | null;
  startsAt: string;
  serviceTitle: string;
  totalKobo: number;
  businessName: string;
}

export const NOT_YOUR_MEMBER = "A stylist can take bookings for themselves only.";

/** The hour of `day` that `now` is in (Lagos), or null when `now` is not on `day`. */
export function hourNow(day: string, now: Date): number | null {
  if (lagosToday(now) !== day) return null;
  const at = now.toISOString();
  for (let h = 23; h >= 0; h--) if (lagosInstant(day, h) <= at) return h;
  return null;
}

/**
 * The free times of a member for a service on a day, read as the salon reads them (no minimum notice), and whether
 * a walk-in fits now: the hour `now` is in, read as at its start (when is a walk-in is a fact, not a choice).
 */
export async function salonFreeTimes(
  booker: SalonBooker,
  args: { serviceId: number; memberId: number; day: string },
  now: Date = new Date(),
): Promise<{ slots: Slot[]; reason: string | null; walkIn: boolean }> {
  const db = await getDb();
  const service = await getBookableService(db, args.serviceId);
  if (!service || service.vendor.id !== booker.vendorId) throw new DomainError("not-found", "This service is not available for booking.", { field: "service" });
  const { slots, reason } = await serviceDay(db, { service: chairOf(service), memberId: args.memberId, day: args.day, now, bySalon: true });
  const hour = hourNow(args.day, now);
  let walkIn = false;
  if (hour !== null) {
    const start = new Date(Date.parse(lagosInstant(args.day, hour)) - 1);
    const current = await serviceDay(db, { service: chairOf(service), memberId: args.memberId, day: args.day, now: start, bySalon: true });
    walkIn = current.slots.some((s) => s.hour === hour);
  }
  return { slots, reason: slots.length > 0 || walkIn ? null : reason, walkIn };
}

function paymentMail(to: string, firstName: string, booking: SalonBooking): Mail {
  return {
    to,
    subject: `Your appointment at ${booking.businessName}: pay online`,
    text: [
      `Hi ${firstName},`,
      "",
      `${booking.businessName} booked you for ${booking.serviceTitle} on ${formatDate(booking.startsAt)} at ${formatTime(booking.startsAt)}.`,
      `Booking reference: ${booking.ref}`,
      `Total: ${formatNaira(booking.totalKobo)}`,
      "",
      `Pay online here (anyone can pay with this link): ${booking.payUrl}`,
      "",
      "Glow",
    ].join("\n"),
  };
}

/** The message of the WhatsApp share link the salon sends the client. */
export function whatsappText(booking: Pick<SalonBooking, "businessName" | "serviceTitle" | "startsAt" | "totalKobo" | "payUrl">): string {
  return `${booking.businessName}: your ${booking.serviceTitle} is booked for ${formatDate(booking.startsAt)} at ${formatTime(booking.startsAt)}. Pay ${formatNaira(booking.totalKobo)} online: ${booking.payUrl}`;
}

/**
 * Books a client into a member's free hour, for the salon. Refuses a service or member not the salon's ("not
 * found"), a stylist booking another member, a time the free-time rule does not offer, and a lost race ("just taken").
 */
export async function bookForClient(booker: SalonBooker, request: SalonBookingRequest, now: Date = new Date()): Promise<SalonBooking> {
  if (!booker.anyMember && request.memberId !== booker.memberId) throw new DomainError("invalid", NOT_YOUR_MEMBER, { field: "member" });
  const db = await getDb();
  const service = await getBookableService(db, request.serviceId);
  if (!service || service.vendor.id !== booker.vendorId) throw new DomainError("not-found", "This service is not available for booking.", { field: "service" });
  // Suspended by Glow (docs/decisions/037-vendor-suspension.md): no new visit until it is lifted.
  if (service.vendor.suspended)
    throw new DomainError("conflict", "Your business is suspended on Glow, so it can't take new bookings until the suspension is lifted.", {
      field: "service",
    });
  if (request.day < lagosToday(now) || request.day > addDaysToDay(lagosToday(now), 366))
    throw new DomainError("invalid", "Please choose today or a later date.", { field: "date" });
  let hour: number;
  let checkAt = now;
  if (request.time === "now") {
    const current = hourNow(request.day, now);
    if (current === null) throw new DomainError("invalid", "A walk-in is booked today, in the hour it arrives.", { field: "time" });
    hour = current;
    checkAt = new Date(Date.parse(lagosInstant(request.day, current)) - 1);
  } else hour = request.time;

  const payBase = `${getEnv().APP_URL}/pay/`;
  const { booking, queued } = await withBookingLock({ vendorId: booker.vendorId }, async (tx) => {
    const customerId = "userId" in request.client ? request.client.userId : await findOrMakeClient(tx, booker.vendorId, request.client, now);
    if ("userId" in request.client) await requireSalonClient(tx, booker.vendorId, customerId);
    if (customerId === service.vendor.userId) throw new DomainError("invalid", "The salon's own account can't be its client.", { field: "client" });
    const contact = await tx
      .selectFrom("users as u")
      .leftJoin("salon_clients as c", (j) => j.onRef("c.user_id", "=", "u.id").on("c.vendor_id", "=", booker.vendorId))
      .select(["u.first_name", "u.email", "u.guest_of_vendor_id", "u.phone", "c.email as given_email", "c.phone as given_phone"])
      .where("u.id", "=", customerId)
      .executeTakeFirstOrThrow();
    const made = (ref: string, created: boolean, startsAt: string, totalKobo: number, token: string): SalonBooking => ({
      ref,
      created,
      customerId,
      payUrl: payBase + token,
      emailedTo: null,
      phone: contact.given_phone ?? contact.phone,
      startsAt,
      serviceTitle: service.title,
      totalKobo,
      businessName: service.vendor.businessName,
    });
    const existing = await tx
      .selectFrom("appointments")
      .select(["ref", "starts_at", "total_kobo", "pay_token"])
      .where("customer_id", "=", customerId)
      .where("idempotency_key", "=", request.idempotencyKey)
      .executeTakeFirst();
    if (existing) return { booking: made(existing.ref, false, existing.starts_at, existing.total_kobo, existing.pay_token), queued: [] };

    await expireHolds(tx, booker.vendorId, now);
    const picked = await chooseMember(tx, { service: chairOf(service), memberId: request.memberId, day: request.day, hour, now: checkAt, bySalon: true });
    const { items, totalKobo } = quote(pricedFor(service, picked.member), []);
    const ref = bookingRef();
    const token = randomToken();
    const at = now.toISOString();
    const { id } = await tx
      .insertInto("appointments")
      .values({
        ref,
        customer_id: customerId,
        vendor_id: booker.vendorId,
        member_id: picked.member.id,
        member_chosen: 1,
        service_id: service.id,
        starts_at: picked.slot.startsAt,
        ends_at: picked.slot.endsAt,
        status: "confirmed",
        payment_status: "unpaid",
        payment_method: request.payment === "visit" ? "vendor" : null,
        total_kobo: totalKobo,
        comment: request.note,
        pay_token: token,
        hold_expires_at: null,
        paid_by_name: null,
        paid_at: null,
        status_reason: null,
        created_at: at,
        updated_at: at,
        idempotency_key: request.idempotencyKey,
        location_type: "salon",
        location_address: null,
        booked_by_member_id: booker.memberId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("appointment_items")
      .values(items.map((i) => ({ appointment_id: id, kind: i.kind, name: i.name, price_kobo: i.priceKobo })))
      .execute();
    const booking = made(ref, true, picked.slot.startsAt, totalKobo, token);
    // The e-mail goes into the outbox with the booking it tells of (docs/architecture.md, "A request's path").
    const email = contact.given_email ?? (contact.guest_of_vendor_id === null ? contact.email : null);
    if (request.payment !== "link" || !email) return { booking, queued: [] };
    booking.emailedTo = email;
    return { booking, queued: await queueMails(tx, [paymentMail(email, contact.first_name, booking)], now) };
  });
  for (const mail of queued) await deliverMail(mail);
  return booking;
}

export interface BookingChoices {
  members: { id: number; name: string; services: { id: number; title: string; priceKobo: number; durationMin: number }[] }[];
}

/** The members a booker may book (a stylist: themselves) and the active services each performs, for the form. */
export async function salonBookingChoices(booker: SalonBooker): Promise<BookingChoices> {
  const db = await getDb();
  let members = db
    .selectFrom("team_members")
    .select(["id", "name"])
    .where("vendor_id", "=", booker.vendorId)
    .where("active", "=", 1)
    .where("bookable", "=", 1)
    .orderBy("sort")
    .orderBy("id");
  if (!booker.anyMember) members = members.where("id", "=", booker.memberId);
  const rows = await members.execute();
  const services = rows.length
    ? await db
        .selectFrom("team_member_services as ms")
        .innerJoin("services as s", "s.id", "ms.service_id")
        .select([
          "ms.member_id",
          "s.id",
          "s.title",
          "s.price_kobo",
          "s.promo_price_kobo",
          "ms.price_kobo as own_price",
          "ms.duration_min as own_duration",
          "s.duration_min",
        ])
        .where(
          "ms.member_id",
          "in",
          rows.map((r) => r.id),
        )
        .where("s.vendor_id", "=", booker.vendorId)
        .where("s.status", "=", "active")
        .orderBy("s.title")
        .execute()
    : [];
  return {
    members: rows.map((m) => ({
      id: m.id,
      name: m.name,
      services: services
        .filter((s) => s.member_id === m.id)
        .map((s) => ({
          id: s.id,
          title: s.title,
          priceKobo: s.own_price ?? s.promo_price_kobo ?? s.price_kobo,
          durationMin: s.own_duration ?? s.duration_min,
        })),
    })),
  };
}

export interface BookedSummary {
  ref: string;
  startsAt: string;
  service: string;
  member: string | null;
  clientName: string;
  clientId: number;
  phone: string | null;
  payUrl: string;
  totalKobo: number;
  payAtVisit: boolean;
  paid: boolean;
  emailedTo: string | null;
}

/** A booking the salon just took, for the page that shows its payment link and WhatsApp message; undefined if not the salon's. */
export async function salonBookingSummary(booker: SalonBooker, ref: string): Promise<BookedSummary | undefined> {
  const db = await getDb();
  let query = db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("users as u", "u.id", "a.customer_id")
    .leftJoin("team_members as m", "m.id", "a.member_id")
    .leftJoin("salon_clients as c", (j) => j.onRef("c.user_id", "=", "a.customer_id").onRef("c.vendor_id", "=", "a.vendor_id"))
    .select([
      "a.ref",
      "a.starts_at",
      "a.total_kobo",
      "a.payment_method",
      "a.payment_status",
      "a.pay_token",
      "a.customer_id",
      "s.title",
      "m.name as member",
      "u.first_name",
      "u.last_name",
      "u.phone",
      "u.email",
      "u.guest_of_vendor_id",
      "c.phone as given_phone",
      "c.email as given_email",
    ])
    .where("a.vendor_id", "=", booker.vendorId)
    .where("a.ref", "=", ref)
    .where("a.booked_by_member_id", "is not", null);
  if (!booker.anyMember) query = query.where("a.member_id", "=", booker.memberId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const payAtVisit = row.payment_method === "vendor";
  return {
    ref: row.ref,
    startsAt: row.starts_at,
    service: row.title,
    member: row.member,
    clientName: `${row.first_name} ${row.last_name}`.trim(),
    clientId: row.customer_id,
    phone: row.given_phone ?? row.phone,
    payUrl: `${getEnv().APP_URL}/pay/${row.pay_token}`,
    totalKobo: row.total_kobo,
    payAtVisit,
    paid: row.payment_status === "paid",
    emailedTo: payAtVisit ? null : (row.given_email ?? (row.guest_of_vendor_id === null ? row.email : null)),
  };
}
