import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

// The forms of a member's own day, one per `intent`: acting on one of their appointments, blocking their own time.

const id = rowId("Please use the page's buttons.");
const hour = (message: string) => z.number({ error: message }).int(message).min(0, message).max(24, message);

export const OwnDaySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), id }),
  z.object({ intent: z.literal("complete"), id }),
  z.object({ intent: z.literal("no_show"), id }),
  z.object({
    intent: z.literal("block"),
    day: z.string({ error: "Choose a date" }).trim().min(1, "Choose a date").max(40, "Choose a date"),
    from_hour: hour("Choose a start hour"),
    to_hour: hour("Choose an end hour"),
    note: z.string().trim().max(60, "Keep the note under 60 characters").optional(),
  }),
  z.object({ intent: z.literal("unblock"), id }),
]);
