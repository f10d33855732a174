import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

// Within what an integer column holds: PostgreSQL refused a bigger id with an error (a 500).
const id = rowId("Please use the page's buttons.");
const reason = z
  .string({ error: "Please give the customer a reason." })
  .trim()
  .min(3, "Please give the customer a reason.")
  .max(300, "Please keep the reason under 300 characters.");

/** Every action of the vendor's appointments page; the hidden `intent` says which. */
export const VendorAppointmentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), id }),
  z.object({ intent: z.literal("decline"), id, reason }),
  z.object({ intent: z.literal("complete"), id }),
  z.object({ intent: z.literal("no_show"), id }),
  z.object({ intent: z.literal("cancel"), id, reason }),
]);
