import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { CardCarousel, Carousel, Section, Stars, VendorCard, LevelBadge, vendorCardData } from "~/components/browse";
import { DayInput, GeneralErrorBoundary, pageMeta, SharedMarkup, siteUrlOf } from "~/components/common";
import { keyJson } from "~/components/kept-markup.server";
import { NewsletterBox } from "~/components/newsletter-box";
import type { CollageData } from "~/data/types";
import { cardsByIds } from "~/models/catalogue/service-cards.server";
import { FEATURED_VENDOR_SLUG, getPublicVendorProfile, topVendors } from "~/models/catalogue/vendor-pages.server";
import { popularServices } from "~/models/catalogue/category-pages.server";
import { currentViewOwner } from "~/http/viewer.server";
import { favoriteIds, heartsFor, popularFavoriteIds } from "~/models/catalogue/favorites.server";
import { getHomeBlocks } from "~/models/catalogue/site-content.server";
import { getSessionUser } from "~/http/session.server";
import { lagosToday } from "~/utils/time";
import { recentlyViewedIds } from "~/models/catalogue/recently-viewed.server";
import { shared, sharedByIds, sharedForAnonymous } from "~/utils/shared-data.server";
import catalogueStyles from "~/styles/catalogue.css";
import homeStyles from "~/styles/home.css";

// The same page for every visitor who is not signed in: shared caches may keep it (cache.server.ts).
export const handle = { cache: "public" };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: homeStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(siteUrlOf(matches), {
    title: "Glow: find a perfect beautician near you",
    description: `Find, book and pay for hair, spa, nails, facials, tattoo and piercing in Nigerian cities${
      data
        ? `: ${data.popular
            .slice(0, 3)
            .map((c) => `${c.title} in ${c.area}`)
            .join(", ")} and more`
        : ""
    }.`,
    path: "/",
  });

/**
 * Cards in Home's carousels: one more than the widest screen shows (three services, four salons), so each still
 * slides there; a phone shows one at a time, and popular services, salons and favourites have their full list a
 * "View all" away. Eight each made a signed-in Home 70–85 KB of HTML, where the budget is 50 KB
 * (docs/decisions/029-signed-in-page-cost.md).
 */
export const HOME_CARDS = 4;
export const HOME_SALONS = 5;

/** What Home shows every visitor alike, read once for everyone and kept a few seconds (shared-data.server.ts). */
function homeForEveryone() {
  return shared("home: everyone", async () => {
    const [blocks, popular, profile, salons, mostSaved] = await Promise.all([
      getHomeBlocks(),
      popularServices(HOME_CARDS),
      getPublicVendorProfile({ slug: FEATURED_VENDOR_SLUG }),
      topVendors({ groups: ["Hair"], limit: HOME_SALONS }),
      popularFavoriteIds(HOME_CARDS).then((ids) => cardsByIds(ids, null)),
    ]);
    // Only what the page shows goes into it: the loader's data is written into the HTML a second time for the
    // browser, and a whole profile (hours, map pin, tags) was a kilobyte of it (docs/decisions/029-signed-in-page-cost.md).
    const featuredVendor = profile && {
      id: profile.id,
      name: profile.name,
      image: profile.image,
      level: profile.level,
      rating: profile.rating,
      ratingCount: profile.ratingCount,
      about: profile.about,
    };
    return { blocks, popular, featuredVendor, salons: salons.map(vendorCardData), mostSaved };
  });
}

