import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData, useLocation } from "@remix-run/react";
import { CardGrid, Carousel, CategoryBanner, Problems, Section } from "~/components/browse";
// Not through the browse barrel: the service page, which reaches the barrel too, would carry it over its budget.
import { FilterBar } from "~/components/filter-bar";
import { Pagination, listingPath, pageMeta, siteUrlOf } from "~/components/common";
import catalogueStyles from "~/styles/catalogue.css";
import { ListingFilterSchema } from "~/models/catalogue/filter-query.server";
import { categoryServices, getCategoryPage } from "~/models/catalogue/category-pages.server";
import { findPlace, listPlaces } from "~/models/catalogue/places.server";
import { otherServices } from "~/models/catalogue/search.server";
import { getSessionUser } from "~/http/session.server";
import { lagosToday } from "~/utils/time";
import { readDay, PAGE_INVALID_MESSAGE, readPage, readText } from "~/utils/query-params.server";
import { sharedForAnonymous } from "~/utils/shared-data.server";

// The same page for every visitor who is not signed in: shared caches may keep it (cache.server.ts).
export const handle = { cache: "public" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data
    ? pageMeta(siteUrlOf(matches), {
        title: `${data.category.title}: ${data.category.heading} | Glow`,
        description: `${data.category.title} in Nigerian cities: ${data.total.toLocaleString("en-NG")} service${data.total === 1 ? "" : "s"} to book on Glow. ${data.category.banner.paragraph}`,
        path: listingPath(`/submenu/${data.category.slug}`, location.search),
      })
    : [{ title: "Category not found | Glow" }];

// Anonymous visitors of one URL all see the same data: read it once for them (shared-data.server.ts).
export function loader(args: LoaderFunctionArgs) {
  return sharedForAnonymous("submenu", args.request, () => pageData(args));
}

async function pageData({ request, params }: LoaderFunctionArgs) {
  const slug = readText(params.slug, 40);
  const category = await getCategoryPage(slug);
  if (!category) throw new Response(`We don't have a “${slug}” category.`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

  const url = new URL(request.url);
  const filters = ListingFilterSchema.parse(Object.fromEntries(url.searchParams));
  const date = readDay(url.searchParams.get("date"));
  const { page, invalid } = readPage(url.searchParams.get("page"));
  const [user, places] = await Promise.all([getSessionUser(request), listPlaces()]);
  const viewerId = user?.id ?? null;
  const near = filters.near ? findPlace(places, filters.near) : null;
  const [result, others] = await Promise.all([
    categoryServices({
      categoryId: category.id,
      filters: {
        price: filters.price,
        rating: filters.rating,
        day: date.day,
        near,
        distanceKm: filters.distance ?? null,
        homeService: filters.home === "1",
        recommended: filters.recommended === "1",
      },
      page,
      viewerId,
    }),
    otherServices({ categoryId: category.id, viewerId, limit: 4 }),
  ]);
  const beyond = result.cards.length === 0 && page > 1;
  const problems = [
    ...(date.error ? [date.error] : []),
    ...(filters.near && !near ? [`We don't know the location “${filters.near}” yet, so all locations are shown.`] : []),
    ...(filters.distance && !near ? ["Choose a location to see services within a distance of it."] : []),
    ...(invalid ? [PAGE_INVALID_MESSAGE] : []),
    ...(beyond ? [`There is no page ${page.toLocaleString("en-NG")} with these filters.`] : []),
  ];
  return data(
    {
      category,
      today: lagosToday(),
      places: places.map((p) => ({ city: p.city.name, areas: p.areas.map((a) => a.name) })),
      values: {
        price: filters.price ?? "",
        rating: filters.rating ?? "",
        date: date.day ?? "",
        near: near?.name ?? "",
        distance: filters.distance ? String(filters.distance) : "",
        home: filters.home === "1",
        recommended: filters.recommended === "1",
      },
      dateError: date.error ?? null,
      problems,
      ...result,
      others,
    },
    { status: date.error || invalid ? 400 : beyond ? 404 : 200 },
  );
}

export default function CategoryPage() {
  const page = useLoaderData<typeof loader>();
  const location = useLocation();
  const { category } = page;
  const path = location.pathname;
  const filtered = location.search.length > 1;
  return (
    <>
      <CategoryBanner banner={category.banner} />
      <div className="container">
        <Section id="styles" title={category.heading}>
          <Carousel kind="styles" label={category.heading} focusable>
            {category.styles.map((style, i) => (
              <figure key={style.text} className="tile style-tile">
                {/* The first picture is in the first view on a phone, and is its largest paint: fetch it at once. */}
                <img
                  src={style.img}
                  alt=""
                  width={160}
                  height={160}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                />
                <figcaption>{style.text}</figcaption>
              </figure>
            ))}
          </Carousel>
        </Section>

        <Section id="tiles" title={`Explore ${category.title}`}>
          <Carousel kind="tiles" label={`Explore ${category.title}`}>
            {category.tiles.map((tile) => (
              <Link key={tile.text} to={tile.href} className="tile">
                <img src={tile.img} alt="" width={400} height={300} loading="lazy" decoding="async" />
                <span>{tile.text}</span>
              </Link>
            ))}
          </Carousel>
        </Section>

        <Section id="services" title={`${category.title} services`}>
          <FilterBar key={location.search} action={path} values={page.values} places={page.places} today={page.today} dateError={page.dateError} />
          <Problems problems={page.problems} />
          <p className="muted" role="status" id="results">
            {page.total === 0
              ? "No services match these filters."
              : `${page.total.toLocaleString("en-NG")} service${page.total === 1 ? "" : "s"}${filtered ? " match these filters" : ""}${
                  page.pageCount > 1 ? ` · page ${Math.min(page.page, page.pageCount)} of ${page.pageCount}` : ""
                }`}
          </p>
          {page.cards.length > 0 ? (
            <>
              <CardGrid cards={page.cards} section="svc" day={page.values.date || null} />
              <Pagination page={page.page} pageCount={page.pageCount} label={`${category.title} pages`} hash="services" />
            </>
          ) : (
            <div className="empty-state">
              <img src="/img/empty.svg" alt="" width={240} height={180} loading="lazy" />
              <p>Try fewer filters, another day or a wider distance.</p>
              <p>
                <Link to={path} className="btn btn--outline">
                  Clear filters
                </Link>
              </p>
            </div>
          )}
        </Section>

        {page.others.length > 0 ? (
          <Section id="other" title="Other Services">
            <CardGrid cards={page.others} section="other" />
          </Section>
        ) : null}
      </div>
    </>
  );
}

export { CategoryErrorBoundary as ErrorBoundary } from "~/components/browse";
