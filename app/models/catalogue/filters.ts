// The options of the catalogue's GET filters, shared by the pages that render them and the queries that apply
// them (so not a .server module, and free of zod to keep it out of the browser bundle).

/** Price ranges of the category pages' filter bar, in naira; `max` null means "and above". */
export const PRICE_RANGES = [
  { value: "5000-10000", label: "₦5,000 – ₦10,000", min: 5_000, max: 10_000 },
  { value: "10000-25000", label: "₦10,000 – ₦25,000", min: 10_000, max: 25_000 },
  { value: "25000-40000", label: "₦25,000 – ₦40,000", min: 25_000, max: 40_000 },
  { value: "40000-", label: "₦40,000 and above", min: 40_000, max: null },
] as const;

/**
 * Rating ranges (each listed once) are on a 10-point scale, while cards show stars out of 5:
 * a service's 10-point rating is its average stars x 2 (4.56 stars = 9.12). Each range includes its lower
 * bound and excludes its upper one, except the last, which includes a perfect 10. A service nobody has rated
 * yet counts as 0.
 */
export const RATING_RANGES = [
  { value: "0-2", label: "0 – 2 (up to 1 star)", min: 0, max: 2 },
  { value: "2-4", label: "2 – 4 (1 to 2 stars)", min: 2, max: 4 },
  { value: "4-6", label: "4 – 6 (2 to 3 stars)", min: 4, max: 6 },
  { value: "6-8", label: "6 – 8 (3 to 4 stars)", min: 6, max: 8 },
  { value: "8-10", label: "8 – 10 (4 to 5 stars)", min: 8, max: 10 },
] as const;

/** Distances from the chosen location, in kilometres. */
export const DISTANCES_KM = [2, 5, 10, 25, 50] as const;

export type PriceRange = (typeof PRICE_RANGES)[number]["value"];
export type RatingRange = (typeof RATING_RANGES)[number]["value"];

/** The favourites page's filters. "Saloon" keeps services done at the salon. */
export const FAVORITE_FILTERS = ["All", "Hair", "Nails", "Pedicure", "Saloon"] as const;
export type FavoriteFilter = (typeof FAVORITE_FILTERS)[number];

/** The orders of the search results. Relevance (what was searched for first) is the default. */
export const SEARCH_SORTS = [
  { value: "relevance", label: "Most relevant" },
  { value: "price", label: "Lowest price" },
  { value: "rating", label: "Best rated" },
  { value: "distance", label: "Nearest first" },
] as const;

export type SearchSort = (typeof SEARCH_SORTS)[number]["value"];
