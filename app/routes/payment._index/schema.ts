import * as z from "~/utils/zod";
import { BOOKING_REF } from "~/models/booking/quote";

export const PaymentSchema = z.object({
  order: z.string().regex(BOOKING_REF, "That order reference isn't valid."),
  method: z.enum(["online", "vendor", "credit"], { error: "Please choose how you want to pay." }),
  /** With "Pay to vendor" from a vendor who asks for a deposit: how the deposit is paid now. */
  deposit_with: z.enum(["online", "credit"], { error: "Please choose how to pay the deposit." }).optional(),
  comment: z.string().trim().max(500, "Please keep your comment under 500 characters.").optional(),
});
