import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NewsletterBox } from "~/components/newsletter-box";
import { getContentBlock } from "~/models/content.server";

// Home. The browsing issue fills the remaining sections (carousels, categories, salons, favourites...).

// The same for every anonymous visitor: cacheable (see app/utils/cache.server.ts).
export const handle = { cache: "public" };

export async function homeData() {
  const popularSearches = (await getContentBlock<string[]>("popularSearches")) ?? [];
  return { popularSearches };
}

export async function loader(_args: LoaderFunctionArgs) {
  return data(await homeData());
}

export function HomePage() {
  const { popularSearches } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div>
            <h1>Find a perfect beautician near you for that stunning look.</h1>
            <Form method="get" action="/search" className="hero__search" role="search">
              <label className="visually-hidden" htmlFor="hero-service">
                Service
              </label>
              <input id="hero-service" name="q" className="input" placeholder="Service" required maxLength={80} />
              <button type="submit" className="btn btn--primary">
                Search
              </button>
            </Form>
            <p className="hero__popular">
              Popular searches:{" "}
              {popularSearches.map((term, i) => (
                <span key={term}>
                  {i > 0 ? ", " : null}
                  <Link to={`/search/${encodeURIComponent(term.toLowerCase())}`}>{term}</Link>
                </span>
              ))}
            </p>
          </div>
          <img className="hero__art" src="/img/hero.svg" alt="A stylist braiding a client's hair" width={640} height={480} />
        </div>
      </section>
      <section className="container promo">
        <img src="/img/promo-share.svg" alt="" width={480} height={320} loading="lazy" />
        <p className="lead">Order a service and share the payment link with anyone to pay on your behalf</p>
      </section>
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
