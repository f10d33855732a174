import { getEnv } from "~/utils/env.server";
import { getGiftSettings } from "~/models/gifts/gift-settings.server";
import { formatNaira } from "~/utils/money";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { CardCarousel, CardGrid, detailStyles, FavoriteButton, PinIcon, Price, Section, Stars, titleCase, LevelBadge } from "~/components/browse";
import { DayInput, ErrorPanel, GonePanel, formatDay, GeneralErrorBoundary, pageMeta, siteUrlOf, ShareOnWhatsApp, MemberPicker } from "~/components/common";
import catalogueStyles from "~/styles/catalogue.css";
import { serviceJsonLd } from "~/models/catalogue/structured-data.server";
import { Gallery } from "./gallery";
import { alsoViewedIds } from "~/models/catalogue/recently-viewed.server";
import {
  bookableSlots,
  firstBookableDay,
  getServiceDetail,
  relatedServices,
  reviewsShown,
  serviceMembers,
  serviceReviews,
} from "~/models/catalogue/service-page.server";
import { MEMBER_NOT_OFFERED, readMemberInput } from "~/models/team/member-input.server";
import { cardsByIds } from "~/models/catalogue/service-cards.server";
import { vendorServices } from "~/models/catalogue/vendor-pages.server";
import { policyLine } from "~/models/schedule/edit-schedule.server";
import { formatDate, lagosToday } from "~/utils/time";
import { getSessionUser } from "~/http/session.server";
import { heartsFor } from "~/models/catalogue/favorites.server";
import { readDay, readPage, readText } from "~/utils/query-params.server";
import { AREA_NAMES, travelReach } from "~/models/catalogue/places.server";
import { sharedForUrl } from "~/utils/shared-data.server";
import { goneService } from "~/models/catalogue/gone.server";
import { bookingRefusalNotice } from "~/models/client-rules/client-rules.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: detailStyles },
];

// The same for every visitor who is not signed in (cache.server.ts): views are recorded by an image.
export const handle = { cache: "public" };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Service not found | Glow" }];
  const s = data.service;
  const site = siteUrlOf(matches);
  const path = `/details/${s.id}`;
  return pageMeta(site, {
    title: `${s.title} by ${s.vendor.name} | Glow`,
    description: data.metaDescription,
    path,
    image: `/og/service/${s.id}`,
    imageAlt: s.title,
    type: "product",
    jsonLd: data.jsonLd,
  });
};

