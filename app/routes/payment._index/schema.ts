import * as z from "~/utils/zod";
import { BOOKING_REF } from "~/models/booking";

export const PaymentSchema = z.object({
  order: z.string().regex(BOOKING_REF, "That order reference isn't valid."),
  method: z.enum(["online", "vendor", "credit"], { error: "Please choose how you want to pay." }),
  comment: z.string().trim().max(500, "Please keep your comment under 500 characters.").optional(),
});