/** Everything Home shows (also the body of the 404 page, `$.tsx`). */
export async function homeData(request: Request) {
  const user = await getSessionUser(request);
  const viewerId = user?.id ?? null;
  const owner = await currentViewOwner(request, viewerId);
  // Only the person's own lists and hearts are read per request; the rest is everyone's.
  const [everyone, ownFavourites, recentIds] = await Promise.all([
    homeForEveryone(),
    viewerId !== null ? favoriteIds(viewerId, "All", 1).then((r) => r.ids.slice(0, HOME_CARDS)) : null,
    owner ? recentlyViewedIds(owner, HOME_CARDS) : [],
  ]);
  const { blocks, popular, featuredVendor, salons, mostSaved } = everyone;
  // The cards of the person's two lists are everyone's (kept for everyone, read only when not kept); what is the
  // person's own, their hearts on every card of the page, is one query.
  const lists = [ownFavourites ?? [], recentIds];
  const everyonesCards = await sharedByIds("card", [...new Set(lists.flat())], async (ids) => new Map((await cardsByIds(ids, null)).map((c) => [c.id, c])));
  const [ownCards = [], recentCards = []] = lists.map((list) => list.flatMap((id) => everyonesCards.get(id) ?? []));
  const heart = await heartsFor(viewerId, [...popular, ...ownCards, ...recentCards]);
  const own = ownCards.map(heart);
  const recentlyViewed = recentCards.map(heart);
  const favourites = ownFavourites ? own : mostSaved;
  return {
    today: lagosToday(),
    signedIn: viewerId !== null,
    ...blocks,
    popular: popular.map(heart),
    featuredVendor,
    salons,
    // The signed-in person's own favourites; for everyone else the ones most people saved.
    favourites,
    recentlyViewed,
  };
}

// Anonymous visitors of one URL all see the same data: read it once for them (shared-data.server.ts).
export function loader(args: LoaderFunctionArgs) {
  return sharedForAnonymous("home", args.request, () => pageData(args));
}

async function pageData({ request }: LoaderFunctionArgs) {
  return data(await homeData(request));
}

function Collages({ items, label }: { items: CollageData[]; label: string }) {
  return (
    <SharedMarkup as="ul" className="collages" aria-label={label} markupKey={() => keyJson(items)}>
      {() => (
        <>
          {items.map((item) => (
            <li key={item.text}>
              <Link to={item.href} className="collage">
                <span className="collage__images">
                  {item.images.map((img, i) => (
                    <img key={i} src={img} alt="" width={200} height={150} loading="lazy" decoding="async" />
                  ))}
                </span>
                <span className="collage__text">{item.text}</span>
              </Link>
            </li>
          ))}
        </>
      )}
    </SharedMarkup>
  );
}

