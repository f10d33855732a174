import * as z from "~/utils/zod";
import { REPLY_MAX_LENGTH } from "~/models/reviews/review-rules";
import { rowId } from "~/utils/row-id";

/** The vendor's one public reply to a review. */
export const ReplySchema = z.object({
  id: rowId("Choose a review to reply to."),
  reply: z
    .string({ error: "Please write your reply." })
    .trim()
    .min(1, "Please write your reply.")
    .max(REPLY_MAX_LENGTH, `Please keep your reply under ${REPLY_MAX_LENGTH} characters.`),
});
