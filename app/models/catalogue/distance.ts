import { cities } from "~/data/cities";

// How far apart two places are, and whether a home-service vendor travels that far (docs/domain.md, "Places").
// Pure: the booking rule, the service page's note and the lists' distances all read these, and the SQL that sorts
// and filters lists (places.server.ts) is the same formula, checked against this one on both databases.

export interface Coordinates {
  lat: number;
  lng: number;
}

/** The mean radius of the Earth (IUGG), in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;

const RADIANS = Math.PI / 180;

/** The great-circle (haversine) distance in kilometres. */
export function haversineKm(from: Coordinates, to: Coordinates): number {
  const dLat = (to.lat - from.lat) * RADIANS;
  const dLng = (to.lng - from.lng) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * RADIANS) * Math.cos(to.lat * RADIANS) * Math.sin(dLng / 2) ** 2;
  // min(1, h): rounding can push h a hair past 1 for antipodes, where asin would answer NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** A distance as people read it: to one decimal. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** Every area of the fixed list (app/data/cities.ts) as "Lekki, Lagos": where a customer says they are. */
export const AREA_NAMES = cities.flatMap((c) => c.areas.map((a) => `${a.name}, ${c.name}`));

/** The centre of an area of the list ("Lekki, Lagos"), or null when the text names none. */
export function areaCentre(name: string): Coordinates | null {
  const [areaName, cityName] = name.split(", ");
  const area = cities.find((c) => c.name === cityName)?.areas.find((a) => a.name === areaName);
  return area ? { lat: area.lat, lng: area.lng } : null;
}

export interface TravelReach {
  area: string;
  km: number;
  within: boolean;
}

/**
 * How far a customer in `from` (an area of the list) is from a home-service vendor, measured from the area's centre,
 * and whether that is within the distance the vendor travels (`travelKm`; 0: not said, so nobody is told no).
 * Null when `from` is not an area of the list.
 */
export function travelReach(vendor: Coordinates & { travelKm: number }, from: string): TravelReach | null {
  const centre = areaCentre(from);
  if (!centre) return null;
  const km = roundKm(haversineKm(centre, vendor));
  return { area: from, km, within: vendor.travelKm === 0 || km <= vendor.travelKm };
}