const notFound = () =>
  new Response("We couldn't find that service. It may have been removed or paused by the stylist.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

const MAX_REVIEW_PAGES = 100;

/** A retired service or one of a closed vendor is gone for good (410, with similar services); any other, not found. */
async function goneOrNotFound(id: number) {
  const gone = await goneService(id);
  return gone ? data(gone, { status: 410 }) : notFound();
}

/** The detail page of service `id` (also used by /details for the featured service). */
export async function detailResponse(request: Request, id: number | null) {
  // What everyone sees at this URL is read once and shared (shared-data.server.ts); only the hearts are the viewer's.
  const [page, user] = await Promise.all([sharedForUrl("service detail", request, () => detailForEveryone(request, id)), getSessionUser(request)]);
  const cards = [page.service, ...page.others, ...page.alsoViewed, ...page.related];
  const vendor = { id: page.service.vendor.id, businessName: page.service.vendor.name };
  const [heart, refusal] = await Promise.all([heartsFor(user?.id ?? null, cards), user ? bookingRefusalNotice(vendor, user.id) : null]);
  // A client the salon blocked is told so where the free times would be, and offered no Book Now (the booking refuses them too).
  const times = refusal ? { slots: [], noSlotsReason: refusal } : {};
  return data(
    {
      ...page,
      ...times,
      service: heart(page.service),
      others: page.others.map(heart),
      alsoViewed: page.alsoViewed.map(heart),
      related: page.related.map(heart),
    },
    { status: page.memberError ? 404 : page.dateError ? 400 : 200 },
  );
}

const RELATED_CARDS = 4;

async function detailForEveryone(request: Request, id: number | null) {
  if (id === null) throw notFound();
  // Read as nobody in particular: the viewer's hearts are added by detailResponse.
  const service = await getServiceDetail(id);
  if (!service) throw await goneOrNotFound(id);

  const url = new URL(request.url);
  const date = readDay(url.searchParams.get("date"));
  const reviewsPage = readPage(url.searchParams.get("reviews"));
  const reviewPages = Math.min(reviewsPage.page, MAX_REVIEW_PAGES);
  const today = lagosToday();
  const members = await serviceMembers(service.id);
  const wanted = readMemberInput(url.searchParams.get("member"));
  const memberId = typeof wanted === "number" && members.some((m) => m.id === wanted) ? wanted : null;
  // A member who is not one of this service's (another vendor's included) is answered beside the picker.
  const memberError = wanted === null || memberId !== null ? null : MEMBER_NOT_OFFERED;
  const chair = { id: service.id, vendorId: service.vendor.id, durationMin: service.durationMin };
  const schedule = date.day ? await bookableSlots(chair, memberId, date.day) : await firstBookableDay(chair, memberId, today);

  const [reviews, others, alsoIds, related, policy, gifts] = await Promise.all([
    serviceReviews(service.id, reviewPages),
    vendorServices({ vendorId: service.vendor.id, viewerId: null, excludeId: service.id, limit: 4 }),
    alsoViewedIds(service.id, 4),
    relatedServices(service, 8),
    policyLine(service.vendor.id),
    getGiftSettings(service.vendor.id),
  ]);
  // "Also viewed" comes from other people's histories; while there are few, the same category fills in.
  const alsoViewed = await cardsByIds(alsoIds, null);
  for (const card of related) {
    if (alsoViewed.length >= 4) break;
    if (!alsoViewed.some((c) => c.id === card.id)) alsoViewed.push(card);
  }

  // A home-service customer says where they are: outside the vendor's travel distance, they are told before choosing a time.
  const from = readText(url.searchParams.get("from"), 80);
  const reach = service.serviceType !== "salon" && service.vendor.travelKm > 0 && from ? travelReach(service.vendor, from) : null;

  // Built here, on the server, from what the page shows (docs/performance.md: the first views' budget).
  const site = getEnv().APP_URL;
  const path = `/details/${service.id}`;
  const s = service;
  const jsonLd = serviceJsonLd({
    name: s.title,
    url: `${site}${path}`,
    image: `${site}/og/service/${s.id}`,
    description: s.description,
    category: s.group,
    priceKobo: s.priceKobo,
    rating: s.rating,
    ratingCount: s.ratingCount,
    provider: {
      name: s.vendor.name,
      url: `${site}/profile/vendor/${s.vendor.id}`,
      groups: [s.group],
      address: s.vendor.address,
      area: s.vendor.area,
      city: s.vendor.city,
      state: s.vendor.state,
    },
  });

  return {
    service,
    jsonLd,
    today,
    from: reach ? reach.area : "",
    areas: service.serviceType !== "salon" && service.vendor.travelKm > 0 ? AREA_NAMES : [],
    travelNote:
      reach && !reach.within
        ? `${service.vendor.name} travels up to ${service.vendor.travelKm} km for home service, and ${reach.area} is about ${reach.km} km away. You can still book a visit at the salon.`
        : null,
    day: schedule.day,
    dateText: date.text,
    dateError: date.error ?? null,
    slots: schedule.slots,
    noSlotsReason: schedule.reason,
    members,
    memberId,
    memberError,
    policy,
    // "Give as a gift": a voucher for this service, or else a gift card of the salon (docs/domain.md, "Gifts and offers").
    // The description is written here, not in `meta`, so its wording stays out of the page's script.
    metaDescription: `${service.title} by ${service.vendor.name} in ${service.vendor.area}, ${service.vendor.city}: ${formatNaira(service.priceKobo)}, ${service.durationMin} min.${
      service.ratingCount > 0 ? ` Rated ${service.rating.toFixed(2)} from ${service.ratingCount} review${service.ratingCount === 1 ? "" : "s"}.` : ""
    } ${service.description}`,
    giftUrl: gifts.vouchersOn ? `/gift?vendor=${service.vendor.id}&service=${service.id}` : gifts.cardsOn ? `/gift?vendor=${service.vendor.id}` : null,
    shareUrl: `${getEnv().APP_URL}/details/${service.id}`,
    // Dates are formatted here, so the page needs no date library in the browser.
    reviews: {
      items: reviews.items.map((r) => ({ ...r, date: formatDate(r.createdAt) })),
      total: reviews.total,
      pages: reviewPages,
      hasMore: reviews.total > reviewsShown(reviewPages),
    },
    others,
    alsoViewed,
    // As Home's card carousels: one card more than the widest screen shows, so it still slides
    // (docs/decisions/029-signed-in-page-cost.md); the eight also fill "Also viewed" above.
    related: related.filter((c) => !alsoViewed.some((a) => a.id === c.id)).slice(0, RELATED_CARDS),
  };
}

export function loader({ request, params }: LoaderFunctionArgs) {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  return detailResponse(request, id);
}

export function ServiceDetailPage() {
  const d = useLoaderData<typeof loader>();
  const s = d.service;
  const hour = (h: number) => String(h).padStart(2, "0");
  return (
    <div className="container detail">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          <li>
            <Link to={`/search/${encodeURIComponent(s.group.toLowerCase())}`}>{s.group}</Link>
          </li>
          <li>
            <Link to={`/search/${encodeURIComponent(s.style.toLowerCase())}`} aria-current="page">
              {s.style}
            </Link>
          </li>
        </ol>
      </nav>

      {/* Recording the view is the job of this tiny image (details_.$id.viewed.ts), not of the page: the page stays
          the same for every visitor (cacheable), and the view is recorded with or without JavaScript. */}
      <img className="view-pixel" src={`/details/${s.id}/viewed`} alt="" width={1} height={1} />
      <div className="detail__layout">
        <header className="detail__head">
          <h1>{s.title}</h1>
          <div className="detail__heart">
            <FavoriteButton serviceId={s.id} favorite={s.favorite} title={s.title} />
          </div>
          <p className="detail__facts">
            <Price className="detail__price" priceKobo={s.priceKobo} listPriceKobo={s.listPriceKobo} />
            <span className="detail__duration">Duration {s.durationMin}min</span>
            <span className="detail__type">
              {s.serviceType === "home" ? "Home service" : s.serviceType === "both" ? "Salon or home service" : "At the salon"}
            </span>
          </p>
          <p>
            <Stars value={s.rating} count={s.ratingCount} countLabel="long" />
          </p>
        </header>

        <Gallery images={s.images} title={s.title} />

        <aside className="detail__side" id="book" aria-labelledby="book-title">
          <div className="card detail__card">
            <h2 id="book-title" className="visually-hidden">
              Book this service
            </h2>
            <div className="vendor-box">
              <img src={s.vendor.image} alt="" width={64} height={64} className="vendor-box__img" />
              <div>
                <Link to={`/profile/vendor/${s.vendor.id}`} className="vendor-box__name">
                  {s.vendor.name}
                </Link>
                <p className="vendor-box__address">
                  <PinIcon /> {s.vendor.address}
                </p>
                <p className="vendor-box__meta">
                  <LevelBadge level={s.vendor.level} />
                  <Stars value={s.vendor.rating} count={s.vendor.ratingCount} countLabel="long" />
                </p>
              </div>
            </div>

            {/* One form for the date, the time and Book Now: Book Now books the date as typed, even when "Show times"
                was not pressed (the times then shown belong to another day, and /booking says if one is not free). */}
            <Form method="get" action={`/details/${s.id}`} className="day-form" id="book-form" preventScrollReset>
              {d.reviews.pages > 1 ? <input type="hidden" name="reviews" value={d.reviews.pages} /> : null}
              <MemberPicker members={d.members} chosen={d.memberId} servicePriceKobo={s.priceKobo} error={d.memberError} />
              <label htmlFor="detail-date" className="field__label">
                Date
              </label>
              <div className="day-form__row">
                <DayInput
                  id="detail-date"
                  today={d.today}
                  defaultValue={d.dateError ? d.dateText : formatDay(d.day)}
                  required
                  aria-invalid={d.dateError ? true : undefined}
                  aria-describedby={d.dateError ? "detail-date-error" : "detail-date-hint"}
                />
                {/* Showing another day's times needs no time chosen: the browser's check of the time is Book Now's alone. */}
                <button type="submit" className="btn btn--outline" formNoValidate>
                  Show times
                </button>
              </div>
              {d.areas.length > 0 ? (
                <div className="field">
                  <label htmlFor="detail-from" className="field__label">
                    Where are you? (home service)
                  </label>
                  <select id="detail-from" name="from" className="input" defaultValue={d.from}>
                    <option value="">Not saying</option>
                    {d.areas.map((a) => (
                      <option key={a} value={a}>
                        {a}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              {d.dateError ? (
                <p id="detail-date-error" className="field__error" role="alert">
                  {d.dateError}
                </p>
              ) : (
                <p id="detail-date-hint" className="field__hint">
                  Today or later; typing “tomorrow” works too.
                </p>
              )}
            </Form>

            {d.travelNote ? (
              <p className="notice" role="note">
                {d.travelNote}
              </p>
            ) : null}
            <div className="time-form">
              <input type="hidden" name="service" value={s.id} form="book-form" />
              <fieldset className="slots">
                <legend className="field__label">Time on {formatDay(d.day)}</legend>
                {d.slots.length > 0 ? (
                  <div className="slots__grid">
                    {d.slots.map((slot) => (
                      <label key={slot.hour} className="slot">
                        {/* No time is chosen for the customer: Book Now asks for one (the browser's own check, and /booking's). */}
                        <input type="radio" name="time" value={hour(slot.hour)} required form="book-form" />
                        <span>{slot.label}</span>
                      </label>
                    ))}
                  </div>
                ) : (
                  <p className="muted" id="no-times">
                    {d.noSlotsReason ?? "No free times on this day. Please choose another day."}
                  </p>
                )}
              </fieldset>
              {/* A day with no free time (closed, full, a day off) offers no Book Now: another day is the way on. */}
              {d.slots.length > 0 ? (
                <button type="submit" form="book-form" formAction="/booking" className="btn btn--primary btn--block">
                  Book Now
                </button>
              ) : null}
            </div>

            <Form method="post" action="/messages" className="message-form">
              <input type="hidden" name="vendorId" value={s.vendor.id} />
              <button type="submit" className="btn btn--outline btn--block">
                Message Stylist
              </button>
            </Form>
            <p className="share-links share-links--card">
              {d.giftUrl ? (
                <a href={d.giftUrl} className="btn btn--outline btn--block">
                  Give as a gift
                </a>
              ) : null}
              <ShareOnWhatsApp
                label="Share"
                className="btn btn--outline btn--block"
                text={`${s.title} by ${s.vendor.name} on Glow, ${formatNaira(s.priceKobo)}: ${d.shareUrl}`}
              />
            </p>
            <p className="muted detail__policy">
              <strong>Cancellation policy:</strong> {d.policy}
            </p>
          </div>
        </aside>

        <section className="detail__about" aria-labelledby="about-title">
          <h2 id="about-title">About this service</h2>
          <p>{s.description}</p>
          <p>{s.about}</p>
          {s.tags.length > 0 ? (
            <ul className="chip-row" aria-label="Tags">
              {s.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`/search/${encodeURIComponent(tag)}`} className="chip">
                    {titleCase(tag)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className="reviews" id="reviews" aria-labelledby="reviews-title">
          <h2 id="reviews-title">Reviews</h2>
          <p className="reviews__summary">
            <span className="reviews__score">{s.rating.toFixed(2)}</span>
            <Stars value={s.rating} />
            <span className="reviews__count">({s.ratingCount.toLocaleString("en-NG")} ratings)</span>
          </p>
          {d.reviews.items.length > 0 ? (
            <ul className="reviews__list">
              {d.reviews.items.map((r) => (
                <li key={r.id} className="review">
                  <p className="review__head">
                    <span className="review__author">{r.author}</span>
                    <time dateTime={r.createdAt}>{r.date}</time>
                  </p>
                  <Stars value={r.rating} />
                  <p className="review__body">{r.body}</p>
                  {r.reply ? (
                    <p className="review__reply">
                      <strong>Reply from {s.vendor.name}:</strong> {r.reply}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No written reviews yet.</p>
          )}
          {d.reviews.hasMore ? (
            <Link to={`?${reviewsQuery(d, d.reviews.pages + 1)}#reviews`} className="reviews__more" preventScrollReset>
              + See more
            </Link>
          ) : null}
        </section>
      </div>

      {d.others.length > 0 ? (
        <Section id="others" title={`Other services by ${s.vendor.name}`} action={{ to: `/profile/vendor/${s.vendor.id}`, text: "View all" }}>
          <CardGrid cards={d.others} section="by-vendor" />
        </Section>
      ) : null}

      {d.alsoViewed.length > 0 ? (
        <Section id="also" title="People Who Viewed This Service Also Viewed">
          <CardGrid cards={d.alsoViewed} section="also" />
        </Section>
      ) : null}

      {d.related.length > 0 ? (
        <Section id="related" title="Related services">
          <CardCarousel cards={d.related} label="Related services" section="related" />
        </Section>
      ) : null}
    </div>
  );
}

/** The query string for another page of reviews, keeping the chosen date. */
function reviewsQuery(d: { dateText: string; dateError: string | null }, pages: number): string {
  const params = new URLSearchParams();
  if (d.dateText && !d.dateError) params.set("date", d.dateText);
  params.set("reviews", String(pages));
  return params.toString();
}

export default ServiceDetailPage;

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ error }) => (
          <ErrorPanel title="We couldn't find that service" text={typeof error.data === "string" ? error.data : "It may have been removed."} />
        ),
        410: ({ error }) => <GonePanel title="This service is gone" gone={error.data} />,
      }}
    />
  );
}