export function HomePage() {
  const home = useLoaderData<typeof loader>();
  const vendor = home.featuredVendor;
  return (
    <>
      <section className="hero">
        {/* Home's parts that are the same for everyone are rendered once (components/shared-markup.tsx); the cards
            are each kept on their own, and the favourites and recently viewed are the person's own. */}
        <SharedMarkup as="div" className="container hero__inner" markupKey={() => `${home.today} ${keyJson(home.popularSearches)}`}>
          {() => (
            <>
              <div>
                <h1>Find a perfect beautician near you for that stunning look.</h1>
                <Form method="get" action="/search" className="hero__search" role="search" aria-label="Find a service">
                  <label className="visually-hidden" htmlFor="hero-service">
                    Service
                  </label>
                  <input id="hero-service" name="q" className="input" placeholder="Service" required maxLength={80} autoComplete="off" />
                  <label className="visually-hidden" htmlFor="hero-location">
                    Location
                  </label>
                  <input id="hero-location" name="location" className="input" placeholder="Location" maxLength={60} autoComplete="address-level2" />
                  <label className="visually-hidden" htmlFor="hero-date">
                    When? (e.g. {"tomorrow"})
                  </label>
                  <DayInput id="hero-date" today={home.today} />
                  <button type="submit" className="btn btn--primary">
                    Search
                  </button>
                </Form>
                <p className="hero__popular">
                  Popular searches:{" "}
                  {home.popularSearches.map((term) => (
                    <Link key={term} className="chip" to={`/search/${encodeURIComponent(term.toLowerCase())}`}>
                      {term}
                    </Link>
                  ))}
                </p>
              </div>
              <img className="hero__art" src="/img/hero.svg" alt="A stylist braiding a client's hair" width={640} height={480} fetchPriority="high" />
            </>
          )}
        </SharedMarkup>
      </section>

      <SharedMarkup as="nav" className="container tag-row" aria-label="Popular tags" markupKey={() => keyJson(home.categoryTags)}>
        {() => (
          <>
            {home.categoryTags.map((tag) => (
              <Link key={tag.text} to={tag.href} className="chip chip--big">
                {tag.text}
              </Link>
            ))}
          </>
        )}
      </SharedMarkup>

      <Section className="container" id="popular" title="Popular services" action={{ to: "/search/hair", text: "View all" }}>
        <CardCarousel cards={home.popular} label="Popular services" section="popular" />
      </Section>

      <section className="container promo" aria-label="Pay by link">
        <img src="/img/promo-share.svg" alt="" width={480} height={320} loading="lazy" decoding="async" />
        <div>
          <p className="promo__text">Order a service and share the payment link with anyone to pay on your behalf</p>
          <Link to="/search/hair" className="btn btn--accent">
            Find a service
          </Link>
        </div>
      </section>

      <Section className="container" id="explore" title="Explore services">
        <SharedMarkup as="ul" className="icon-grid" markupKey={() => keyJson(home.serviceIcons)}>
          {() => (
            <>
              {home.serviceIcons.map((icon) => (
                <li key={icon.text}>
                  <Link to={icon.href} className="icon-tile">
                    <img src={icon.img} alt="" width={120} height={90} loading="lazy" decoding="async" />
                    <span>{icon.text}</span>
                  </Link>
                </li>
              ))}
            </>
          )}
        </SharedMarkup>
      </Section>

      <Section className="container" id="categories" title="Popular categories">
        <SharedMarkup as="ul" className="category-cards" markupKey={() => keyJson(home.popularCategories)}>
          {() => (
            <>
              {home.popularCategories.map((c) => (
                <li key={c.title}>
                  <Link to={c.href} className="category-card" style={{ background: c.bg }}>
                    <span className="category-card__text">
                      <span className="category-card__title">{c.title}</span>
                      <span className="category-card__stats" style={{ color: c.statsTxtClr }}>
                        {c.stats}
                      </span>
                    </span>
                    <img src={c.img} alt="" width={160} height={120} loading="lazy" decoding="async" />
                  </Link>
                </li>
              ))}
            </>
          )}
        </SharedMarkup>
      </Section>

      <Section className="container salons" id="salons" title="Top hair salons" action={{ to: "/search/hair", text: "View all" }}>
        {vendor ? (
          <SharedMarkup as="article" className="featured-vendor card" aria-labelledby="featured-vendor-name" markupKey={() => keyJson(vendor)}>
            {() => (
              <>
                <img src={vendor.image} alt="" width={160} height={160} loading="lazy" decoding="async" className="featured-vendor__img" />
                <div className="featured-vendor__body">
                  <p className="featured-vendor__kicker">Featured stylist</p>
                  <h3 id="featured-vendor-name">{vendor.name}</h3>
                  <p className="featured-vendor__meta">
                    <LevelBadge level={vendor.level} />
                    <Stars value={vendor.rating} count={vendor.ratingCount} />
                  </p>
                  <p className="featured-vendor__about">{vendor.about}</p>
                  <Link to={`/profile/vendor/${vendor.id}`} className="btn btn--primary">
                    Hire Me
                  </Link>
                </div>
              </>
            )}
          </SharedMarkup>
        ) : null}
        <Carousel kind="salons" label="Top hair salons">
          {home.salons.map((salon) => (
            <VendorCard key={salon.id} vendor={salon} />
          ))}
        </Carousel>
      </Section>

      <Section className="container" id="trending" title="Trending">
        <Collages items={home.trending} label="Trending" />
      </Section>

      <Section className="container" id="picks" title="Our picks">
        <Collages items={home.picks} label="Our picks" />
      </Section>

      <Section
        className="container"
        id="favourites"
        title={home.signedIn ? "Your favourites" : "People's favourites"}
        action={home.signedIn ? { to: "/favorites", text: "View all" } : undefined}
      >
        {home.favourites.length > 0 ? (
          <CardCarousel cards={home.favourites} label={home.signedIn ? "Your favourites" : "People's favourites"} section="favourites" />
        ) : (
          <p className="muted">Tap the heart on any service to keep it here.</p>
        )}
      </Section>

      <Section className="container" id="recent" title="Recently viewed">
        {home.recentlyViewed.length > 0 ? (
          <CardCarousel cards={home.recentlyViewed} label="Recently viewed" section="recent" />
        ) : (
          <p className="muted">Services you open will appear here, so you can find them again.</p>
        )}
      </Section>

      <div className="container">
        <NewsletterBox />
      </div>
    </>
  );
}

export default HomePage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
