import * as z from "zod";

// Field rules shared by forms and their actions (spec §5). Every pattern here runs in linear time on any input:
// lengths are bounded before matching, and no pattern nests quantifiers (DESIGN §7).

export const EMAIL_MAX = 254;

/**
 * The spec's "basic address pattern": word characters with optional dots or hyphens, an @, a domain, and an
 * ending of 2-3 letters. The obvious form `^\w+([.-]?\w+)*@...` backtracks exponentially; here every repeated
 * group must start with a separator, so each character can be matched in only one way.
 */
export const EMAIL_PATTERN = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.[A-Za-z]{2,3}$/;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

export const emailSchema = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(EMAIL_MAX, "Invalid email address")
  .refine(isEmail, "Invalid email address")
  .transform((v) => v.toLowerCase());
