import type { DayHours } from "~/models/schedule/schedule-rules";

// schema.org data (JSON-LD) for the vendor and service pages: what search engines read to show a business with its
// address, hours, prices and stars. Built only from what the page itself shows, so the two never disagree; a rating
// only when the page shows one (at least one review), with the same value. Pure: the route's meta function calls it
// with the loader's data. Escaping is Remix's <Meta> (`<`, `>`, `&` as \u escapes inside the script).

/** schema.org's subtypes of HealthAndBeautyBusiness, by the group of services a vendor offers most. */
const BUSINESS_TYPES: Record<string, string> = {
  Hair: "HairSalon",
  Nails: "NailSalon",
  Pedicure: "NailSalon",
  Spa: "DaySpa",
  Tatoo: "TattooParlor",
  Piercing: "TattooParlor",
  Facials: "BeautySalon",
};

export function businessType(groups: readonly string[]): string {
  return BUSINESS_TYPES[groups[0] ?? ""] ?? "BeautySalon";
}

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const clock = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The week as schema.org's OpeningHoursSpecification: one entry per open range of each day (a break splits it). */
export function openingHoursSpecification(week: readonly DayHours[]): Record<string, unknown>[] {
  return [...week]
    .sort((a, b) => a.day - b.day)
    .flatMap((h) => {
      const ranges: [number, number][] =
        h.breakStarts !== null && h.breakEnds !== null
          ? [
              [h.opens, h.breakStarts],
              [h.breakEnds, h.closes],
            ]
          : [[h.opens, h.closes]];
      return ranges.map(([opens, closes]) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: DAY_NAMES[h.day - 1],
        opens: clock(opens),
        closes: clock(closes),
      }));
    });
}

/** Kobo as schema.org's price: naira with two decimals, as a string ("4500.00"). */
export const nairaPrice = (kobo: number) => (kobo / 100).toFixed(2);

/** "₦3,000 – ₦25,000", or one price when all are the same. */
export function priceRange(prices: readonly number[], format: (kobo: number) => string): string | undefined {
  if (prices.length === 0) return undefined;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? format(low) : `${format(low)} – ${format(high)}`;
}

export function aggregateRating(rating: number, count: number): Record<string, unknown> | undefined {
  return count > 0 ? { "@type": "AggregateRating", ratingValue: rating.toFixed(2), reviewCount: count, bestRating: 5, worstRating: 1 } : undefined;
}

export interface VendorFacts {
  name: string;
  url: string;
  image: string;
  description: string;
  groups: readonly string[];
  address: string;
  area: string;
  city: string;
  state: string;
  /** A map pin, when the vendor set one. */
  geo: { lat: number; lng: number } | null;
  week: readonly DayHours[];
  rating: number;
  ratingCount: number;
  offers: readonly { name: string; url: string; priceKobo: number }[];
  priceRange?: string;
}

export function vendorJsonLd(v: VendorFacts): Record<string, unknown> {
  return withoutUndefined({
    "@context": "https://schema.org",
    "@type": businessType(v.groups),
    "@id": `${v.url}#business`,
    name: v.name,
    url: v.url,
    image: v.image,
    description: v.description || undefined,
    address: postalAddress(v),
    geo: v.geo ? { "@type": "GeoCoordinates", latitude: v.geo.lat, longitude: v.geo.lng } : undefined,
    openingHoursSpecification: openingHoursSpecification(v.week),
    priceRange: v.priceRange,
    currenciesAccepted: "NGN",
    makesOffer: v.offers.map((o) => ({
      "@type": "Offer",
      price: nairaPrice(o.priceKobo),
      priceCurrency: "NGN",
      itemOffered: { "@type": "Service", name: o.name, url: o.url },
    })),
    aggregateRating: aggregateRating(v.rating, v.ratingCount),
  });
}

export interface ServiceFacts {
  name: string;
  url: string;
  image: string;
  description: string;
  category: string;
  priceKobo: number;
  rating: number;
  ratingCount: number;
  provider: { name: string; url: string; groups: readonly string[]; address: string; area: string; city: string; state: string };
}

export function serviceJsonLd(s: ServiceFacts): Record<string, unknown> {
  return withoutUndefined({
    "@context": "https://schema.org",
    "@type": "Service",
    name: s.name,
    url: s.url,
    image: s.image,
    description: s.description || undefined,
    serviceType: s.category,
    areaServed: { "@type": "City", name: s.provider.city },
    provider: {
      "@type": businessType(s.provider.groups),
      "@id": `${s.provider.url}#business`,
      name: s.provider.name,
      url: s.provider.url,
      address: postalAddress(s.provider),
    },
    offers: { "@type": "Offer", price: nairaPrice(s.priceKobo), priceCurrency: "NGN", url: s.url, availability: "https://schema.org/InStock" },
    aggregateRating: aggregateRating(s.rating, s.ratingCount),
  });
}

function postalAddress(p: { address: string; area: string; city: string; state: string }) {
  return {
    "@type": "PostalAddress",
    streetAddress: p.address,
    addressLocality: p.area ? `${p.area}, ${p.city}` : p.city,
    addressRegion: p.state,
    addressCountry: "NG",
  };
}

function withoutUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
