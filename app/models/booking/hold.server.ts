import { getDb, type Executor } from "~/db/db.server";
import type { LocationType, ServiceType } from "~/db/schema";
import { bookingRef, randomToken } from "~/utils/random.server";
import { quote } from "./quote";
import { HOLD_MINUTES, MAX_LIVE_HOLDS, minutesAfter } from "~/models/appointments/rules.server";
import { DomainError } from "~/models/refusal";
import { travelReach } from "~/models/catalogue/distance";
import { expireHolds, openUnpaidAppointments } from "~/models/appointments/store.server";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { loadVendorTime, parseHourInput, readBookingDay, type Slot } from "~/models/schedule/slots.server";
import { chooseMember, serviceDay, type ServiceChair } from "~/models/team/member-slots.server";
import { MEMBER_NOT_OFFERED, readMemberInput } from "~/models/team/member-input";
import { qualifiedMembers, type QualifiedMember } from "~/models/team/members.server";
import { openDaysAhead } from "~/models/schedule/schedule-rules";
import { lagosToday } from "~/utils/time";
import { servicePrice } from "~/models/services/price";
import { publicVendorAddress } from "~/models/accounts/public-address";
import { assertMayBookOnline } from "~/models/client-rules/client-rules.server";
import { giftsForBooking, reserveGifts } from "~/models/redemption/redeem.server";
import { coverBooking } from "~/models/redemption/redeem-rules";
import { promoForBooking, takePromo } from "~/models/promos/promo-use.server";
import { afterPromo } from "~/models/promos/promo-rules";
import { answerDeadline } from "~/models/appointments/rules.server";
import { bookedStatus } from "~/models/appointments/payment.server";
import { bookedMails } from "~/models/appointments/notices.server";
import { rowById } from "~/models/appointments/store.server";
import { deliverMail, queueMails, type QueuedMail } from "~/models/messaging/mail.server";

// Step 1 of 2: what a service costs with the chosen materials, and the order that holds
// the slot. Prices and totals always come from the database; whatever a browser sends is only a choice of ids.

export interface BookableService {
  id: number;
  title: string;
  description: string;
  about: string;
  image: string;
  groupName: string;
  categoryTitle: string;
  durationMin: number;
  /** What the customer pays for the service itself, and the list price struck through beside a promo (servicePrice). */
  priceKobo: number;
  listPriceKobo: number | null;
  serviceType: ServiceType;
  vendor: {
    id: number;
    userId: number;
    slug: string;
    businessName: string;
    address: string;
    area: string;
    city: string;
    lat: number;
    lng: number;
    /** How far the vendor travels for home service, in km; 0: not said. */
    travelKm: number;
    /** Suspended by Glow (docs/decisions/037-vendor-suspension.md): it takes no booking until the suspension is lifted. */
    suspended: boolean;
  };
  materials: { id: number; name: string; priceKobo: number; required: boolean }[];
}

/** An active service that customers may book, with its vendor and materials; undefined otherwise. */
export async function findBookableService(serviceId: number): Promise<BookableService | undefined> {
  return getBookableService(await getDb(), serviceId);
}

/** findBookableService, inside a transaction. */
export async function getBookableService(db: Executor, serviceId: number): Promise<BookableService | undefined> {
  const row = await db
    .selectFrom("services as s")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .innerJoin("categories as c", "c.id", "s.category_id")
    .select([
      "s.id",
      "s.title",
      "s.description",
      "s.about",
      "s.image",
      "s.group_name",
      "s.duration_min",
      "s.price_kobo",
      "s.promo_price_kobo",
      "s.service_type",
      "c.title as category_title",
      "v.id as vendor_id",
      "v.user_id as vendor_user_id",
      "v.slug as vendor_slug",
      "v.business_name",
      "v.business_address",
      "v.area",
      "v.city",
      "v.lat",
      "v.lng",
      "v.travel_km",
      "v.suspended_at",
    ])
    .where("s.id", "=", serviceId)
    .where("s.status", "=", "active")
    .executeTakeFirst();
  if (!row) return undefined;
  const materials = await db
    .selectFrom("materials")
    .select(["id", "name", "price_kobo", "required"])
    .where("service_id", "=", serviceId)
    .orderBy("sort")
    .execute();
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    about: row.about,
    image: row.image,
    groupName: row.group_name,
    categoryTitle: row.category_title,
    durationMin: row.duration_min,
    ...servicePrice(row.price_kobo, row.promo_price_kobo),
    serviceType: row.service_type,
    vendor: {
      id: row.vendor_id,
      userId: row.vendor_user_id,
      slug: row.vendor_slug,
      businessName: row.business_name,
      address: publicVendorAddress(row),
      area: row.area,
      city: row.city,
      lat: Number(row.lat),
      lng: Number(row.lng),
      travelKm: row.travel_km,
      suspended: row.suspended_at !== null,
    },
    materials: materials.map((m) => ({ id: m.id, name: m.name, priceKobo: m.price_kobo, required: m.required === 1 })),
  };
}

