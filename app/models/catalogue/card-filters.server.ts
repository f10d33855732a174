import { sql, type Expression, type SqlBool } from "kysely";
import { PRICE_RANGES, RATING_RANGES, type PriceRange, type RatingRange } from "./filters";
import { effectivePrice, type cardQuery } from "./service-cards.server";

// The filters the category pages and the search results share (price, rating, open on a day, home service,
// recommended), applied to the card query in the database so that totals and pages stay right.

export interface CardFilters {
  price?: PriceRange;
  rating?: RatingRange;
  /** "yyyy-MM-dd": only vendors open that day. */
  day?: string | null;
  homeService?: boolean;
  recommended?: boolean;
}

type CardQuery = ReturnType<typeof cardQuery>;

/**
 * The vendor opens on `day` ("yyyy-MM-dd"): its weekly schedule opens that weekday (open_days is kept with the
 * schedule, app/models/accounts/vendor-account.server.ts) and no day off covers it. The same two rules `daySlots` applies
 * first, written in SQL so a search filters and pages in the database.
 */
function opensOn(day: string): Expression<SqlBool> {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  return sql<SqlBool>`((',' || v.open_days || ',') like ${`%,${weekday},%`} and not exists (select 1 from vendor_time_off o where o.vendor_id = v.id and o.starts_on <= ${day} and o.ends_on >= ${day}))`;
}

export function withCardFilters<Q extends CardQuery>(query: Q, filters: CardFilters): Q {
  const price = PRICE_RANGES.find((r) => r.value === filters.price);
  const rating = RATING_RANGES.find((r) => r.value === filters.rating);
  return query
    .$if(Boolean(price), (qb) =>
      qb.where(effectivePrice, ">=", price!.min * 100).$if(price!.max !== null, (q) => q.where(effectivePrice, "<=", price!.max! * 100)),
    )
    .$if(Boolean(rating), (qb) =>
      // 10-point rating = 2 x sum / count, compared without division: lo <= 2 sum / n < hi.
      qb.where((eb) =>
        eb.or([
          rating!.min === 0 ? eb("s.rating_count", "=", 0) : sql<SqlBool>`1 = 0`,
          eb.and([
            eb("s.rating_count", ">", 0),
            sql<SqlBool>`2 * s.rating_sum >= ${rating!.min} * s.rating_count`,
            rating!.max === 10 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`2 * s.rating_sum < ${rating!.max} * s.rating_count`,
          ]),
        ]),
      ),
    )
    .$if(Boolean(filters.day), (qb) => qb.where(opensOn(filters.day!)))
    .$if(Boolean(filters.homeService), (qb) => qb.where("s.service_type", "in", ["home", "both"]))
    .$if(Boolean(filters.recommended), (qb) => qb.where("s.recommended", "=", 1)) as Q;
}
