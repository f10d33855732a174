// The rules of a suspension that need no database (docs/decisions/037-vendor-suspension.md), read by the admin's
// form in the browser and by the domain alike.

/** The admin's reason, which the vendor reads: this many characters at least and at most. */
export const SUSPENSION_REASON_MIN = 10;
export const SUSPENSION_REASON_MAX = 500;
/** The longest search the admin's list of vendors reads. */
export const VENDOR_SEARCH_MAX = 100;

/** The refusal of a reason, or null. */
export function suspensionReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text.length < SUSPENSION_REASON_MIN) return `Give the reason the vendor will read, at least ${SUSPENSION_REASON_MIN} characters.`;
  if (text.length > SUSPENSION_REASON_MAX) return `Keep the reason under ${SUSPENSION_REASON_MAX} characters.`;
  return null;
}
