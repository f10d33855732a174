import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import type { CategoryPage } from "~/models/catalogue/category-pages.server";
import type { SubmenuItem } from "~/models/catalogue/site-content.server";

/** A category's banner: headline in up to three parts, a paragraph, two images. */
export function CategoryBanner({ banner }: { banner: CategoryPage["banner"] }) {
  return (
    <section className="banner">
      <div className="container banner__inner">
        <div>
          <h1>
            <span>{banner.titleSpan1}</span> <span className="banner__accent">{banner.titleSpan2}</span>
            {banner.titleSpan3 ? <span> {banner.titleSpan3}</span> : null}
          </h1>
          <p className="lead">{banner.paragraph}</p>
        </div>
        <div className="banner__images">
          <img src={banner.img1} alt="" width={400} height={300} fetchPriority="high" />
          <img src={banner.img2} alt="" width={400} height={300} />
        </div>
      </div>
    </section>
  );
}

/** What this file reads of the root loader's data (app/root.tsx checks that it gives it). */
export interface CategoryRootData {
  submenu: SubmenuItem[];
}

/** The 404 of an unknown category: says so, then offers every real category and a search. */
export function CategoryNotFound({ message }: { message?: string }) {
  const shell = useRouteLoaderData<CategoryRootData>("root");
  return (
    <section className="error-panel container" aria-labelledby="error-title">
      <img src="/img/empty.svg" alt="" width={240} height={180} />
      <h1 id="error-title">We couldn't find that category</h1>
      <p>{message ?? "That category doesn't exist."} Here are the ones we have:</p>
      <ul className="chip-row" aria-label="Categories">
        {(shell?.submenu ?? []).map((item) => (
          <li key={item.id}>
            <Link to={`/submenu/${item.url}`} className="chip chip--big">
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" action="/search" className="not-found-search" role="search" aria-label="Search services">
        <label htmlFor="nf-q" className="visually-hidden">
          Service
        </label>
        <input id="nf-q" name="q" className="input" placeholder="Or search for a service" required maxLength={80} />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </Form>
      <p>
        <Link to="/">Go to Home</Link>
      </p>
    </section>
  );
}

/** The error boundary of the category pages: a 404 offers the real categories; other errors as everywhere. */
export function CategoryErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 404: ({ error }) => <CategoryNotFound message={typeof error.data === "string" ? error.data : undefined} /> }} />
  );
}
