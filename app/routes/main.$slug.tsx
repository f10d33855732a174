import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageMeta, siteUrlOf } from "~/components/common";
import { data, Link, useLoaderData } from "@remix-run/react";
import { CardCarousel, CategoryBanner, Section, titleCase } from "~/components/browse";
import { getCategoryPage, popularTags, servicesFor } from "~/models/catalogue/category-pages.server";
import { getSessionUser } from "~/http/session.server";
import { readText } from "~/utils/query-params.server";
import { sharedForAnonymous } from "~/utils/shared-data.server";
import catalogueStyles from "~/styles/catalogue.css";

// The same page for every visitor who is not signed in: shared caches may keep it (cache.server.ts).
export const handle = { cache: "public" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta(siteUrlOf(matches), {
        title: `${data.title} | Glow`,
        description: `Haircuts, spa and tattoo for ${data.title.toLowerCase()} in Nigerian cities, booked and paid on Glow: ${data.rows
          .flatMap((r) => r.cards.slice(0, 2).map((c) => c.title))
          .slice(0, 4)
          .join(", ")}.`,
        path: `/main/${data.title.toLowerCase()}`,
      })
    : [{ title: "Category not found | Glow" }];

// The men's and women's pages: banner, tags, featured rows Haircuts, Body Spa & Treatment, Tatoo.
const GENDERS = { men: "Men", women: "Women" } as const;

// Anonymous visitors of one URL all see the same data: read it once for them (shared-data.server.ts).
export function loader(args: LoaderFunctionArgs) {
  return sharedForAnonymous("gender page", args.request, () => pageData(args));
}

async function pageData({ request, params }: LoaderFunctionArgs) {
  const asked = readText(params.slug, 40);
  const slug = asked.toLowerCase();
  if (slug !== "men" && slug !== "women") {
    throw new Response(`We don't have a “${asked}” page.`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const user = await getSessionUser(request);
  const viewerId = user?.id ?? null;
  const [category, tags, haircuts, spa, tatoo] = await Promise.all([
    getCategoryPage(slug),
    popularTags([slug], 10),
    servicesFor({ categorySlugs: [slug], gender: slug, viewerId, limit: 8 }),
    servicesFor({ groups: ["Spa"], gender: slug, viewerId, limit: 8 }),
    servicesFor({ groups: ["Tatoo"], gender: slug, viewerId, limit: 8 }),
  ]);
  if (!category) throw new Response("This page is not ready yet.", { status: 404 });
  return data({
    title: GENDERS[slug],
    banner: category.banner,
    tags,
    rows: [
      { id: "haircuts", title: "Haircuts", all: `/submenu/${slug}`, cards: haircuts },
      { id: "spa", title: "Body Spa & Treatment", all: "/submenu/spa", cards: spa },
      { id: "tatoo", title: "Tatoo", all: "/submenu/tatoo", cards: tatoo },
    ],
  });
}

export default function MainCategory() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <CategoryBanner banner={page.banner} />
      <div className="container">
        <nav aria-label={`${page.title}'s tags`} className="section">
          <ul className="chip-row">
            {page.tags.map((tag) => (
              <li key={tag}>
                <Link to={`/search/${encodeURIComponent(tag)}`} className="chip chip--big">
                  {titleCase(tag)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {page.rows.map((row) => (
          <Section key={row.id} id={row.id} title={row.title} action={{ to: row.all, text: "View all" }}>
            {row.cards.length > 0 ? (
              <CardCarousel cards={row.cards} label={row.title} section={row.id} />
            ) : (
              <p className="muted">Nothing here yet. Please check back soon.</p>
            )}
          </Section>
        ))}
      </div>
    </>
  );
}

export { CategoryErrorBoundary as ErrorBoundary } from "~/components/browse";
