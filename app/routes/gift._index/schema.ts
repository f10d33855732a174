import * as z from "~/utils/zod";
import { emailSchema, nameSchema, phoneSchema } from "~/utils/validation";

export const GIFT_MESSAGE_MAX = 300;

/** "Give as a gift": who it is for and from. The amount is read by the action against the vendor's offer. */
export const GiftSchema = z
  .object({
    amount: z.string().trim().max(20, "Choose an amount.").optional(),
    other_amount: z.string().trim().max(20, "Enter an amount in naira, e.g. 15000").optional(),
    recipient_name: nameSchema("Enter the recipient's name"),
    recipient_email: emailSchema.optional(),
    recipient_phone: phoneSchema.optional(),
    message: z.string().trim().max(GIFT_MESSAGE_MAX, `At most ${GIFT_MESSAGE_MAX} characters`).optional(),
    buyer_name: nameSchema("Enter your name"),
    buyer_email: emailSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.recipient_email && !value.recipient_phone)
      ctx.addIssue({ code: "custom", path: ["recipient_email"], message: "Give the recipient's e-mail or WhatsApp number." });
  });
