import { sql } from "kysely";
import { vendorNotSuspended } from "~/models/catalogue/listed-vendor.server";
import { getDb } from "~/db/db.server";
import { addDaysToDay } from "~/utils/time";
import { reviewerName } from "~/models/reviews/review-rules";
import { serviceDay, type ServiceChair } from "~/models/team/member-slots.server";
import { qualifiedMembers, type QualifiedMember } from "~/models/team/members.server";
import { averageRating, byRating, cardQuery, toCard, type ServiceCard } from "./service-cards.server";
import { servicePrice } from "~/models/services/price";
import { publicVendorAddress } from "~/models/accounts/public-address";

// A service's public page: its detail, its written reviews, related services, and the times it can be booked.

// ---------------------------------------------------------------------------------------------------------
// Service detail

export interface ServiceDetail {
  id: number;
  title: string;
  description: string;
  about: string;
  group: string;
  style: string;
  categoryId: number;
  categorySlug: string;
  durationMin: number;
  priceKobo: number;
  listPriceKobo: number | null;
  serviceType: "salon" | "home" | "both";
  images: string[];
  tags: string[];
  rating: number;
  ratingCount: number;
  vendor: {
    id: number;
    name: string;
    ownerName: string;
    address: string;
    area: string;
    city: string;
    state: string;
    lat: number;
    lng: number;
    /** How far the vendor travels for home service, in km (0: not said). */
    travelKm: number;
    level: number;
    image: string;
    rating: number;
    ratingCount: number;
  };
}

/** The featured service, shown by /details without an id: Knotless Box Braids in Lekki. */
export const FEATURED_SERVICE_KEY = "featured-braids";

export async function serviceIdByKey(key: string): Promise<number | null> {
  const db = await getDb();
  const row = await db
    .selectFrom("services")
    .select("id")
    .where("key", "=", key)
    .where("status", "=", "active")
    .where(vendorNotSuspended("vendor_id"))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A public service's page, as for everyone: the page adds the viewer's own heart (heartsFor). */
export async function getServiceDetail(id: number): Promise<ServiceDetail | null> {
  const db = await getDb();
  const s = await db
    .selectFrom("services as s")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .innerJoin("users as u", "u.id", "v.user_id")
    .innerJoin("categories as c", "c.id", "s.category_id")
    .select([
      "s.id",
      "s.title",
      "s.description",
      "s.about",
      "s.group_name",
      "s.style",
      "s.category_id",
      "c.slug as category_slug",
      "s.duration_min",
      "s.price_kobo",
      "s.promo_price_kobo",
      "s.service_type",
      "s.image",
      "s.rating_count",
      "s.rating_sum",
      "v.id as vendor_id",
      "v.business_name",
      "v.business_address",
      "v.area",
      "v.city",
      "v.state",
      "v.lat",
      "v.lng",
      "v.travel_km",
      "v.level",
      "v.image as vendor_image",
      "v.vendor_rating_count",
      "v.vendor_rating_sum",
      "u.first_name",
      "u.last_name",
    ])
    .where("s.id", "=", id)
    .where("s.status", "=", "active")
    .where("v.suspended_at", "is", null)
    .executeTakeFirst();
  if (!s) return null;
  const [media, tags] = await Promise.all([
    db.selectFrom("service_media").select("path").where("service_id", "=", id).where("kind", "=", "image").orderBy("sort").limit(8).execute(),
    db.selectFrom("service_tags").select("tag").where("service_id", "=", id).orderBy("tag").execute(),
  ]);
  const images = media.map((m) => m.path);
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    about: s.about,
    group: s.group_name,
    style: s.style,
    categoryId: s.category_id,
    categorySlug: s.category_slug,
    durationMin: s.duration_min,
    ...servicePrice(s.price_kobo, s.promo_price_kobo),
    serviceType: s.service_type,
    images: images.length > 0 ? images : [s.image],
    tags: tags.map((t) => t.tag),
    rating: averageRating(s.rating_sum, s.rating_count),
    ratingCount: s.rating_count,
    vendor: {
      id: s.vendor_id,
      name: s.business_name,
      ownerName: `${s.first_name} ${s.last_name}`,
      address: publicVendorAddress(s),
      area: s.area,
      city: s.city,
      state: s.state,
      lat: s.lat,
      lng: s.lng,
      travelKm: s.travel_km,
      level: s.level,
      image: s.vendor_image,
      rating: averageRating(s.vendor_rating_sum, s.vendor_rating_count),
      ratingCount: s.vendor_rating_count,
    },
  };
}

