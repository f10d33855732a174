import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";
import { CANCELLATION_POLICIES } from "~/models/money/cancellation-policy";
import { LONGEST_DAYS_AHEAD, NOTICE_CHOICES } from "~/models/schedule/schedule-rules";
import { NO_SHOW_GRACE_MAX_MINUTES, NO_SHOW_GRACE_MIN_MINUTES } from "~/models/appointments/no-show";

// The forms of the vendor's hours page, one per `intent`. Hours are whole hours of the Lagos clock, as slots are.

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MAX_DEPOSIT_PERCENT = 100;
const GRACE_MESSAGE = `Enter a number of minutes from ${NO_SHOW_GRACE_MIN_MINUTES} to ${NO_SHOW_GRACE_MAX_MINUTES}`;

const hour = (message: string) => z.number({ error: message }).int(message).min(0, message).max(24, message);
const optionalHour = z.number({ error: "Choose an hour" }).int("Choose an hour").min(0, "Choose an hour").max(24, "Choose an hour").optional();

/** One weekday's fields: `open_1`, `opens_1`, `closes_1`, `break_starts_1`, `break_ends_1` ... for Monday = 1. */
const dayFields = Object.fromEntries(
  WEEKDAYS.flatMap((d) => [
    [`open_${d}`, z.boolean().optional()],
    [`opens_${d}`, hour("Choose an opening hour")],
    [`closes_${d}`, hour("Choose a closing hour")],
    [`break_starts_${d}`, optionalHour],
    [`break_ends_${d}`, optionalHour],
  ]),
) as Record<string, z.ZodType>;

export type WeekForm = Record<string, number | boolean | undefined>;

const weekSchema = z.object({ intent: z.literal("week"), ...dayFields }).superRefine((v: Record<string, unknown>, ctx) => {
  for (const d of WEEKDAYS) {
    if (!v[`open_${d}`]) continue;
    const opens = v[`opens_${d}`] as number;
    const closes = v[`closes_${d}`] as number;
    const bs = v[`break_starts_${d}`] as number | undefined;
    const be = v[`break_ends_${d}`] as number | undefined;
    if (opens >= closes) ctx.addIssue({ code: "custom", path: [`closes_${d}`], message: "Closing comes after opening" });
    if ((bs === undefined) !== (be === undefined))
      ctx.addIssue({ code: "custom", path: [`break_ends_${d}`], message: "Give both ends of the break, or neither" });
    else if (bs !== undefined && be !== undefined && !(opens < bs && bs < be && be < closes)) {
      ctx.addIssue({ code: "custom", path: [`break_ends_${d}`], message: "The break lies inside the opening hours" });
    }
  }
});

const day = z.string({ error: "Choose a date" }).trim().max(40, "Choose a date");

const timeOffSchema = z.object({
  intent: z.literal("time_off"),
  starts_on: day,
  ends_on: day.optional(),
  note: z.string().trim().max(60, "Keep the note under 60 characters").optional(),
});

const removeSchema = z.object({ intent: z.literal("remove_time_off"), id: rowId("Please use the page's buttons.") });

const rulesSchema = z.object({
  intent: z.literal("rules"),
  min_notice_minutes: z
    .number({ error: "Choose a notice" })
    .int()
    .refine((n) => (NOTICE_CHOICES as readonly number[]).includes(n), "Choose a notice from the list"),
  max_days_ahead: z
    .number({ error: `Enter a number of days from 1 to ${LONGEST_DAYS_AHEAD}` })
    .int(`Enter a number of days from 1 to ${LONGEST_DAYS_AHEAD}`)
    .min(1, `Enter a number of days from 1 to ${LONGEST_DAYS_AHEAD}`)
    .max(LONGEST_DAYS_AHEAD, `Enter a number of days from 1 to ${LONGEST_DAYS_AHEAD}`),
  auto_accept: z.boolean().optional(),
  cancellation_policy: z.enum(CANCELLATION_POLICIES, { error: "Choose a cancellation policy" }),
  deposit_percent: z
    .number({ error: "Enter a percentage from 0 to 100" })
    .int("Enter a whole percentage")
    .min(0, "Enter a percentage from 0 to 100")
    .max(MAX_DEPOSIT_PERCENT, "Enter a percentage from 0 to 100")
    .optional(),
  no_show_grace_minutes: z
    .number({ error: GRACE_MESSAGE })
    .int(GRACE_MESSAGE)
    .min(NO_SHOW_GRACE_MIN_MINUTES, GRACE_MESSAGE)
    .max(NO_SHOW_GRACE_MAX_MINUTES, GRACE_MESSAGE)
    .optional(),
});

export const VendorHoursSchema = z.discriminatedUnion("intent", [weekSchema, timeOffSchema, removeSchema, rulesSchema]);
