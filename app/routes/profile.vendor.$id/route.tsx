import { getEnv } from "~/utils/env.server";
import { getGiftSettings } from "~/models/gifts/gift-settings.server";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { formatNaira } from "~/utils/money";
import { CardGrid, Carousel, detailStyles, PinIcon, Section, Stars, VendorCard, LevelBadge } from "~/components/browse";
import { ErrorPanel, GonePanel, GeneralErrorBoundary, MemberAvatar, pageMeta, siteUrlOf, ChatOnWhatsApp, ShareOnWhatsApp } from "~/components/common";
import { getSessionUser } from "~/http/session.server";
import { getPublicVendorProfile, topVendors, VENDOR_PROFILE_SERVICES, vendorServiceChoices, vendorServices } from "~/models/catalogue/vendor-pages.server";
import { meetTheTeam, type TeamCard } from "~/models/team/meet-the-team.server";
import { sharedForAnonymous } from "~/utils/shared-data.server";
import { goneVendor } from "~/models/catalogue/gone.server";
import catalogueStyles from "~/styles/catalogue.css";
import { priceRange, vendorJsonLd } from "~/models/catalogue/structured-data";

// The same page for every visitor who is not signed in: shared caches may keep it (cache.server.ts).
export const handle = { cache: "public" };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: detailStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Stylist not found | Glow" }];
  const { vendor, choices } = data;
  const site = siteUrlOf(matches);
  const path = `/profile/vendor/${vendor.id}`;
  const prices = priceRange(
    choices.map((c) => c.priceKobo),
    formatNaira,
  );
  const rated = vendor.ratingCount > 0 ? ` Rated ${vendor.rating.toFixed(2)} from ${vendor.ratingCount} review${vendor.ratingCount === 1 ? "" : "s"}.` : "";
  const offers = vendor.groups.length > 0 ? ` ${vendor.groups.join(", ")}${prices ? `, ${prices}` : ""}.` : "";
  return pageMeta(site, {
    title: `${vendor.name}, ${vendor.area} | Glow`,
    description: `${vendor.name} in ${vendor.area}, ${vendor.city}.${offers}${rated} ${vendor.about}`,
    path,
    image: `/og/vendor/${vendor.id}`,
    imageAlt: vendor.name,
    type: "profile",
    jsonLd: vendorJsonLd({
      name: vendor.name,
      url: `${site}${path}`,
      image: `${site}/og/vendor/${vendor.id}`,
      description: vendor.about,
      groups: vendor.groups,
      address: vendor.address,
      area: vendor.area,
      city: vendor.city,
      state: vendor.state,
      geo: vendor.geo,
      week: vendor.week,
      rating: vendor.rating,
      ratingCount: vendor.ratingCount,
      offers: choices.map((c) => ({ name: c.title, url: `${site}/details/${c.id}`, priceKobo: c.priceKobo })),
      priceRange: prices,
    }),
  });
};

