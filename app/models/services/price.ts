// What a customer pays for a service, in one place: the cards, the service page, the vendor's Book Now choice,
// the booking page and the price a booking charges all read it from here, so what is shown is what is charged.
// A promo price counts only below the list price. The editor refuses one above it
// (app/routes/vendor.services.create/schema.ts), and one equal to it is no promo: nothing to strike through.

export interface ServicePrice {
  /** What the customer pays for the service itself. */
  priceKobo: number;
  /** The list price, shown struck through beside a promo price; null without a promo. */
  listPriceKobo: number | null;
}

export function servicePrice(listKobo: number, promoKobo: number | null): ServicePrice {
  const promo = promoKobo !== null && promoKobo < listKobo;
  return { priceKobo: promo ? promoKobo : listKobo, listPriceKobo: promo ? listKobo : null };
}
