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

export const NAME_MAX = 50;

/**
 * First and last names (spec §5): letters, spaces, commas, periods, apostrophes and hyphens, any case. Letters
 * include those with accents (Ọlá, Adébáyọ̀). The two hints are the spec's.
 */
export const personNameSchema = z
  .string({ error: "Letters, hyphens, apostrophe allowed" })
  .trim()
  .min(1, "Letters, hyphens, apostrophe allowed")
  .max(NAME_MAX, `At most ${NAME_MAX} characters`)
  .superRefine((value, ctx) => {
    if (/\d/.test(value)) ctx.addIssue({ code: "custom", message: "Numbers not allowed" });
    else if (!/^[\p{L}\p{M} ,.'-]+$/u.test(value)) ctx.addIssue({ code: "custom", message: "Letters, hyphens, apostrophe allowed" });
  });

/** A Nigerian phone number, written as people write them (0803 123 4567, +234 803 123 4567); stored as 0803... */
export const nigerianPhoneSchema = z
  .string({ error: "Enter a Nigerian phone number, e.g. 0803 123 4567" })
  .trim()
  .max(20, "Enter a Nigerian phone number, e.g. 0803 123 4567")
  .transform((v) => v.replace(/[\s()-]/g, ""))
  .refine((v) => /^(?:\+?234|0)[789][01]\d{8}$/.test(v), "Enter a Nigerian phone number, e.g. 0803 123 4567")
  .transform((v) => `0${v.slice(-10)}`);
