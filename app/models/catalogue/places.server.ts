import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { cities } from "~/data/cities";

// Places and distance: where vendors are (the location choices of search and category pages), and how far a vendor
// is from a chosen place.

export interface Place {
  /** The value people choose and the URL carries: "Lekki, Lagos" or "Lagos". */
  name: string;
  city: string;
  lat: number;
  lng: number;
}

/** Where vendors are: each city, and each area within it, at the mean of its vendors' coordinates. */
export async function listPlaces(): Promise<{ city: Place; areas: Place[] }[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("vendors")
    .select(["city", "area", (eb) => eb.fn.avg<number>("lat").as("lat"), (eb) => eb.fn.avg<number>("lng").as("lng"), (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["city", "area"])
    .orderBy("city")
    .orderBy("area")
    .execute();
  const byCity = new Map<string, { city: Place; areas: Place[]; n: number }>();
  for (const r of rows) {
    const lat = Number(r.lat);
    const lng = Number(r.lng);
    const n = Number(r.n);
    const entry = byCity.get(r.city) ?? { city: { name: r.city, city: r.city, lat: 0, lng: 0 }, areas: [], n: 0 };
    entry.city.lat += lat * n;
    entry.city.lng += lng * n;
    entry.n += n;
    entry.areas.push({ name: `${r.area}, ${r.city}`, city: r.city, lat, lng });
    byCity.set(r.city, entry);
  }
  return [...byCity.values()].map(({ city, areas, n }) => ({ city: { ...city, lat: city.lat / n, lng: city.lng / n }, areas }));
}

export function findPlace(places: { city: Place; areas: Place[] }[], name: string): Place | null {
  const wanted = name.trim().toLowerCase();
  for (const p of places) {
    if (p.city.name.toLowerCase() === wanted) return p.city;
    const area = p.areas.find((a) => a.name.toLowerCase() === wanted);
    if (area) return area;
  }
  return null;
}

const KM_PER_DEGREE_LAT = 110.574;
const KM_PER_DEGREE_LNG_AT_EQUATOR = 111.32;

/**
 * Distance on a flat map around `from` (equirectangular). Within a city it is off by well under 1%, and it is
 * plain arithmetic, so the same expression runs in SQLite and PostgreSQL without trigonometry functions.
 */
export function distanceKm(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const dx = (to.lng - from.lng) * Math.cos((from.lat * Math.PI) / 180) * KM_PER_DEGREE_LNG_AT_EQUATOR;
  const dy = (to.lat - from.lat) * KM_PER_DEGREE_LAT;
  return Math.sqrt(dx * dx + dy * dy);
}

export function distanceSquaredSql(from: Place) {
  const kx = Math.cos((from.lat * Math.PI) / 180) * KM_PER_DEGREE_LNG_AT_EQUATOR;
  const num = (n: number) => sql`cast(${n} as double precision)`;
  return sql<number>`((v.lng - ${num(from.lng)}) * ${num(kx)}) * ((v.lng - ${num(from.lng)}) * ${num(kx)}) + ((v.lat - ${num(from.lat)}) * ${num(
    KM_PER_DEGREE_LAT,
  )}) * ((v.lat - ${num(from.lat)}) * ${num(KM_PER_DEGREE_LAT)})`;
}

/** Every area of the fixed list (app/data/cities.ts) as "Lekki, Lagos": where a customer says they are. */
export const AREA_NAMES = cities.flatMap((c) => c.areas.map((a) => `${a.name}, ${c.name}`));

/**
 * How far a customer in `from` (an area of the list) is from a home-service vendor, measured from the area's centre,
 * and whether that is within the distance the vendor travels (`travelKm`; 0: not said, so nobody is told no).
 */
export function travelReach(vendor: { lat: number; lng: number; travelKm: number }, from: string): { area: string; km: number; within: boolean } | null {
  const [areaName, cityName] = from.split(", ");
  const city = cities.find((c) => c.name === cityName);
  const area = city?.areas.find((a) => a.name === areaName);
  if (!area) return null;
  const km = Math.round(distanceKm(area, vendor) * 10) / 10;
  return { area: from, km, within: vendor.travelKm === 0 || km <= vendor.travelKm };
}
