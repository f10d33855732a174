import * as z from "~/utils/zod";
import { BOOKING_REF } from "~/models/booking";

const ref = z.string().regex(BOOKING_REF, "That booking reference isn't valid.");

/** The two forms of an appointment's detail: cancel it, or move it to another free time. */
export const AppointmentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), ref, refundTo: z.enum(["original", "credit"]).optional() }),
  z.object({
    intent: z.literal("reschedule"),
    ref,
    date: z.string({ error: "Please choose a date." }).max(40),
    time: z.number({ error: "Please pick a new time." }).int().min(0).max(23),
  }),
]);