/** The public profile of a vendor (also /profile/vendor for the featured one). */
export async function vendorResponse(request: Request, where: { id: number } | { slug: string } | null) {
  const notFound = new Response("We couldn't find that stylist.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!where) throw notFound;
  const [user, vendor] = await Promise.all([getSessionUser(request), getPublicVendorProfile(where)]);
  if (!vendor) {
    // A vendor who closed their business is gone for good (410, with similar services); any other, not found.
    const gone = await goneVendor(where);
    throw gone ? data(gone, { status: 410 }) : notFound;
  }
  const viewerId = user?.id ?? null;
  const [services, nearby, choices, team, gifts] = await Promise.all([
    vendorServices({ vendorId: vendor.id, viewerId, limit: VENDOR_PROFILE_SERVICES }),
    topVendors({ groups: vendor.groups.slice(0, 2), excludeId: vendor.id, city: vendor.city, limit: 6 }),
    vendorServiceChoices(vendor.id),
    meetTheTeam(vendor.id),
    getGiftSettings(vendor.id),
  ]);
  // Few stylists of the same kind in this city: look further afield.
  const similar =
    nearby.length >= 3
      ? nearby
      : [
          ...nearby,
          ...(await topVendors({ groups: vendor.groups.slice(0, 2), excludeId: vendor.id, limit: 6 })).filter((v) => !nearby.some((n) => n.id === v.id)),
        ].slice(0, 6);
  // "Give as a gift": a gift card of the salon (vouchers are bought from a service's page).
  const giftUrl = gifts.cardsOn ? `/gift?vendor=${vendor.id}` : null;
  return data({ vendor, services, similar, choices, team, giftUrl, pageUrl: `${getEnv().APP_URL}/profile/vendor/${vendor.id}` });
}

// Anonymous visitors of one URL all see the same data: read it once for them (shared-data.server.ts).
export function loader(args: LoaderFunctionArgs) {
  return sharedForAnonymous("vendor profile", args.request, () => pageData(args));
}

async function pageData({ request, params }: LoaderFunctionArgs) {
  return vendorResponse(request, /^\d{1,9}$/.test(params.id ?? "") ? { id: Number(params.id) } : null);
}

export default function VendorProfilePage() {
  const { vendor, services, similar, choices, team, giftUrl, pageUrl } = useLoaderData<typeof loader>();
  return (
    <div className="profile">
      <div className="profile__banner">
        <img src={vendor.banner} alt="" width={960} height={320} fetchPriority="high" />
      </div>
      <div className="container">
        <header className="profile__head card">
          <img src={vendor.image} alt="" width={120} height={120} className="profile__avatar" />
          <div className="profile__intro">
            <h1>{vendor.name}</h1>
            <p className="muted">with {vendor.ownerName}</p>
            <p className="profile__meta">
              <LevelBadge level={vendor.level} />
              <Stars value={vendor.rating} count={vendor.ratingCount} countLabel="long" />
              <span className="profile__score">{vendor.rating.toFixed(2)}</span>
            </p>
            <p className="share-links">
              {vendor.whatsapp ? <ChatOnWhatsApp phone={vendor.whatsapp} text={`Hello ${vendor.name}, I found you on Glow: ${pageUrl}`} /> : null}
              <ShareOnWhatsApp label="Share" text={`${vendor.name} on Glow: ${pageUrl}`} />
              {giftUrl ? (
                <a href={giftUrl} className="btn btn--outline">
                  Give as a gift
                </a>
              ) : null}
            </p>
          </div>
          {choices.length > 0 ? (
            // The visitor chooses which service to book (a GET form: the same with JavaScript off).
            <Form method="get" action="/booking" className="profile__book-form">
              <label htmlFor="book-service" className="field__label">
                Choose a service
              </label>
              <select id="book-service" name="service" className="input" required defaultValue="">
                <option value="" disabled>
                  Which service?
                </option>
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title} · {formatNaira(c.priceKobo)}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn--primary profile__book">
                Book Now
              </button>
            </Form>
          ) : null}
        </header>

        <div className="profile__layout">
          <section className="card" aria-labelledby="about-title">
            <h2 id="about-title">About</h2>
            <p>{vendor.about}</p>
            {vendor.tags.length > 0 ? (
              <ul className="chip-row" aria-label="Tags">
                {vendor.tags.map((tag) => (
                  <li key={tag}>
                    <Link to={`/search/${encodeURIComponent(tag.toLowerCase())}`} className="chip">
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <section className="card" aria-labelledby="location-title">
            <h2 id="location-title">Location</h2>
            <p>
              <PinIcon /> {vendor.address}
            </p>
            {vendor.landmark ? <p className="muted">{vendor.landmark}</p> : null}
            <h3 className="opening__title">Opening hours</h3>
            <dl className="opening">
              {vendor.openingHours.map((line) => (
                <div key={line.days} className="opening__row">
                  <dt>{line.days}</dt>
                  <dd>
                    {line.hours.map((range) => (
                      <span key={range}>{range}</span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
            {vendor.homeService ? <p className="muted">Home service available{vendor.travelKm > 0 ? ` within ${vendor.travelKm} km` : ""}.</p> : null}
          </section>
        </div>

        {team.length > 0 ? (
          <Section id="team" title="Meet the team">
            <ul className="team-cards">
              {team.map((m) => (
                <TeamMember key={m.id} member={m} />
              ))}
            </ul>
          </Section>
        ) : null}

        <Section id="services" title="Services">
          {services.length > 0 ? <CardGrid cards={services} section="vendor-svc" /> : <p className="muted">No services to book right now.</p>}
        </Section>

        {similar.length > 0 ? (
          <Section id="similar" title="Similar stylists">
            <Carousel kind="salons" label="Similar stylists">
              {similar.map((v) => (
                <VendorCard key={v.id} vendor={v} />
              ))}
            </Carousel>
          </Section>
        ) : null}
      </div>
    </div>
  );
}

/** One member of "Meet the team": photo (or initials), name, title, and the rating of their reviewed visits. */
function TeamMember({ member: m }: { member: TeamCard }) {
  return (
    <li className="team-card card">
      <MemberAvatar name={m.name} photo={m.photo} large />
      <div className="team-card__text">
        <h3 className="team-card__name">{m.name}</h3>
        {m.title ? <p className="muted">{m.title}</p> : null}
        {m.rating === null ? (
          <p className="muted">No reviews yet</p>
        ) : (
          <p className="team-card__rating">
            <Stars value={m.rating} />
            <span>
              {m.rating.toFixed(1)} ({m.reviewCount} review{m.reviewCount === 1 ? "" : "s"})
            </span>
          </p>
        )}
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ error }) => (
          <ErrorPanel title="We couldn't find that stylist" text={typeof error.data === "string" ? error.data : "They may have left Glow."} />
        ),
        410: ({ error }) => <GonePanel title="This stylist has closed" gone={error.data} />,
      }}
    />
  );
}
