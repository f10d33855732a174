import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { CardGrid, Problems, Section, titleCase } from "~/components/browse";
// Not through the browse barrel: the service page, which reaches the barrel too, would carry it over its budget.
import { FilterBar } from "~/components/filter-bar";
import { DayInput, formatDay, GeneralErrorBoundary, Pagination, pageMeta, siteUrlOf } from "~/components/common";
import catalogueStyles from "~/styles/catalogue.css";
import { getContentBlock } from "~/models/catalogue/site-content.server";
import { getSessionUser } from "~/http/session.server";
import { getShellData } from "~/root.server";
import { lagosToday } from "~/utils/time";
import { LOCATION_MAX, otherServices, searchServices, TERM_MAX } from "~/models/catalogue/search.server";
import { ListingFilterSchema } from "~/models/catalogue/filter-query.server";
import { findPlace, listPlaces } from "~/models/catalogue/places.server";
import { readDay, PAGE_INVALID_MESSAGE, readPage, readText } from "~/utils/query-params.server";
import { sharedForAnonymous } from "~/utils/shared-data.server";

// The same page for every visitor who is not signed in: shared caches may keep it (cache.server.ts).
export const handle = { cache: "public" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

// Search results are not kept by search engines (endless combinations); they follow the links to the services.
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(siteUrlOf(matches), {
    title: data ? `${titleCase(data.term)} services | Glow` : "Search | Glow",
    description: data
      ? `${titleCase(data.term)}: ${data.total.toLocaleString("en-NG")} service${data.total === 1 ? "" : "s"} to book on Glow in Nigerian cities.`
      : "Search Glow.",
    path: location.pathname,
    noindex: true,
  });

// Anonymous visitors of one URL all see the same data: read it once for them (shared-data.server.ts).
export function loader(args: LoaderFunctionArgs) {
  return sharedForAnonymous("search", args.request, () => pageData(args));
}

async function pageData({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const term = readText(params.slug, TERM_MAX);
  const location = readText(url.searchParams.get("location"), LOCATION_MAX);
  const date = readDay(url.searchParams.get("date"));
  const filters = ListingFilterSchema.parse(Object.fromEntries(url.searchParams));
  const { page, invalid } = readPage(url.searchParams.get("page"));
  const [user, places] = await Promise.all([getSessionUser(request), listPlaces()]);
  const viewerId = user?.id ?? null;
  const near = filters.near ? findPlace(places, filters.near) : null;
  const [result, others, popularSearches, shell] = await Promise.all([
    searchServices({
      term,
      location,
      near,
      distanceKm: filters.distance ?? null,
      day: date.day,
      price: filters.price,
      rating: filters.rating,
      homeService: filters.home === "1",
      recommended: filters.recommended === "1",
      sort: filters.sort,
      page,
      viewerId,
    }),
    otherServices({ term, viewerId, limit: 4 }),
    getContentBlock<string[]>("popularSearches"),
    getShellData(),
  ]);
  const beyond = result.cards.length === 0 && result.total > 0;
  const problems = [
    ...(date.error ? [date.error] : []),
    ...(filters.near && !near ? [`We don't know the location “${filters.near}” yet, so all locations are shown.`] : []),
    ...(filters.distance && !near ? ["Choose a place under Near to see services within a distance of it."] : []),
    ...(filters.sort === "distance" && !near ? ["Choose a place under Near to sort by distance; the most relevant come first meanwhile."] : []),
    ...(invalid ? [PAGE_INVALID_MESSAGE] : []),
    ...(beyond ? [`There is no page ${page.toLocaleString("en-NG")}: these results have ${result.pageCount} page${result.pageCount === 1 ? "" : "s"}.`] : []),
  ];
  const status = date.error || invalid ? 400 : beyond ? 404 : 200;
  return data(
    {
      term,
      location,
      dateText: date.text,
      day: date.day,
      dateError: date.error ?? null,
      today: lagosToday(),
      values: {
        price: filters.price ?? "",
        rating: filters.rating ?? "",
        date: date.day ?? "",
        near: near?.name ?? "",
        distance: filters.distance && near ? String(filters.distance) : "",
        home: filters.home === "1",
        recommended: filters.recommended === "1",
        sort: filters.sort ?? "",
      },
      ...result,
      beyond,
      problems,
      others,
      popularSearches: popularSearches ?? [],
      places: places.map((p) => ({ city: p.city.name, areas: p.areas.map((a) => a.name) })),
      categories: shell.submenu,
    },
    { status },
  );
}

export default function SearchResults() {
  const s = useLoaderData<typeof loader>();
  const heading = `${titleCase(s.term)} services`;
  const around = s.values.near ? (s.values.distance ? `within ${s.values.distance} km of ${s.values.near}` : `near ${s.values.near}`) : "";
  const where = [s.location ? `in ${s.location}` : "", around, s.day ? `open on ${formatDay(s.day)}` : ""].filter(Boolean).join(", ");
  const everywhere = `/search/${encodeURIComponent(s.term)}`;
  return (
    <div className="container">
      <header className="listing-head">
        <h1>{heading}</h1>
        <p role="status">
          {s.total === 0
            ? `No services found${where ? ` ${where}` : ""}.`
            : `${s.total.toLocaleString("en-NG")} service${s.total === 1 ? "" : "s"}${where ? ` ${where}` : ""}${
                s.pageCount > 1 ? ` · page ${Math.min(s.page, s.pageCount)} of ${s.pageCount}` : ""
              }`}
        </p>
      </header>

      <Form method="get" action="/search" className="refine card" role="search" aria-label="Refine the search">
        <div className="field">
          <label className="field__label" htmlFor="search-q">
            Service
          </label>
          <input id="search-q" name="q" className="input" defaultValue={s.term} required maxLength={80} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="search-location">
            Location
          </label>
          <input id="search-location" name="location" className="input" defaultValue={s.location} placeholder="Location" maxLength={60} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="search-date">
            When?
          </label>
          <DayInput
            id="search-date"
            today={s.today}
            defaultValue={s.day ? formatDay(s.day) : s.dateText}
            aria-invalid={s.dateError ? true : undefined}
            aria-describedby={s.dateError ? "search-date-error" : undefined}
          />
          {s.dateError ? (
            <p id="search-date-error" className="field__error">
              {s.dateError}
            </p>
          ) : null}
        </div>
        {/* A new term or place keeps the chosen filters and order (/search sends every field on). */}
        {Object.entries(filterParams(s.values)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </Form>

      <FilterBar
        action={everywhere}
        values={s.values}
        places={s.places}
        placesLabel="Near"
        sorts
        keep={{ location: s.location, date: s.day ?? "" }}
        today={s.today}
        dateError={null}
      />

      <div id="results">
        <Problems problems={s.problems}>{s.beyond ? <Link to={`${everywhere}${searchSuffix(s, s.pageCount)}`}>Go to the last page</Link> : null}</Problems>

        {s.cards.length > 0 ? (
          <section aria-labelledby="results-title">
            <h2 id="results-title" className="visually-hidden">
              Results
            </h2>
            <CardGrid cards={s.cards} section="result" eagerCount={2} day={s.day} />
            <Pagination page={s.page} pageCount={s.pageCount} label="Result pages" />
          </section>
        ) : s.total === 0 ? (
          <section className="empty-state" aria-labelledby="empty-title">
            <img src="/img/empty.svg" alt="" width={240} height={180} />
            <h2 id="empty-title">
              Nothing matches “{s.term}”{where ? ` ${where}` : ""}
            </h2>
            <p>Check the spelling, try a shorter word, or pick one of these:</p>
            <ul className="chip-row" aria-label="Popular searches">
              {s.popularSearches.map((term) => (
                <li key={term}>
                  <Link className="chip" to={`/search/${encodeURIComponent(term.toLowerCase())}${s.location || s.day ? searchSuffix(s, 1) : ""}`}>
                    {term}
                  </Link>
                </li>
              ))}
              {s.categories
                .filter((c) => !s.popularSearches.includes(c.title))
                .map((c) => (
                  <li key={c.id}>
                    <Link className="chip" to={`/submenu/${c.url}`}>
                      {c.title}
                    </Link>
                  </li>
                ))}
            </ul>
            {s.location || s.day ? (
              <p>
                <Link to={everywhere} className="btn btn--outline">
                  Search “{s.term}” everywhere, any day
                </Link>
              </p>
            ) : null}
          </section>
        ) : null}
      </div>

      {s.others.length > 0 ? (
        <Section id="others" title="Other services">
          <CardGrid cards={s.others} section="other" />
        </Section>
      ) : null}
    </div>
  );
}

/** The chosen filters and order as query parameters (those that are set). */
function filterParams(values: {
  price: string;
  rating: string;
  near: string;
  distance: string;
  home: boolean;
  recommended: boolean;
  sort?: string;
}): Record<string, string> {
  const params: Record<string, string> = {};
  if (values.price) params.price = values.price;
  if (values.rating) params.rating = values.rating;
  if (values.near) params.near = values.near;
  if (values.distance) params.distance = values.distance;
  if (values.home) params.home = "1";
  if (values.recommended) params.recommended = "1";
  if (values.sort) params.sort = values.sort;
  return params;
}

/** The query string of this search (location, date, filters, order) for another page. */
function searchSuffix(s: { location: string; day: string | null; values: Parameters<typeof filterParams>[0] }, page: number): string {
  const params = new URLSearchParams(filterParams(s.values));
  if (s.location) params.set("location", s.location);
  if (s.day) params.set("date", s.day);
  if (page > 1) params.set("page", String(page));
  const q = params.toString();
  return q ? `?${q}` : "";
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
