import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageProblems, Pagination } from "~/components/pagination";
import { Stars } from "~/components/stars";
import type { ListedReview } from "~/models/reviews/reviews.server";
import { formatDate } from "~/utils/time";

// The dashboards' lists of reviews: the vendor's (/vendor/reviews) and the admin's (/admin/reviews). Only those two
// pages use this, so it is a module of its own rather than part of app/components/common.ts (which every page
// downloads): they share its small chunk.

/**
 * A page of a review list: what was wrong with its ?page=, the reviews (`children`, ReviewListItems) or 'No
 * reviews yet.', and the links to the other pages. A page past the end shows only what was wrong.
 */
export function ReviewList({
  page,
  problems,
  pageCount,
  count,
  children,
}: {
  page: number;
  problems: string[];
  pageCount: number;
  count: number;
  children: ReactNode;
}) {
  return (
    <>
      <PageProblems problems={problems} page={page} />
      {count === 0 && page > 1 ? null : count === 0 ? (
        <div className="card empty">
          <p>No reviews yet.</p>
        </div>
      ) : (
        <ul className="vreviews">{children}</ul>
      )}
      <Pagination page={page} pageCount={pageCount} label="Review pages" />
    </>
  );
}

/**
 * One review in the list: who wrote it about which service and when, its stars and its text. `children` is what the
 * page adds below: the reply, the hidden note, a ReviewTextForm.
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

/**
 * A button under a review that opens a form asking for one text about it: the vendor's reply, the admin's reason to
 * hide it. A <details> and a plain POST of `id` and the text, so it works without JavaScript.
 */
export function ReviewTextForm({
  reviewId,
  opener,
  name,
  label,
  minLength,
  maxLength,
  rows,
  submit,
  submitClassName,
}: {
  reviewId: number;
  opener: string;
  name: string;
  label: ReactNode;
  minLength?: number;
  maxLength: number;
  rows: number;
  submit: string;
  submitClassName: string;
}) {
  const id = `${name}-${reviewId}`;
  return (
    <details className="confirm">
      <summary className="btn btn--outline btn--small">{opener}</summary>
      <Form method="post" className="confirm__panel form">
        <input type="hidden" name="id" value={reviewId} />
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <textarea id={id} name={name} className="input" required minLength={minLength} maxLength={maxLength} rows={rows} />
        <button type="submit" className={submitClassName}>
          {submit}
        </button>
      </Form>
    </details>
  );
}
