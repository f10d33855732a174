import * as z from "~/utils/zod";
import { HIDE_REASON_MAX_LENGTH } from "~/models/reviews/review-rules";
import { rowId } from "~/utils/row-id";

/** Hiding an abusive review, with the reason its vendor sees; or showing a hidden one again. */
export const ModerateSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unhide"), id: rowId("Choose a review.") }),
  z.object({
    intent: z.literal("hide"),
    id: rowId("Choose a review."),
    reason: z
      .string({ error: "Please give a reason." })
      .trim()
      .min(3, "Please give a reason.")
      .max(HIDE_REASON_MAX_LENGTH, `At most ${HIDE_REASON_MAX_LENGTH} characters`),
  }),
]);
