import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

// The forms of a client's record (docs/domain.md, "Clients"), one per `intent`.

export const NOTE_BODY_MAX = 500;
export const NOTE_PRODUCT_MAX = 80;

export const ClientRecordSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add_note"),
    kind: z.enum(["note", "allergy", "patch_test"], { error: "Choose what kind of note it is" }),
    body: z.string({ error: "Write the note" }).trim().min(1, "Write the note").max(NOTE_BODY_MAX, `Keep the note under ${NOTE_BODY_MAX} characters`),
    product: z.string().trim().max(NOTE_PRODUCT_MAX, `Keep the product under ${NOTE_PRODUCT_MAX} characters`).optional(),
    result: z.enum(["Pending", "Passed", "Failed"], { error: "Choose the patch test's result" }).optional(),
    noted_on: z.string({ error: "Choose a date" }).trim().min(1, "Choose a date").max(40, "Choose a date"),
  }),
  z.object({ intent: z.literal("remove_note"), id: rowId("Please use the page's buttons.") }),
  z.object({ intent: z.literal("block") }),
  z.object({ intent: z.literal("unblock") }),
]);
