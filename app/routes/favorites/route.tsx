import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, redirect, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary, Pagination } from "~/components/common";
import { useDetailsOverlay } from "~/components/overlay";
import { CardGrid, FAVORITE_FILTERS, type FavoriteFilter } from "~/components/browse";
import { assertSameOrigin, readForm, safeRedirect } from "~/utils/http.server";
import { cardsByIds } from "~/models/catalogue/service-cards.server";
import { countFavorites, favoriteIds, FAVORITES_PAGE_SIZE, setFavorite } from "~/models/catalogue/favorites.server";
import { getSessionUser } from "~/http/session.server";
import { parseFavorite } from "~/routes/favorites/schema.server";
import { listPageOutcome, readPage } from "~/utils/query-params.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import catalogueStyles from "~/styles/catalogue.css";

// The same page for every visitor who is not signed in: shared caches may keep it (cache.server.ts).
export const handle = { cache: "public" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `My Favorites (${data?.count ?? 0}) | Glow` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const wanted = (url.searchParams.get("filter") ?? "All").slice(0, 20).toLowerCase();
  const filter: FavoriteFilter = FAVORITE_FILTERS.find((f) => f.toLowerCase() === wanted) ?? "All";
  const read = readPage(url.searchParams.get("page"));
  const { page } = read;
  const user = await getSessionUser(request);
  if (!user) return data({ signedIn: false, count: 0, filter, cards: [], total: 0, page: 1, pageCount: 0, problem: null });
  const [count, { ids, total }] = await Promise.all([countFavorites(user.id), favoriteIds(user.id, filter, page)]);
  const cards = await cardsByIds(ids, user.id);
  const pageCount = Math.ceil(total / FAVORITES_PAGE_SIZE);
  const { problems, status } = listPageOutcome(read, ids.length);
  return data({ signedIn: true, count, filter, cards, total, page, pageCount, problem: problems[0] ?? null }, { status });
}

// POST /favorites: the heart on every service card. The form is read before asking who is signed in, so that a
// visitor who is not signed in is sent to sign in and then back to the page they were on (not to /favorites).
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request, 8 * 1024);
  const back = safeRedirect(formData.get("redirectTo"), "/favorites");
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, 303);
  const submission = parseFavorite(formData);
  const viaFetcher = formData.get("via") === "fetcher";
  if (submission.status !== "success") {
    if (viaFetcher) return data({ result: submission.reply() }, { status: 400 });
    return redirectWithError(back, "That service could not be saved. Please try again.", { status: 303 });
  }
  const { serviceId, favorite } = submission.value;
  const done = await setFavorite(user.id, serviceId, favorite);
  if (!done) {
    if (viaFetcher) return data({ favorite: false, error: "That service is no longer available." }, { status: 404 });
    return redirectWithError(back, "That service is no longer available.", { status: 303 });
  }
  if (viaFetcher) return data({ favorite });
  return redirectWithSuccess(back, favorite ? "Saved to your favourites." : "Removed from your favourites.", { status: 303 });
}

function FilterLinks({ current }: { current: FavoriteFilter }) {
  return (
    <>
      {FAVORITE_FILTERS.map((f) => (
        <Link
          key={f}
          to={f === "All" ? "/favorites" : `/favorites?filter=${f.toLowerCase()}`}
          className="tabs__tab"
          aria-current={f === current ? "page" : undefined}
        >
          {f}
        </Link>
      ))}
    </>
  );
}

export default function Favorites() {
  const { signedIn, count, filter, cards, page, pageCount, problem } = useLoaderData<typeof loader>();
  // With JavaScript, choosing a filter, Escape or moving focus out closes the drawer.
  const drawer = useDetailsOverlay();

  return (
    <section className="page container favorites">
      <div className="favorites__head">
        <h1>My Favorites ({count})</h1>
        <details className="drawer" ref={drawer}>
          <summary className="drawer__toggle">
            <span className="drawer__open-label">
              <FilterIcon /> Filters
            </span>
            <span className="drawer__close-label">
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className="visually-hidden">Close filters</span>
            </span>
          </summary>
          <nav className="drawer__panel" aria-label="Favourite filters">
            <h2 className="drawer__title">Filters</h2>
            <div className="drawer__links">
              <FilterLinks current={filter} />
            </div>
            {signedIn ? (
              <Link to="/search/hair" className="btn btn--outline btn--block">
                Find more services
              </Link>
            ) : (
              <Link to="/register" className="btn btn--primary btn--block">
                Join
              </Link>
            )}
          </nav>
        </details>
      </div>
      <nav className="tabs favorites__tabs" aria-label="Filter favourites">
        <FilterLinks current={filter} />
      </nav>
      {problem ? (
        <p className="notice" role="status">
          {problem} {pageCount > 0 ? <Link to={`/favorites${filter === "All" ? "" : `?filter=${filter.toLowerCase()}`}`}>Go to the first page</Link> : null}
        </p>
      ) : null}
      {!signedIn ? (
        <div className="empty-state">
          <img src="/img/empty.svg" alt="" width={240} height={180} />
          <h2>Save the services you love</h2>
          <p>Sign in to see your favourites, or join Glow to start saving them with the heart on any service.</p>
          <p className="empty-state__actions">
            <Link to="/login?redirectTo=%2Ffavorites" className="btn btn--primary">
              Login
            </Link>
            <Link to="/register" className="btn btn--outline">
              Join
            </Link>
          </p>
        </div>
      ) : cards.length === 0 && !problem ? (
        <div className="empty-state">
          <img src="/img/empty.svg" alt="" width={240} height={180} />
          <h2>{filter === "All" ? "No favourites yet" : `No ${filter} favourites yet`}</h2>
          <p>Tap the heart on any service to save it here.</p>
          <p className="empty-state__actions">
            <Link to="/search/hair" className="btn btn--primary">
              Browse services
            </Link>
          </p>
        </div>
      ) : (
        <>
          <h2 className="visually-hidden">{filter === "All" ? "All favourites" : `${filter} favourites`}</h2>
          <CardGrid cards={cards} section="fav" eagerCount={2} />
          <Pagination page={page} pageCount={pageCount} label="Favourites pages" />
        </>
      )}
    </section>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 5h18M6 12h12M10 19h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