/**
 * A home visit of a vendor who said how far they travel must be within it, measured from the centre of the area the
 * customer chose (docs/domain.md, "Places"). The service page warns before a time is chosen; this refuses the
 * booking itself, whatever the form sent.
 */
function checkTravel(service: BookableService, area: string | null): void {
  const { vendor } = service;
  if (vendor.travelKm === 0) return;
  if (!area)
    throw new DomainError("invalid", `Please choose your area: ${vendor.businessName} travels up to ${vendor.travelKm} km for home service.`, {
      field: "area",
    });
  const reach = travelReach(vendor, area);
  if (!reach) throw new DomainError("invalid", "Please choose your area from the list.", { field: "area" });
  if (!reach.within) {
    const salon = service.serviceType === "both" ? " You can still book a visit at the salon." : "";
    throw new DomainError(
      "invalid",
      `${vendor.businessName} travels up to ${vendor.travelKm} km for home service, and ${reach.area} is about ${reach.km} km away.${salon}`,
      { field: "area" },
    );
  }
}

/** Where a service of this type happens, given what the customer chose (only "both" leaves a choice). */
export function locationFor(serviceType: ServiceType, chosen: LocationType | undefined): LocationType {
  if (serviceType === "salon" || serviceType === "home") return serviceType;
  return chosen ?? "salon";
}

/** The service as the team's slot rules read it. */
export function chairOf(service: BookableService): ServiceChair {
  return { id: service.id, vendorId: service.vendor.id, durationMin: service.durationMin };
}

/** The free times of a service on a day for a member, or for anyone available (`memberId` null). */
export async function freeSlotsFor(
  db: Executor,
  service: BookableService,
  day: string,
  now: Date = new Date(),
  memberId: number | null = null,
): Promise<Slot[]> {
  return (await serviceDay(db, { service: chairOf(service), memberId, day, now })).slots;
}

/**
 * What the service costs with a member: a named member's own price when they have one; "anyone" pays the service's
 * own (docs/domain.md, "The team").
 */
export function pricedFor<T extends { priceKobo: number; listPriceKobo: number | null }>(service: T, member: Pick<QualifiedMember, "priceKobo"> | null): T {
  return member && member.priceKobo !== null ? { ...service, priceKobo: member.priceKobo, listPriceKobo: null } : service;
}

export interface HoldRequest {
  customerId: number;
  serviceId: number;
  day: string;
  hour: number;
  materialIds: number[];
  /** The Book Now form's per-render token: the same token never makes a second order. */
  idempotencyKey: string;
  location?: LocationType;
  address?: string | null;
  /** The customer's area of the list ("Lekki, Lagos"), for a home visit: checked against how far the vendor travels. */
  area?: string | null;
  /** The team member the customer chose; null or absent: anyone available. */
  memberId?: number | null;
  /** Gift codes (normalised, models/gifts/redeem.server.ts readGiftCodes) to spend on it, at the salon. */
  giftCodes?: string[];
  /** A promo code as typed (models/promos/promo-use.server.ts): its discount comes first, the gifts cover the rest. */
  promoCode?: string | null;
}

/**
 * Creates the order of step 1 (status "held", the slot held for HOLD_MINUTES) and returns its reference.
 * The overlap check and the insert run under the vendor's booking lock, so of many customers racing for one slot
 * exactly one gets it; the others get SLOT_TAKEN_MESSAGE. A repeated idempotency key returns the first order.
 * Gifts reserve what they cover under the same lock, and the order's total is what is left to pay; an order they
 * cover whole is booked at once (`paid`), with no payment step (docs/decisions/034-gift-redemption.md). A promo
 * code takes one of its uses under the same lock, its discount off the service before the gifts
 * (docs/decisions/036-promo-codes.md).
 */
