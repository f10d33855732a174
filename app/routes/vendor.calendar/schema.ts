import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

// The calendar's forms, one per `intent`: blocking hours for a member, removing a block, moving a booking.

const id = rowId("Please use the page's buttons.");
const hour = (message: string) => z.number({ error: message }).int(message).min(0, message).max(24, message);
const day = z.string({ error: "Choose a date" }).trim().min(1, "Choose a date").max(40, "Choose a date");

export const CalendarSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("block"),
    member: rowId("Choose a team member"),
    day,
    from_hour: hour("Choose a start hour"),
    to_hour: hour("Choose an end hour"),
    note: z.string().trim().max(60, "Keep the note under 60 characters").optional(),
  }),
  z.object({ intent: z.literal("unblock"), id }),
  z.object({
    intent: z.literal("move"),
    id,
    member: rowId("Choose a team member"),
    day,
    time: hour("Choose a time").max(23, "Choose a time"),
  }),
]);
