import * as z from "~/utils/zod";
import { DISTANCES_KM, PRICE_RANGES, RATING_RANGES, SEARCH_SORTS } from "./filters";

const values = <T extends readonly { value: string }[]>(list: T) => list.map((r) => r.value) as unknown as [T[number]["value"], ...T[number]["value"][]];

/**
 * The filter bar's query string (category pages and search results). A value that is not one of the options is
 * ignored (the filter is off) rather than failing the page: a stale or hand-edited link still shows the list.
 */
export const ListingFilterSchema = z.object({
  price: z.enum(values(PRICE_RANGES)).optional().catch(undefined),
  rating: z.enum(values(RATING_RANGES)).optional().catch(undefined),
  near: z.string().trim().max(80).optional().catch(undefined),
  distance: z.coerce
    .number()
    .refine((n) => (DISTANCES_KM as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  home: z.literal("1").optional().catch(undefined),
  recommended: z.literal("1").optional().catch(undefined),
  sort: z.enum(values(SEARCH_SORTS)).optional().catch(undefined),
});
