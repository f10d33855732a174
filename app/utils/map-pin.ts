// A map pin from what a vendor pastes (docs/domain.md, "Places"): a pair of coordinates ("6.4474, 3.4723"), or the
// address of a Google Maps or OpenStreetMap page that carries them. Read here, never fetched: a short link
// (maps.app.goo.gl) names no place until it is opened, and following it would call another site per request.
// Pure, so the vendor's form and the server read it alike.

export type PinResult = { ok: true; lat: number; lng: number } | { ok: false; message: string };

/** Nigeria's extent, with a margin: a pin outside it is a mistake (swapped numbers, another country). */
const NIGERIA = { south: 4.0, north: 14.0, west: 2.6, east: 14.7 };

const NUMBER = String.raw`-?\d{1,3}(?:\.\d{1,12})?`;
const PAIR = new RegExp(`^\\s*(${NUMBER})\\s*,\\s*(${NUMBER})\\s*$`);

export const PIN_MESSAGES = {
  unreadable: "We couldn't read a place from that. Paste a Google Maps or OpenStreetMap link, or coordinates such as 6.4474, 3.4723.",
  shortLink: "Short map links don't say where they point. Open it, then copy the full address from your browser's address bar.",
  outside: "That pin is outside Nigeria. Check the link, or that latitude comes first.",
} as const;

function within(lat: number, lng: number): PinResult {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return { ok: false, message: PIN_MESSAGES.unreadable };
  if (lat < NIGERIA.south || lat > NIGERIA.north || lng < NIGERIA.west || lng > NIGERIA.east) return { ok: false, message: PIN_MESSAGES.outside };
  return { ok: true, lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

function fromPair(text: string | null | undefined): PinResult | null {
  const match = text ? PAIR.exec(text) : null;
  return match ? within(Number(match[1]), Number(match[2])) : null;
}

export function parseMapPin(input: string): PinResult {
  const text = input.trim();
  if (text.length === 0 || text.length > 2000) return { ok: false, message: PIN_MESSAGES.unreadable };
  const pair = fromPair(text);
  if (pair) return pair;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: PIN_MESSAGES.unreadable };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: PIN_MESSAGES.unreadable };
  const host = url.hostname.toLowerCase();
  if (host === "maps.app.goo.gl" || host === "goo.gl") return { ok: false, message: PIN_MESSAGES.shortLink };
  const google = /^(www\.)?google\.[a-z.]{2,6}$/.test(host) || host === "maps.google.com" || /^maps\.google\.[a-z.]{2,6}$/.test(host);
  const osm = host === "www.openstreetmap.org" || host === "openstreetmap.org";
  if (google) {
    // ?q=lat,lng or ?query=lat,lng (search links), else /@lat,lng,zoom in the path (a map or a place).
    for (const name of ["q", "query", "ll", "destination"]) {
      const found = fromPair(url.searchParams.get(name));
      if (found) return found;
    }
    const at = new RegExp(`/@(${NUMBER}),(${NUMBER})(?:,|$)`).exec(decodeURIComponent(url.pathname));
    if (at) return within(Number(at[1]), Number(at[2]));
  }
  if (osm) {
    const mlat = url.searchParams.get("mlat");
    const mlon = url.searchParams.get("mlon");
    if (mlat && mlon) return fromPair(`${mlat},${mlon}`) ?? { ok: false, message: PIN_MESSAGES.unreadable };
    const map = new RegExp(`map=\\d{1,2}/(${NUMBER})/(${NUMBER})`).exec(url.hash);
    if (map) return within(Number(map[1]), Number(map[2]));
  }
  return { ok: false, message: PIN_MESSAGES.unreadable };
}
