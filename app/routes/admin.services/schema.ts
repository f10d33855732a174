import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

// The moderation forms: approve a pending service, or return it to its vendor with a reason.
export const ModerationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: rowId() }),
  z.object({
    intent: z.literal("return"),
    id: rowId(),
    reason: z.string({ error: "Tell the vendor what to change" }).trim().min(5, "Tell the vendor what to change").max(300, "At most 300 characters"),
  }),
]);
