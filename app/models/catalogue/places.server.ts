import { sql, type Expression, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import { AREA_NAMES, EARTH_RADIUS_KM, type Coordinates } from "./distance";

// Places and distance: where vendors are (the location choices of search and category pages), and how far a vendor
// is from a chosen place. Routes read the pure rules of distance.ts through here, so their pages' bundles carry
// neither them nor the list of areas.

export { AREA_NAMES, travelReach } from "./distance";

/** An area of the list as a query string gives it ("Lekki, Lagos"), or "" when it names none. */
export function readArea(text: string | null): string {
  const name = (text ?? "").trim().slice(0, 80);
  return AREA_NAMES.includes(name) ? name : "";
}

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

/**
 * The haversine distance in kilometres from `from` to the vendor row `v`, as SQL: the formula of `haversineKm`
 * (distance.ts), which SQLite's math functions and PostgreSQL both compute; a test compares the two on each database.
 */
export function distanceSql(from: Coordinates) {
  const num = (n: number) => sql`cast(${n} as double precision)`;
  const dLat = sql`(radians(v.lat) - radians(${num(from.lat)})) / 2`;
  const dLng = sql`(radians(v.lng) - radians(${num(from.lng)})) / 2`;
  const h = sql`sin(${dLat}) * sin(${dLat}) + ${num(Math.cos((from.lat * Math.PI) / 180))} * cos(radians(v.lat)) * sin(${dLng}) * sin(${dLng})`;
  // Unlike haversineKm, no min(1, h): h nears 1 only for places half the world apart, and the two databases
  // spell that minimum differently.
  return sql<number>`2 * ${num(EARTH_RADIUS_KM)} * asin(sqrt(${h}))`;
}

/**
 * The vendors a chosen place keeps: with a distance, those within it of the place; without one, those in the place
 * itself, its city ("All of Lagos" never lists Kano) or its area of that city.
 */
export function inPlace(near: Place, distanceKm: number | null | undefined): Expression<SqlBool> {
  if (distanceKm) return sql<SqlBool>`${distanceSql(near)} <= ${distanceKm}`;
  if (near.name === near.city) return sql<SqlBool>`v.city = ${near.city}`;
  const area = near.name.slice(0, -`, ${near.city}`.length);
  return sql<SqlBool>`(v.city = ${near.city} and v.area = ${area})`;
}
