import { sql, type Expression, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import { withCardFilters, type CardFilters } from "./card-filters.server";
import type { SearchSort } from "./filters";
import { distanceSql, inPlace, type Place } from "./places.server";
import { byRating, cardQuery, effectivePrice, toCard, type Eb, type ServiceCard } from "./service-cards.server";
import { pageSlice } from "~/db/page-slice.server";

// Search by term (and location and day), and the "Other services" shown below results.

export const SEARCH_PAGE_SIZE = 20;
export const TERM_MAX = 80;
export const LOCATION_MAX = 60;

// ---------------------------------------------------------------------------------------------------------
// Search terms

/**
 * Words of a search term, lower-cased, at most 6, each at most 30 characters. A trailing plural "s" is dropped
 * so "braids" finds "Braids" and "nails" finds "Nail art". Hyphens separate words ("knotless-braids").
 */
export function termWords(term: string): string[] {
  return term
    .slice(0, TERM_MAX)
    .toLowerCase()
    .split(/[\s,+-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}&'.]/gu, "").slice(0, 30))
    .filter((w) => w.length > 0)
    .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w))
    .slice(0, 6);
}

// The catalogue spells the category "Tatoo" (as the product requires; do not correct it) while people type "tattoo";
// both must find both.
const SPELLINGS: Record<string, string[]> = {
  tattoo: ["tatoo"],
  tatoo: ["tattoo"],
  colour: ["color"],
  color: ["colour"],
  saloon: ["salon"],
};

/** `text` with LIKE's wildcards (and the escape character) escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that matches `word` anywhere. */
const containsPattern = (word: string) => `%${escapeLike(word)}%`;

const like = (column: Expression<unknown>, pattern: string) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

/** One word matches a service's title, group, style, category, tags or vendor name. */
function wordMatches(eb: Eb, word: string): Expression<SqlBool> {
  const patterns = [word, ...(SPELLINGS[word] ?? [])].map(containsPattern);
  return eb.or(
    patterns.flatMap((p) => [
      like(sql.ref("s.title"), p),
      like(sql.ref("s.group_name"), p),
      like(sql.ref("s.style"), p),
      like(sql.ref("v.business_name"), p),
      eb.exists(
        eb
          .selectFrom("categories as c")
          .select(sql`1`.as("one"))
          .whereRef("c.id", "=", "s.category_id")
          .where(like(sql.ref("c.title"), p)),
      ),
      eb.exists(
        eb
          .selectFrom("service_tags as t")
          .select(sql`1`.as("one"))
          .whereRef("t.service_id", "=", "s.id")
          .where(sql<SqlBool>`t.tag like ${p} escape '\\'`),
      ),
    ]),
  );
}

function termMatches(eb: Eb, words: string[]): Expression<SqlBool> {
  return eb.and(words.map((w) => wordMatches(eb, w)));
}

/** Every comma-separated part of a location ("Lekki, Lagos") names the vendor's area, city, state or address. */
function locationMatches(eb: Eb, location: string): Expression<SqlBool> {
  const parts = location
    .slice(0, LOCATION_MAX)
    .toLowerCase()
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 3);
  return eb.and(
    parts.map((part) => {
      const p = containsPattern(part);
      return eb.or([like(sql.ref("v.area"), p), like(sql.ref("v.city"), p), like(sql.ref("v.state"), p), like(sql.ref("v.business_address"), p)]);
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Search

export interface SearchInput extends CardFilters {
  term: string;
  location?: string;
  /**
   * The order of the results: relevance (the default), lowest price first, best rated first, or nearest first
   * (only with `near`; without it, relevance).
   */
  sort?: SearchSort;
  /** A place of the location list: it keeps its own vendors, or with `distanceKm` those within that distance; cards say how far each is. */
  near?: Place | null;
  distanceKm?: number | null;
  page: number;
  viewerId: number | null;
}

export interface SearchResult {
  cards: ServiceCard[];
  total: number;
  page: number;
  pageCount: number;
}

export async function searchServices(input: SearchInput): Promise<SearchResult> {
  const db = await getDb();
  const words = termWords(input.term);
  if (words.length === 0) return { cards: [], total: 0, page: input.page, pageCount: 0 };
  const first = escapeLike(words[0]!);
  const near = input.near ?? null;
  const matching = withCardFilters(
    cardQuery(db, input.viewerId)
      .where((eb) => termMatches(eb, words))
      .$if(Boolean(input.location?.trim()), (qb) => qb.where((eb) => locationMatches(eb, input.location!)))
      .$if(Boolean(near), (qb) => qb.where(inPlace(near!, input.distanceKm))),
    input,
  );
  const sort = input.sort === "distance" && !near ? "relevance" : (input.sort ?? "relevance");
  const rows = await matching
    .select(sql<number>`count(*) over ()`.as("total"))
    .$if(sort === "price", (qb) => qb.orderBy(effectivePrice).orderBy(byRating, "desc"))
    .$if(sort === "rating", (qb) => qb.orderBy(byRating, "desc"))
    .$if(sort === "distance", (qb) => qb.orderBy(distanceSql(near!)).orderBy(byRating, "desc"))
    // Relevance: the kind of service people asked for first ("hair" -> the Hair group), then title matches,
    // then the rest (tags, vendor names).
    .$if(sort === "relevance", (qb) =>
      qb
        .orderBy(
          sql`case when lower(s.group_name) like ${`${first}%`} escape '\\' or lower(s.style) like ${`${first}%`} escape '\\' then 0
               when lower(s.title) like ${`%${first}%`} escape '\\' then 1 else 2 end`,
        )
        .orderBy(byRating, "desc"),
    )
    .orderBy("s.id")
    .$call((q) => pageSlice(q, SEARCH_PAGE_SIZE, (input.page - 1) * SEARCH_PAGE_SIZE))
    .execute();
  // Past the last page the window count is unknown (no rows): count once more so the page can say how many.
  const total = rows[0]
    ? Number(rows[0].total)
    : input.page > 1
      ? Number(
          (
            await matching
              .clearSelect()
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
  return { cards: rows.map((r) => toCard(r, near)), total, page: input.page, pageCount: Math.ceil(total / SEARCH_PAGE_SIZE) };
}

/** Well-rated services that do not match the term: the "Other services" below results (or below no results). */
export async function otherServices(args: {
  term?: string;
  categoryId?: number;
  excludeIds?: number[];
  viewerId: number | null;
  limit?: number;
}): Promise<ServiceCard[]> {
  const db = await getDb();
  const words = args.term ? termWords(args.term) : [];
  const rows = await cardQuery(db, args.viewerId)
    .$if(words.length > 0, (qb) => qb.where((eb) => eb.not(termMatches(eb, words))))
    .$if(args.categoryId !== undefined, (qb) => qb.where("s.category_id", "!=", args.categoryId!))
    .$if(Boolean(args.excludeIds?.length), (qb) => qb.where("s.id", "not in", args.excludeIds!))
    .orderBy(byRating, "desc")
    .orderBy("s.id")
    .limit(args.limit ?? 8)
    .execute();
  return rows.map((r) => toCard(r));
}
