import * as z from "~/utils/zod";
import { normalisePhone, PHONE_MAX, PHONE_MESSAGE } from "~/utils/phone";

// Field rules shared by forms and their actions. Every pattern here runs in linear time on any input:
// lengths are bounded before matching, and no pattern nests quantifiers.

export const EMAIL_MAX = 254;

/**
 * The e-mail rule the product asks for, a basic address pattern: word characters with optional dots or hyphens,
 * an @, a domain, and an ending of 2-3 letters. The obvious form `^\w+([.-]?\w+)*@...` backtracks exponentially;
 * here every repeated group must start with a separator, so each character can be matched in only one way.
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

// Letters of any alphabet (Yoruba and Igbo names carry tone marks: Ọlá, Adébáyọ̀), spaces, commas, periods,
// apostrophes (a phone keyboard types ’ as often as ') and hyphens. One character class, so matching is linear.
const NAME_PATTERN = /^[\p{L}\p{M} ,.'’-]+$/u;

/** What is wrong with a name, in the forms' exact words; null when it is fine (emptiness is the schema's concern). */
export function nameProblem(value: string): string | null {
  if (value === "") return null;
  if (value.length > NAME_MAX) return `At most ${NAME_MAX} characters`;
  if (/\d/.test(value)) return "Numbers not allowed";
  if (!NAME_PATTERN.test(value)) return "Letters, hyphens, apostrophe allowed";
  return null;
}

/** A first or last name (the sign-up rules); `missing` is what an empty field is told. */
export const nameSchema = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .superRefine((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** Names where the form gives no "Enter your ..." text of its own (profiles, payers). */
export const personNameSchema = nameSchema("Letters, hyphens, apostrophe allowed");

/**
 * A phone number as people write it (0803 123 4567, +234 803 123 4567, 234803...): a Nigerian mobile number or an
 * international one, stored in E.164 (app/utils/phone.ts).
 */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(PHONE_MAX, PHONE_MESSAGE)
  .transform((v, ctx) => {
    const e164 = normalisePhone(v);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

/**
 * What a profile form asks besides its details, used only when its e-mail field holds a new address
 * (docs/decisions/012-email-change.md): the current password (never sent back to the page) and the choice to sign
 * out other devices. The customer's and the vendor's profile schemas both take these fields, under these names.
 */
export const emailChangeFields = {
  current_password: z.string().max(200, "That is not your current password.").optional(),
  sign_out_others: z.boolean().optional(),
};
export type EmailChangeValues = { current_password?: string; sign_out_others?: boolean };
