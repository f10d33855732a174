import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

/** Resolving a reported problem: release the money to the vendor, refund whoever paid, or record the vendor's no-show. */
export const ResolveSchema = z.object({
  id: rowId("Choose a reported visit."),
  resolution: z.enum(["release", "refund", "vendor-no-show"], { error: "Choose release, refund or vendor no-show." }),
});