/** The first view shows the two newest reviews; each "+ See more" adds REVIEWS_PER_MORE. */
export const REVIEWS_PER_PAGE = 2;
export const REVIEWS_PER_MORE = 10;
/** How many written reviews the first `pages` pages of "+ See more" show together. */
export const reviewsShown = (pages: number) => REVIEWS_PER_PAGE + (pages - 1) * REVIEWS_PER_MORE;

export interface ReviewItem {
  id: number;
  author: string;
  createdAt: string;
  rating: number;
  body: string;
  /** The vendor's public reply, if any. */
  reply: string | null;
}

/** Written, visible reviews, newest first: the first `pages` pages of them ("+ See more" adds a page). */
export async function serviceReviews(serviceId: number, pages: number): Promise<{ items: ReviewItem[]; total: number }> {
  const db = await getDb();
  const [items, count] = await Promise.all([
    db
      .selectFrom("reviews as r")
      .leftJoin("users as u", "u.id", "r.user_id")
      .select(["r.id", "r.author_name", "u.first_name", "u.last_name", "r.rating", "r.body", "r.created_at", "r.reply_body"])
      .where("r.service_id", "=", serviceId)
      .where("r.body", "is not", null)
      .where("r.hidden_at", "is", null)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(reviewsShown(pages))
      .execute(),
    db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("service_id", "=", serviceId)
      .where("body", "is not", null)
      .where("hidden_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((r) => ({
      id: r.id,
      author: reviewerName(r.first_name, r.last_name, r.author_name),
      createdAt: r.created_at,
      rating: r.rating,
      body: r.body ?? "",
      reply: r.reply_body,
    })),
    total: Number(count.n),
  };
}

/** Related services: the same style first, then the same category, not by the same vendor. */
export async function relatedServices(
  service: Pick<ServiceDetail, "id" | "style" | "categoryId"> & { vendor: { id: number } },
  limit = 8,
): Promise<ServiceCard[]> {
  const db = await getDb();
  const rows = await cardQuery(db, null)
    .where("s.category_id", "=", service.categoryId)
    .where("s.id", "!=", service.id)
    .where("s.vendor_id", "!=", service.vendor.id)
    .orderBy(sql`case when s.style = ${service.style} then 0 else 1 end`)
    .orderBy(byRating, "desc")
    .orderBy("s.id")
    .limit(limit)
    .execute();
  return rows.map((r) => toCard(r));
}

// ---------------------------------------------------------------------------------------------------------
// Times a service can be booked (the detail page's hourly time picker)

type DayTimes = { day: string; slots: { hour: number; label: string }[]; reason: string | null };

/** The free hourly start times of a service on a day for a member or anyone (`memberId` null), and why there are none. */
export async function bookableSlots(service: ServiceChair, memberId: number | null, day: string): Promise<DayTimes> {
  const { slots, reason } = await serviceDay(await getDb(), { service, memberId, day });
  return { day, slots: slots.map((s) => ({ hour: s.hour, label: s.label })), reason };
}

/** The first day from `from` (within `days`) that still has a free time, with its times; else `from`, none, and why. */
export async function firstBookableDay(service: ServiceChair, memberId: number | null, from: string, days = 14): Promise<DayTimes> {
  const first = await bookableSlots(service, memberId, from);
  if (first.slots.length > 0) return first;
  for (let i = 1; i < days; i++) {
    const found = await bookableSlots(service, memberId, addDaysToDay(from, i));
    if (found.slots.length > 0) return found;
  }
  return first;
}

/** The members a customer may pick for a service, in display order (the picker shows with more than one). */
export async function serviceMembers(serviceId: number): Promise<QualifiedMember[]> {
  return qualifiedMembers(await getDb(), serviceId);
}
