// When a vendor may mark a no-show (docs/domain.md, "No-shows"). Pure, so the vendor's form shows the same limits
// the rule applies.

/** A no-show may be marked this long after the start at the earliest, unless the vendor chose otherwise... */
export const NO_SHOW_GRACE_MINUTES = 15;
/** ...within these limits: late enough to be fair to a customer stuck in traffic, early enough to be useful. */
export const NO_SHOW_GRACE_MIN_MINUTES = 5;
export const NO_SHOW_GRACE_MAX_MINUTES = 60;
