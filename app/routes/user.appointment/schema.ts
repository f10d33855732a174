import * as z from "~/utils/zod";
import { BOOKING_REF } from "~/models/booking/quote";
import { PROBLEM_REASON_MAX_LENGTH, PROBLEM_REASON_MIN_LENGTH } from "~/models/appointments/problem-rules";
import { REVIEW_MAX_LENGTH } from "~/models/reviews/review-rules";

const ref = z.string().regex(BOOKING_REF, "That booking reference isn't valid.");

/** The forms of an appointment's detail: cancel it, move it to another free time, review a completed visit, or
 * report a problem with an ended one. */
export const AppointmentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), ref, refundTo: z.enum(["original", "credit"]).optional() }),
  z.object({
    intent: z.literal("reschedule"),
    ref,
    date: z.string({ error: "Please choose a date." }).max(40),
    time: z.number({ error: "Please pick a new time." }).int().min(0).max(23),
    // Another team member, when the customer picks one (read by readMemberInput); absent: the same member.
    member: z.string().max(12).optional(),
  }),
  z.object({
    intent: z.literal("review"),
    ref,
    rating: z
      .number({ error: "Please choose 1 to 5 stars." })
      .int("Please choose 1 to 5 stars.")
      .min(1, "Please choose 1 to 5 stars.")
      .max(5, "Please choose 1 to 5 stars."),
    body: z
      .string({ error: "Please tell others about your visit." })
      .trim()
      .min(1, "Please tell others about your visit.")
      .max(REVIEW_MAX_LENGTH, `Please keep your review under ${REVIEW_MAX_LENGTH} characters.`),
  }),
  z.object({
    intent: z.literal("report"),
    ref,
    reason: z
      .string({ error: "Please tell us what went wrong." })
      .trim()
      .min(PROBLEM_REASON_MIN_LENGTH, "Please tell us what went wrong.")
      .max(PROBLEM_REASON_MAX_LENGTH, `Please keep it under ${PROBLEM_REASON_MAX_LENGTH} characters.`),
  }),
]);
