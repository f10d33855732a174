import * as z from "~/utils/zod";
import { MAX_ROW_ID, rowId } from "~/utils/row-id";
import { emailSchema, personNameSchema } from "~/utils/validation";
import { INVITABLE_ROLES } from "~/models/team/roles";

// The owner's invitation form, and withdrawing an invitation. `member` is "new" (the name and title follow) or the
// id of a member with no account yet.

export const TITLE_MAX = 40;

export const InviteSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("invite"),
      email: emailSchema,
      role: z.enum(INVITABLE_ROLES, { error: "Choose Manager or Stylist" }),
      member: z
        .string({ error: "Choose a member from the list" })
        .trim()
        .refine((v) => v === "new" || (/^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= MAX_ROW_ID), "Choose a member from the list"),
      name: personNameSchema.optional(),
      title: z.string().trim().max(TITLE_MAX, `Keep the title under ${TITLE_MAX} characters`).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.member === "new" && !v.name) ctx.addIssue({ code: "custom", path: ["name"], message: "Enter the new member's name" });
    }),
  z.object({ intent: z.literal("withdraw"), id: rowId("Please use the page's buttons.") }),
]);
