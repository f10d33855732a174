import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Stars } from "~/components/stars";
import type { ListedReview } from "~/models/reviews/reviews.server";
import { formatDate } from "~/utils/time";

// Only the vendor's and the admin's review pages use this, so it is a module of its own rather than part of
// app/components/common.ts (which every page downloads): those two pages share its small chunk.

/**
 * One review in a dashboard's list of reviews (the vendor's and the admin's): who wrote it about which service and
 * when, its stars and its text. `children` is what the page adds below: the reply, the hidden note, its form.
 */
export function ReviewListItem({
  review: r,
  children,
}: {
  review: Pick<ListedReview, "id" | "author" | "serviceId" | "serviceTitle" | "createdAt" | "rating" | "body">;
  children: ReactNode;
}) {
  return (
    // The id is where a reply's redirect lands (#review-12).
    <li id={`review-${r.id}`} className="card vreview" aria-labelledby={`review-title-${r.id}`}>
      <p className="vreview__head">
        <strong id={`review-title-${r.id}`}>{r.author}</strong> on <Link to={`/details/${r.serviceId}`}>{r.serviceTitle}</Link> ·{" "}
        <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
      </p>
      <Stars value={r.rating} />
      <p className="vreview__body">{r.body}</p>
      {children}
    </li>
  );
}
