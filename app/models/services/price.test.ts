import { describe, expect, it } from "vitest";
import { servicePrice } from "./price";

describe("servicePrice", () => {
  it("a promo below the list price is what the customer pays, the list price struck through", () => {
    expect(servicePrice(1_500_000, 1_200_000)).toEqual({ priceKobo: 1_200_000, listPriceKobo: 1_500_000 });
  });
  it("no promo: the list price, nothing struck through", () => {
    expect(servicePrice(1_500_000, null)).toEqual({ priceKobo: 1_500_000, listPriceKobo: null });
  });
  it("a promo equal to the list price is no promo", () => {
    expect(servicePrice(1_500_000, 1_500_000)).toEqual({ priceKobo: 1_500_000, listPriceKobo: null });
  });
  it("a promo above the list price (the editor refuses it; old rows could hold one) never raises the price", () => {
    expect(servicePrice(1_500_000, 2_000_000)).toEqual({ priceKobo: 1_500_000, listPriceKobo: null });
  });
  it("a free promo (0 kobo) is a promo", () => {
    expect(servicePrice(500_000, 0)).toEqual({ priceKobo: 0, listPriceKobo: 500_000 });
  });
});
