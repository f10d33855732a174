import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Carousel } from "~/components/carousel";
import { FavoriteButton } from "~/components/favorite-button";
import { Stars } from "~/components/stars";
import type { ServiceCard as Card } from "~/models/catalogue/service-cards.server";
import { formatNaira } from "~/utils/money";
import { VendorPicture } from "~/components/vendor-picture";
import { SharedMarkup } from "~/components/common";
import { keyJson } from "~/components/kept-markup.server";
import type { MarkupKey } from "~/components/shared-markup";

export type { Card };

/**
 * A service card (image, title, location, price) with the vendor, stars and the favourite heart.
 * `section` makes the card's id unique on pages that show one service in several lists, so the heart's
 * form can bring a no-JavaScript visitor back to the very card they pressed.
 */
/** How wide a card's picture is shown: in a carousel (the default) or in a grid (a small square beside the text on a phone). */
export const CARD_SIZES = {
  carousel: "(max-width: 639px) 85vw, (max-width: 999px) 46vw, 380px",
  grid: "(max-width: 559px) 116px, (max-width: 859px) 46vw, (max-width: 1099px) 31vw, 280px",
};

export function ServiceCard({
  card,
  section,
  eager = false,
  day = null,
  sizes = CARD_SIZES.carousel,
}: {
  card: Card;
  section: string;
  eager?: boolean;
  day?: string | null;
  sizes?: string;
}) {
  const anchor = `${section}-${card.id}`;
  // What the card reads besides its props: the page the heart's form brings a visitor back to. (Where uploads are
  // served is the same for the whole process, as is everything kept.)
  const key: MarkupKey = (at) => `${at.pathname}${at.search} ${section} ${eager} ${day} ${sizes} ${keyJson(card)}`;
  return (
    <SharedMarkup as="article" className="svc-card" id={anchor} markupKey={key}>
      {() => {
        // A card found for a chosen day ("open on Nov 25") opens the service on that day's times; one found near a
        // chosen area opens it with that area as where the customer is (its travel note, then Book Now's area).
        const query = new URLSearchParams({ ...(day ? { date: day } : {}), ...(card.fromArea ? { from: card.fromArea } : {}) }).toString();
        // An array, not a fragment: the service page's first view has no bytes to spare (scripts/check-bundle.mjs).
        return [
          <Link key="link" to={query ? `/details/${card.id}?${query}` : `/details/${card.id}`} className="svc-card__link">
            <VendorPicture className="svc-card__img" src={card.image} sizes={sizes} width={400} height={300} eager={eager} />
            <span className="svc-card__body">
              <span className="svc-card__title">{card.title}</span>
              <span className="svc-card__vendor">{card.vendorName}</span>
              <Stars value={card.rating} count={card.ratingCount} />
              {/* The pin is the place's ::before (catalogue.css). One text beside it, so the distance follows the place
              instead of becoming a column of its own. */}
              <span className="svc-card__place">
                <span>
                  {`${card.area}, ${card.city}`}
                  {card.distanceKm !== undefined ? <span className="svc-card__distance"> · {card.distanceKm.toLocaleString("en-NG")} km</span> : null}
                </span>
              </span>
              <Price className="svc-card__price" priceKobo={card.priceKobo} listPriceKobo={card.listPriceKobo} from={card.priceFrom} />
            </span>
          </Link>,
          <FavoriteButton key="heart" serviceId={card.id} favorite={card.favorite} title={card.title} anchor={anchor} />,
        ];
      }}
    </SharedMarkup>
  );
}

/** Cards in a grid: 1 to 4 columns by width. The first row loads at once; the rest lazily. */
export function CardGrid({
  cards,
  section,
  eagerCount = 0,
  day = null,
  children,
}: {
  cards: Card[];
  section: string;
  eagerCount?: number;
  /** "yyyy-MM-dd" the cards were found for: their links open that day. */
  day?: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="card-grid">
      {cards.map((card, i) => (
        <ServiceCard key={card.id} card={card} section={section} eager={i < eagerCount} day={day} sizes={CARD_SIZES.grid} />
      ))}
      {children}
    </div>
  );
}

/** A price, with the price before a promo struck through. */
export function Price({ priceKobo, listPriceKobo, className, from }: { priceKobo: number; listPriceKobo: number | null; className: string; from?: boolean }) {
  return (
    <span className={className}>
      {from ? "from " : ""}
      {formatNaira(priceKobo)}
      {listPriceKobo !== null ? (
        <s className="svc-card__was">
          <span className="visually-hidden">was </span>
          {formatNaira(listPriceKobo)}
        </s>
      ) : null}
    </span>
  );
}

/** Cards in a carousel (1, 2 from 640px, 3 from 1000px). */
export function CardCarousel({ cards, label, section }: { cards: Card[]; label: string; section: string }) {
  return (
    <Carousel kind="cards" label={label}>
      {cards.map((card) => (
        <ServiceCard key={card.id} card={card} section={section} />
      ))}
    </Carousel>
  );
}

/** A location pin, drawn by catalogue.css (an empty box: nothing for a screen reader to read). */
export function PinIcon() {
  return <span className="icon-pin" />;
}
