import { cities } from "~/data/cities";
import { getDb } from "~/db/db.server";

// Where a vendor works, as Nigerians give it (docs/domain.md, "Places"): a city and an area from the fixed list of
// app/data/cities.ts (the state follows the city), landmark directions, an optional map pin, and for home service
// how far they travel. The pin is what distance is measured from; without one, the area's centre.

export const LANDMARK_MAX = 200;
export const TRAVEL_KM_MAX = 50;

export interface VendorPlace {
  city: string;
  area: string;
  state: string;
  landmark: string;
  lat: number;
  lng: number;
  /** Whether the coordinates are the vendor's own pin rather than the area's centre. */
  pinned: boolean;
  homeService: boolean;
  travelKm: number;
}

export const CITY_CHOICES = cities.map((c) => ({ city: c.name, state: c.state, areas: c.areas.map((a) => a.name) }));

export async function getVendorPlace(vendorId: number): Promise<VendorPlace> {
  const db = await getDb();
  const v = await db
    .selectFrom("vendors")
    .select(["city", "area", "state", "landmark", "lat", "lng", "home_service", "travel_km"])
    .where("id", "=", vendorId)
    .executeTakeFirstOrThrow();
  const centre = cities.find((c) => c.name === v.city)?.areas.find((a) => a.name === v.area);
  return {
    city: v.city,
    area: v.area,
    state: v.state,
    landmark: v.landmark,
    lat: v.lat,
    lng: v.lng,
    pinned: !centre || centre.lat !== v.lat || centre.lng !== v.lng,
    homeService: v.home_service === 1,
    travelKm: v.travel_km,
  };
}

/** Saves a place the route has checked (an area of the list; a pin already read by utils/map-pin.ts, or none). */
export async function saveVendorPlace(
  vendorId: number,
  p: { city: string; area: string; landmark: string; pin: { lat: number; lng: number } | null; travelKm: number },
): Promise<void> {
  const city = cities.find((c) => c.name === p.city);
  const area = city?.areas.find((a) => a.name === p.area);
  if (!city || !area) throw new Error("saveVendorPlace: an area that is not on the list");
  const db = await getDb();
  await db
    .updateTable("vendors")
    .set({
      city: city.name,
      area: area.name,
      state: city.state,
      landmark: p.landmark,
      lat: p.pin?.lat ?? area.lat,
      lng: p.pin?.lng ?? area.lng,
      travel_km: p.travelKm,
    })
    .where("id", "=", vendorId)
    .execute();
}
