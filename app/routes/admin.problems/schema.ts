import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

/** Resolving a reported problem: release the money to the vendor, or refund whoever paid. */
export const ResolveSchema = z.object({
  id: rowId("Choose a reported visit."),
  resolution: z.enum(["release", "refund"], { error: "Choose release or refund." }),
});
