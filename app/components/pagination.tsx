import { Link, useLocation } from "@remix-run/react";
import { Problems } from "~/components/problems";

export const MAX_PAGE_LINKS = 10;

/** The page numbers to link: at most `max`, a window around the current page (10 page links). */
export function pageWindow(page: number, pageCount: number, max = MAX_PAGE_LINKS): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(max, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The previous and next icons (a chevron pointing back or on); the link around one carries its name. */
function Chevron({ to }: { to: "previous" | "next" }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d={to === "previous" ? "M15 18l-6-6 6-6" : "M9 18l6-6-6-6"} />
    </svg>
  );
}

/** The previous or next step: a link to `href`, or its icon greyed out where there is no such page. */
function Step({ to, href }: { to: "previous" | "next"; href: string | null }) {
  if (href === null) {
    return (
      <span aria-hidden="true" className="pagination__off">
        <Chevron to={to} />
      </span>
    );
  }
  return (
    <Link to={href} rel={to === "previous" ? "prev" : "next"} aria-label={to === "previous" ? "Previous page" : "Next page"}>
      <Chevron to={to} />
    </Link>
  );
}

/** The address of page `n` of the list on this page: every other query parameter kept, page 1 without `?page=`. */
function usePageHref(param: string, hash?: string): (n: number) => string {
  const location = useLocation();
  return (n) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete(param);
    else params.set(param, String(n));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`;
  };
}

/**
 * Previous and next for a list that knows only whether more follows (no total to number pages by): the person's
 * own appointments, the admin's queues. The current page's number between them; every other query parameter kept.
 */
export function PrevNext({ page, hasMore, label = "Pages" }: { page: number; hasMore: boolean; label?: string }) {
  const hrefFor = usePageHref("page");
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <Step to="previous" href={page > 1 ? hrefFor(page - 1) : null} />
      <span aria-current="page">{page}</span>
      <Step to="next" href={hasMore ? hrefFor(page + 1) : null} />
    </nav>
  );
}

/** Previous / numbered / next links that keep every other query parameter (filters, location, date, tab). */
export function Pagination({
  page,
  pageCount,
  param = "page",
  label = "Pages",
  hash,
}: {
  page: number;
  pageCount: number;
  param?: string;
  label?: string;
  hash?: string;
}) {
  const hrefFor = usePageHref(param, hash);
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(page, 1), pageCount);
  return (
    <nav className="pagination" aria-label={label}>
      <Step to="previous" href={current > 1 ? hrefFor(current - 1) : null} />
      {pageWindow(current, pageCount).map((n) =>
        n === page ? (
          <span key={n} aria-current="page">
            {n}
          </span>
        ) : (
          <Link key={n} to={hrefFor(n)} aria-label={`Page ${n}`}>
            {n}
          </Link>
        ),
      )}
      <Step to="next" href={current < pageCount ? hrefFor(current + 1) : null} />
    </nav>
  );
}

/**
 * What was wrong with a list's `?page=` (listPageOutcome): a value that was not a page number, or a page past the
 * end, which also gets a link back to the first page (the list itself shows nothing then, not "no entries yet").
 */
export function PageProblems({ problems, page }: { problems: string[]; page: number }) {
  const hrefFor = usePageHref("page");
  return <Problems problems={problems}>{page > 1 ? <Link to={hrefFor(1)}>Go to the first page</Link> : null}</Problems>;
}
