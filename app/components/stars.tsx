/**
 * Stars out of 5 with a partial fill (4.56 fills 91%), and the count beside them when given.
 * Read by screen readers as one phrase: "Rated 4.56 out of 5 (458 ratings)".
 */
export function Stars({ value, count, countLabel = "short" }: { value: number; count?: number; countLabel?: "short" | "long" }) {
  // Not rated yet: "New", not five empty stars and "(0)".
  if (count === 0) {
    return (
      <span className="rating rating--new">
        New<span className="visually-hidden">: no ratings yet</span>
      </span>
    );
  }
  const fill = `${Math.max(0, Math.min(100, (value / 5) * 100)).toFixed(1)}%`;
  const countText = count === undefined ? "" : countLabel === "long" ? `(${count.toLocaleString("en-NG")} ratings)` : `(${count.toLocaleString("en-NG")})`;
  return (
    <span
      className="rating"
      role="img"
      aria-label={`Rated ${value.toFixed(value % 1 ? 2 : 0)} out of 5${count === undefined ? "" : ` (${count.toLocaleString("en-NG")} ratings)`}`}
    >
      <span className="rating__stars" aria-hidden="true">
        <span className="rating__fill" style={{ width: fill }} />
      </span>
      {countText ? (
        <span className="rating__count" aria-hidden="true">
          {countText}
        </span>
      ) : null}
    </span>
  );
}
