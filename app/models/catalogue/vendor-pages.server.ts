import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { averageRating, byRating, cardQuery, effectivePrice, toCard, weightedRating, type ServiceCard } from "./service-cards.server";
import { servicePrice } from "~/models/services/price";
import { openingLines, type OpeningLine } from "~/models/schedule/opening-lines";
import { weekFromRow, type DayHours } from "~/models/schedule/schedule-rules";
import { publicVendorAddress } from "~/models/accounts/public-address";

// Vendors as customers see them: vendor cards (Home's top salons, similar stylists) and the public vendor profile.

/** The featured vendor of /profile/vendor and Home's vendor card. */
export const FEATURED_VENDOR_SLUG = "demo-vendor";

export interface VendorCard {
  id: number;
  name: string;
  ownerName: string;
  image: string;
  area: string;
  city: string;
  level: number;
  rating: number;
  ratingCount: number;
  /** Cheapest active service of the vendor (in the groups asked for). */
  fromKobo: number;
  tags: string[];
}

/** What a vendor card shows, selected and grouped by alike (one row per vendor, with its lowest price). */
const VENDOR_CARD_COLUMNS = [
  "v.id",
  "v.business_name",
  "u.first_name",
  "u.last_name",
  "v.image",
  "v.area",
  "v.city",
  "v.level",
  "v.tags",
  "v.vendor_rating_count",
  "v.vendor_rating_sum",
] as const;

/** Vendors offering a group of services, best rated first (Home's top hair salons, similar stylists). */
export async function topVendors(args: { groups?: string[]; excludeId?: number; city?: string; limit?: number }): Promise<VendorCard[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("vendors as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .innerJoin("services as s", (join) => join.onRef("s.vendor_id", "=", "v.id").on("s.status", "=", "active"))
    .where("v.suspended_at", "is", null)
    .$if(Boolean(args.groups?.length), (qb) => qb.where("s.group_name", "in", args.groups!))
    .$if(args.excludeId !== undefined, (qb) => qb.where("v.id", "!=", args.excludeId!))
    .$if(Boolean(args.city), (qb) => qb.where("v.city", "=", args.city!))
    .select([...VENDOR_CARD_COLUMNS, (eb) => eb.fn.min(effectivePrice).as("from_kobo")])
    .groupBy([...VENDOR_CARD_COLUMNS])
    .orderBy(weightedRating("v.vendor_rating_sum", "v.vendor_rating_count"), "desc")
    .orderBy("v.id")
    .limit(args.limit ?? 8)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.business_name,
    ownerName: `${r.first_name} ${r.last_name}`,
    image: r.image,
    area: r.area,
    city: r.city,
    level: r.level,
    rating: averageRating(r.vendor_rating_sum, r.vendor_rating_count),
    ratingCount: r.vendor_rating_count,
    fromKobo: Number(r.from_kobo),
    tags: parseTags(r.tags),
  }));
}

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string").slice(0, 5) : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Vendor profile

/** A vendor as customers see them on /profile/vendor/:id (their own account details: OwnVendorProfile in models/accounts/vendor-account.server.ts). */
export interface PublicVendorProfile extends VendorCard {
  slug: string;
  /** The groups of its active services (Hair, Nails...), most offered first. */
  groups: string[];
  about: string;
  address: string;
  banner: string;
  homeService: boolean;
  /** Directions as people give them, and how far a home-service vendor travels (0: not said). */
  landmark: string;
  travelKm: number;
  state: string;
  /** The vendor's map pin (search engines' `geo`). */
  geo: { lat: number; lng: number } | null;
  /** The open days and hours, as the structured data lists them. */
  week: DayHours[];
  /** Every weekday with its hours or "Closed", as the profile shows them. */
  openingHours: OpeningLine[];
  /** The vendor's WhatsApp number (E.164), when they gave one: "Chat on WhatsApp". */
  whatsapp: string | null;
}

export const VENDOR_PROFILE_SERVICES = 8;

export async function getPublicVendorProfile(where: { id: number } | { slug: string }): Promise<PublicVendorProfile | null> {
  const db = await getDb();
  const v = await db
    .selectFrom("vendors as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .selectAll("v")
    .select(["u.first_name", "u.last_name"])
    .$if("id" in where, (qb) => qb.where("v.id", "=", (where as { id: number }).id))
    .$if("slug" in where, (qb) => qb.where("v.slug", "=", (where as { slug: string }).slug))
    .where("v.closed_at", "is", null)
    .where("v.suspended_at", "is", null)
    .executeTakeFirst();
  if (!v) return null;
  const [from, groups] = await Promise.all([
    db
      .selectFrom("services as s")
      .select((eb) => eb.fn.min(effectivePrice).as("from_kobo"))
      .where("s.vendor_id", "=", v.id)
      .where("s.status", "=", "active")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("services")
      .select(["group_name", (eb) => eb.fn.countAll<number>().as("n")])
      .where("vendor_id", "=", v.id)
      .where("status", "=", "active")
      .groupBy("group_name")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("group_name")
      .execute(),
  ]);
  return {
    id: v.id,
    slug: v.slug,
    groups: groups.map((g) => g.group_name),
    name: v.business_name,
    ownerName: `${v.first_name} ${v.last_name}`,
    image: v.image,
    banner: v.banner,
    about: v.about,
    address: publicVendorAddress(v),
    area: v.area,
    city: v.city,
    level: v.level,
    rating: averageRating(v.vendor_rating_sum, v.vendor_rating_count),
    ratingCount: v.vendor_rating_count,
    fromKobo: Number(from.from_kobo ?? 0),
    tags: parseTags(v.tags),
    homeService: v.home_service === 1,
    landmark: v.landmark,
    travelKm: v.travel_km,
    state: v.state,
    geo: v.lat || v.lng ? { lat: v.lat, lng: v.lng } : null,
    week: weekFromRow(v),
    openingHours: openingLines(weekFromRow(v)),
    whatsapp: v.whatsapp_phone,
  };
}

/** A vendor's active services, best rated first. */
export async function vendorServices(args: { vendorId: number; viewerId: number | null; excludeId?: number; limit: number }): Promise<ServiceCard[]> {
  const db = await getDb();
  const rows = await cardQuery(db, args.viewerId)
    .where("s.vendor_id", "=", args.vendorId)
    .$if(args.excludeId !== undefined, (qb) => qb.where("s.id", "!=", args.excludeId!))
    .orderBy(byRating, "desc")
    .orderBy("s.id")
    .limit(args.limit)
    .execute();
  return rows.map((r) => toCard(r));
}

/** Every active service of a vendor, for the profile's Book Now choice: the visitor picks one, never us. */
export async function vendorServiceChoices(vendorId: number): Promise<{ id: number; title: string; priceKobo: number }[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("services")
    .select(["id", "title", "price_kobo", "promo_price_kobo"])
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "active")
    .orderBy("title")
    .orderBy("id")
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, priceKobo: servicePrice(r.price_kobo, r.promo_price_kobo).priceKobo }));
}
