import * as z from "~/utils/zod";
import { parseDayInput } from "./day-input.server";
import { DATE_INVALID_MESSAGE, isBeforeToday } from "./time";

// Reading the GET parameters of browsing pages (page numbers, dates). Bad values never fail a page: the caller
// gets a safe value and a problem to show, and answers with a 4xx status and a clear message.

const PageSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().min(1));

/** The last page a list of a person's own rows (appointments) goes to: deeper offsets only cost the database. */
export const LIST_PAGE_MAX = 500;

/**
 * `?page=`: absent means 1; "abc", "0" or "-2" is `invalid` (and page 1 is shown). A page past `max` is `max`
 * (not invalid: the list simply ends before it).
 */
export function readPage(value: string | null, max = Number.MAX_SAFE_INTEGER): { page: number; invalid: boolean } {
  if (value === null || value === "") return { page: 1, invalid: false };
  const parsed = PageSchema.safeParse(value);
  return parsed.success ? { page: Math.min(parsed.data, max), invalid: false } : { page: 1, invalid: true };
}

/** What a page says above the first page when `?page=` was not a page number (and answers 400). */
export const PAGE_INVALID_MESSAGE = "That page number isn't valid, so here is the first page.";

export interface ListPage {
  page: number;
  invalid: boolean;
}

/** A list's `?page=` (favourites, a person's appointments, reviews, finance, an admin's queues), at most `max`. */
export function readListPage(params: URLSearchParams, max = LIST_PAGE_MAX): ListPage {
  return readPage(params.get("page"), max);
}

/**
 * What a list page says, and answers, once its rows are read: a `?page=` that was not a page number (page 1 is
 * shown, 400), a page past the end of the list ("There is no page 7.", 404), or nothing (200).
 */
export function listPageOutcome({ page, invalid }: ListPage, rowsOnPage: number): { problems: string[]; status: 200 | 400 | 404 } {
  if (invalid) return { problems: [PAGE_INVALID_MESSAGE], status: 400 };
  if (page > 1 && rowsOnPage === 0) return { problems: [`There is no page ${page}.`], status: 404 };
  return { problems: [], status: 200 };
}

/**
 * A day typed or picked by a person ("tomorrow", "Nov 21, 2026", "2026-11-21"). Not a date, or a day before
 * today, gives 'Date input not valid.' (that wording exactly).
 */
export function readDay(value: string | null, now: Date = new Date()): { day: string | null; text: string; error?: string } {
  const text = (value ?? "").trim().slice(0, 40);
  if (!text) return { day: null, text };
  const day = parseDayInput(text, now);
  if (!day || isBeforeToday(day, now)) return { day: null, text, error: DATE_INVALID_MESSAGE };
  return { day, text };
}

/**
 * Text from a URL (a search term, a place, a slug): control characters removed (PostgreSQL refuses a NUL in
 * text), spaces collapsed, at most `max` characters.
 */
export function readText(value: string | null | undefined, max: number): string {
  return (
    (value ?? "")
      .slice(0, max * 4)
      // eslint-disable-next-line no-control-regex -- replacing the control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, max)
  );
}
