import { describe, expect, test } from "vitest";
import { AREA_NAMES, areaCentre, haversineKm, roundKm, travelReach } from "./distance";

const lagos = { lat: 6.5244, lng: 3.3792 };
const ibadan = { lat: 7.3775, lng: 3.947 };
const abuja = { lat: 9.0765, lng: 7.3986 };

describe("haversine distance", () => {
  test("known city pairs: Lagos to Ibadan about 114 km, Lagos to Abuja about 526 km, Lekki to Ikeja about 22 km", () => {
    expect(haversineKm(lagos, ibadan)).toBeCloseTo(113.69, 1);
    expect(haversineKm(lagos, abuja)).toBeCloseTo(525.9, 1);
    expect(haversineKm({ lat: 6.4474, lng: 3.4723 }, { lat: 6.6018, lng: 3.3515 })).toBeCloseTo(21.75, 1);
  });

  test("is symmetric, zero for one place, and half the Earth's circumference for antipodes", () => {
    expect(haversineKm(ibadan, lagos)).toBeCloseTo(haversineKm(lagos, ibadan), 9);
    expect(haversineKm(lagos, lagos)).toBe(0);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20015.1, 0);
  });

  test("rounds to one decimal for people", () => {
    expect(roundKm(113.6938)).toBe(113.7);
    expect(roundKm(4.96)).toBe(5);
  });
});

describe("travel reach", () => {
  const lekkiVendor = { lat: 6.4474, lng: 3.4723 };

  test("areas of the list have centres; other text has none", () => {
    expect(AREA_NAMES).toContain("Lekki, Lagos");
    expect(areaCentre("Ikeja, Lagos")).toEqual({ lat: 6.6018, lng: 3.3515 });
    expect(areaCentre("Atlantis")).toBeNull();
    expect(areaCentre("Lekki, Abuja")).toBeNull();
  });

  test("a customer further than the vendor travels is outside; the limit itself is within", () => {
    expect(travelReach({ ...lekkiVendor, travelKm: 10 }, "Ikeja, Lagos")).toEqual({ area: "Ikeja, Lagos", km: 21.7, within: false });
    expect(travelReach({ ...lekkiVendor, travelKm: 25 }, "Ikeja, Lagos")).toMatchObject({ within: true });
    expect(travelReach({ ...lekkiVendor, travelKm: 2 }, "Lekki, Lagos")).toEqual({ area: "Lekki, Lagos", km: 0, within: true });
  });

  test("a vendor who has not said how far they travel refuses nobody; an unknown area gives no answer", () => {
    expect(travelReach({ ...lekkiVendor, travelKm: 0 }, "Sabon Gari, Kano")).toMatchObject({ within: true });
    expect(travelReach({ ...lekkiVendor, travelKm: 10 }, "Atlantis")).toBeNull();
  });
});
