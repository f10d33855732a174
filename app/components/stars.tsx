import type { CSSProperties } from "react";

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
  // The gold stars are drawn by app.css over the grey ones, as wide as `--fill`, and the count is the rating's own
  // text. An image's children are never read out (its label is the phrase), so they need no aria-hidden of their
  // own: these bytes are repeated on every card (docs/decisions/029-signed-in-page-cost.md).
  return (
    <span
      className="rating"
      role="img"
      aria-label={`Rated ${value.toFixed(value % 1 ? 2 : 0)} out of 5${count === undefined ? "" : ` (${count.toLocaleString("en-NG")} ratings)`}`}
    >
      <span className="rating__stars" style={{ "--fill": fill } as CSSProperties} />
      {countText}
    </span>
  );
}
