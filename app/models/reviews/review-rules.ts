// Review rules the pages need too (form limits, how a reviewer is named); the rest is in models/reviews/reviews.server.ts.

export const REVIEW_EDIT_DAYS = 14;
export const REVIEW_MAX_LENGTH = 1000;
export const REPLY_MAX_LENGTH = 1000;
export const HIDE_REASON_MAX_LENGTH = 300;
/** The star widget's preselected value. */
export const DEFAULT_STARS = 4;

/** "Ada O.": a reviewer shows by first name and initial only, never the full surname. */
export function reviewerName(firstName: string | null, lastName: string | null, fallback: string | null): string {
  if (!firstName) return fallback ?? "A customer";
  const initial = (lastName ?? "").trim().slice(0, 1).toUpperCase();
  return initial ? `${firstName} ${initial}.` : firstName;
}

/** Which reviews the admin's list shows: every one, those shown on the site, or those hidden. */
export const MODERATION_FILTERS = ["all", "shown", "hidden"] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];
