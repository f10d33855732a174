// Cities and areas where the sample vendors work. Coordinates are approximate centres (WGS84),
// good enough for "distance from the chosen location".

export interface CityArea {
  name: string;
  lat: number;
  lng: number;
}

export interface CityData {
  name: string;
  state: string;
  lat: number;
  lng: number;
  areas: CityArea[];
}

export const cities: CityData[] = [
  {
    name: "Lagos",
    state: "Lagos",
    lat: 6.5244,
    lng: 3.3792,
    areas: [
      { name: "Lekki", lat: 6.4474, lng: 3.4723 },
      { name: "Ikeja", lat: 6.6018, lng: 3.3515 },
      { name: "Yaba", lat: 6.5095, lng: 3.3711 },
      { name: "Victoria Island", lat: 6.4281, lng: 3.4219 },
      { name: "Surulere", lat: 6.4969, lng: 3.3541 },
      { name: "Ajah", lat: 6.4678, lng: 3.5686 },
    ],
  },
  {
    name: "Abuja",
    state: "FCT",
    lat: 9.0765,
    lng: 7.3986,
    areas: [
      { name: "Wuse", lat: 9.0765, lng: 7.4727 },
      { name: "Garki", lat: 9.0351, lng: 7.4852 },
      { name: "Maitama", lat: 9.0882, lng: 7.4934 },
    ],
  },
  {
    name: "Port Harcourt",
    state: "Rivers",
    lat: 4.8156,
    lng: 7.0498,
    areas: [
      { name: "GRA", lat: 4.8207, lng: 7.0101 },
      { name: "Rumuola", lat: 4.8381, lng: 7.0129 },
    ],
  },
  {
    name: "Kano",
    state: "Kano",
    lat: 12.0022,
    lng: 8.592,
    areas: [
      { name: "Nassarawa GRA", lat: 11.9889, lng: 8.5373 },
      { name: "Sabon Gari", lat: 12.0156, lng: 8.5276 },
    ],
  },
  {
    name: "Ibadan",
    state: "Oyo",
    lat: 7.3775,
    lng: 3.947,
    areas: [
      { name: "Bodija", lat: 7.4352, lng: 3.9133 },
      { name: "Ring Road", lat: 7.3641, lng: 3.8793 },
    ],
  },
  {
    name: "Enugu",
    state: "Enugu",
    lat: 6.4584,
    lng: 7.5464,
    areas: [
      { name: "Independence Layout", lat: 6.4431, lng: 7.5187 },
      { name: "New Haven", lat: 6.4539, lng: 7.5063 },
    ],
  },
  {
    name: "Benin City",
    state: "Edo",
    lat: 6.335,
    lng: 5.6037,
    areas: [
      { name: "GRA", lat: 6.3182, lng: 5.6174 },
      { name: "Ugbowo", lat: 6.4007, lng: 5.6088 },
    ],
  },
  {
    name: "Kaduna",
    state: "Kaduna",
    lat: 10.5105,
    lng: 7.4165,
    areas: [
      { name: "Barnawa", lat: 10.4777, lng: 7.4293 },
      { name: "Malali", lat: 10.5531, lng: 7.4402 },
    ],
  },
];

/** The city and area records for a city/area pair; throws on a typo so the catalogue stays consistent. */
export function findArea(city: string, area: string): { city: CityData; area: CityArea } {
  const c = cities.find((x) => x.name === city);
  const a = c?.areas.find((x) => x.name === area);
  if (!c || !a) throw new Error(`Unknown area ${area}, ${city}`);
  return { city: c, area: a };
}
