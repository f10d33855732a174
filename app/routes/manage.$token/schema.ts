import * as z from "~/utils/zod";

/** The manage page's two forms: cancel the visit, or move it to one of the free times shown. */
export const ManageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), refundTo: z.enum(["original", "credit"]).optional() }),
  z.object({
    intent: z.literal("reschedule"),
    date: z.string({ error: "Please choose a date." }).max(40),
    time: z.number({ error: "Please pick a new time." }).int().min(0).max(23),
  }),
]);