/** Why a salon Glow suspended takes no booking (docs/decisions/037-vendor-suspension.md). */
export const bookingsPaused = (businessName: string) => `${businessName} is not taking bookings on Glow at the moment.`;

export async function createHold(request: HoldRequest, now: Date = new Date()): Promise<{ ref: string; created: boolean; paid: boolean }> {
  const db = await getDb();
  const service = await getBookableService(db, request.serviceId);
  if (!service) throw new DomainError("not-found", "This service is not available for booking.", { field: "service" });
  if (service.vendor.userId === request.customerId) throw new DomainError("invalid", "You can't book your own service.", { field: "service" });
  const location = locationFor(service.serviceType, request.location);
  const address = location === "home" ? request.address?.trim() || null : null;
  if (location === "home" && !address) throw new DomainError("invalid", "Please enter the address where you want the home service.", { field: "address" });
  if (location === "home") checkTravel(service, request.area ?? null);
  const nowIso = now.toISOString();

  // The customer's lock too: the cap on open unpaid appointments counts across vendors.
  let queued: QueuedMail[] = [];
  const made = await withBookingLock({ vendorId: service.vendor.id, customerId: request.customerId }, async (tx) => {
    const existing = await tx
      .selectFrom("appointments")
      .select(["ref", "payment_method"])
      .where("customer_id", "=", request.customerId)
      .where("idempotency_key", "=", request.idempotencyKey)
      .executeTakeFirst();
    if (existing) return { ref: existing.ref, created: false, paid: existing.payment_method === "gift" };

    // Read again under the lock a suspension takes too: a booking and a suspension at once, one comes first.
    const state = await tx.selectFrom("vendors").select("suspended_at").where("id", "=", service.vendor.id).executeTakeFirstOrThrow();
    if (state.suspended_at !== null) throw new DomainError("conflict", bookingsPaused(service.vendor.businessName), { field: "service" });
    // A client the salon blocked books it no more online (docs/domain.md, "Clients").
    await assertMayBookOnline(tx, { id: service.vendor.id, businessName: service.vendor.businessName }, request.customerId);
    await expireHolds(tx, service.vendor.id, now);
    // The same rule the service page showed, read again under the lock: hours, days off, time off, notice, horizon,
    // bookings; for "anyone", the member it goes to.
    const picked = await chooseMember(tx, { service: chairOf(service), memberId: request.memberId ?? null, day: request.day, hour: request.hour, now });
    const { slot } = picked;
    const { items } = quote(pricedFor(service, picked.chosen ? picked.member : null), request.materialIds);
    const gifts = request.giftCodes?.length
      ? await giftsForBooking(
          tx,
          request.giftCodes,
          { vendorId: service.vendor.id, businessName: service.vendor.businessName, serviceId: service.id, serviceTitle: service.title },
          now,
        )
      : [];
    const promo = request.promoCode
      ? await promoForBooking(
          tx,
          request.promoCode,
          {
            vendorId: service.vendor.id,
            businessName: service.vendor.businessName,
            serviceId: service.id,
            serviceTitle: service.title,
            customerId: request.customerId,
            items,
          },
          now,
        )
      : null;
    const promoKobo = promo?.discountKobo ?? 0;
    const { covers, giftKobo, leftKobo } = coverBooking(afterPromo(items, promoKobo), gifts);
    // Covered whole by gifts (and a promo): nothing is left to pay, so it is booked now, as a paid order would be.
    const paid = giftKobo + promoKobo > 0 && leftKobo === 0;
    const vendor = await tx.selectFrom("vendors").select("auto_accept").where("id", "=", service.vendor.id).executeTakeFirstOrThrow();
    const booked = bookedStatus(vendor);
    if (!paid && (await openUnpaidAppointments(tx, request.customerId, now)) >= MAX_LIVE_HOLDS) {
      throw new DomainError(
        "invalid",
        `You already have ${MAX_LIVE_HOLDS} unpaid bookings open (held, or waiting for the vendor with "Pay to vendor"). Please pay for one, cancel one, or wait for a vendor's answer first.`,
      );
    }

    const ref = bookingRef();
    const { id } = await tx
      .insertInto("appointments")
      .values({
        ref,
        customer_id: request.customerId,
        vendor_id: service.vendor.id,
        member_id: picked.member.id,
        member_chosen: picked.chosen ? 1 : 0,
        service_id: service.id,
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        status: paid ? booked : "held",
        payment_status: paid ? "paid" : "unpaid",
        payment_method: paid ? "gift" : null,
        total_kobo: leftKobo,
        gift_kobo: giftKobo,
        promo_kobo: promoKobo,
        promo_code: promo?.code ?? null,
        comment: null,
        pay_token: randomToken(),
        hold_expires_at: paid ? null : minutesAfter(now, HOLD_MINUTES),
        answer_by: paid && booked === "requested" ? answerDeadline(now, slot.startsAt) : null,
        paid_by_name: null,
        paid_at: paid ? nowIso : null,
        status_reason: null,
        created_at: nowIso,
        updated_at: nowIso,
        idempotency_key: request.idempotencyKey,
        location_type: location,
        location_address: address,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("appointment_items")
      .values(items.map((i) => ({ appointment_id: id, kind: i.kind, name: i.name, price_kobo: i.priceKobo })))
      .execute();
    await reserveGifts(tx, id, covers, now);
    if (promo) await takePromo(tx, id, request.customerId, promo, now);
    if (paid) queued = await queueMails(tx, bookedMails(await rowById(tx, id)), now);
    return { ref, created: true, paid };
  });
  for (const mail of queued) await deliverMail(mail);
  return made;
}

export interface BookingChoice {
  day: string | null;
  dateError: string | null;
  slots: Slot[];
  hour: number | null;
  timeError: string | null;
  /** The next open days of the vendor, for one-tap date choices. */
  dayChoices: string[];
  /** The members a customer may pick for this service; the picker shows only with more than one. */
  members: QualifiedMember[];
  /** The member chosen; null: anyone available. */
  memberId: number | null;
  memberError: string | null;
}

/**
 * Reads the member, date and time of /booking's URL under the booking rules. Without a date, the first open day
 * that still has a free time is chosen; a chosen time must be one of that day's free slots (for the member, or
 * for anyone available). A member who is not one of the service's qualified members is refused beside the picker.
 */
export async function readChoice(
  service: BookableService,
  input: { date: string | null; time: string | null; member?: string | null },
  now: Date = new Date(),
): Promise<BookingChoice> {
  const db = await getDb();
  const time = (await loadVendorTime(db, service.vendor.id, lagosToday(now)))!;
  const dayChoices = openDaysAhead(time, 7, now);
  const members = await qualifiedMembers(db, service.id);
  const wantedMember = readMemberInput(input.member);
  const memberId = wantedMember !== undefined && wantedMember !== null && members.some((m) => m.id === wantedMember) ? wantedMember : null;
  const memberError = wantedMember === null || memberId !== null ? null : MEMBER_NOT_OFFERED;
  const chair = chairOf(service);
  let day: string | null = null;
  let dateError: string | null = null;
  let slots: Slot[] = [];
  if (input.date) {
    const read = readBookingDay(input.date, now);
    if (read.ok) day = read.day;
    else dateError = read.message;
  } else {
    for (const candidate of dayChoices) {
      slots = await freeSlotsFor(db, service, candidate, now, memberId);
      if (slots.length > 0) {
        day = candidate;
        break;
      }
    }
  }
  let noSlotsReason: string | null = null;
  if (day && input.date) {
    const schedule = await serviceDay(db, { service: chair, memberId, day, now });
    slots = schedule.slots;
    noSlotsReason = schedule.reason;
  }

  let hour: number | null = null;
  let timeError: string | null = null;
  if (day && input.time) {
    const wanted = parseHourInput(input.time);
    if (wanted === null) timeError = "Please pick a time from the list.";
    else {
      try {
        await chooseMember(db, { service: chair, memberId, day, hour: wanted, now });
        hour = wanted;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // A link to a taken time is no race the person lost just now: say it is booked, not "just taken".
        timeError = error.code === "conflict" ? "That time is already booked. Please pick another time." : error.message;
      }
    }
  }
  if (day && !dateError && slots.length === 0 && !timeError) {
    dateError = noSlotsReason ?? "No free times left on this day. Please choose another day.";
  }
  return { day, dateError, slots, hour, timeError, dayChoices, members, memberId, memberError };
}
