import { formatNaira } from "~/utils/money";

/** A dashboard row's price: what the customer pays, in bold, and the list price struck through beside a promo. */
export function PriceLine({ priceKobo, listPriceKobo }: { priceKobo: number; listPriceKobo: number | null }) {
  return (
    <>
      <strong>{formatNaira(priceKobo)}</strong>
      {listPriceKobo !== null ? (
        <>
          {" "}
          <s>{formatNaira(listPriceKobo)}</s>
        </>
      ) : null}
    </>
  );
}
