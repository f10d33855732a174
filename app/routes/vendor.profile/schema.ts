import * as z from "~/utils/zod";
import { lagosToday } from "~/utils/time";
import { emailChangeFields, emailSchema, nameSchema, phoneSchema } from "~/utils/validation";

// The vendor profile form, shared by the page and its action. Every pattern is
// anchored, bounded in length first, and free of nested quantifiers.

export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
export const MIN_AGE = 16;
export const OLDEST_YEAR = 1920;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export function profileSchema(options: { isEmailTaken?: (email: string) => Promise<boolean>; hasNin?: boolean } = {}) {
  return z
    .object({
      first_name: nameSchema("Enter your first name"),
      last_name: nameSchema("Enter your last name"),
      phone: phoneSchema,
      whatsapp_phone: phoneSchema.optional(),
      // The browser cannot know who else uses an address: that check exists only on the server.
      email: options.isEmailTaken
        ? emailSchema.superRefine(async (email, ctx) => {
            if (await options.isEmailTaken!(email)) ctx.addIssue({ code: "custom", message: "The email has already been taken." });
          })
        : emailSchema,
      service: z
        .string({ error: "Say which service you offer, e.g. Braids" })
        .trim()
        .min(2, "Say which service you offer, e.g. Braids")
        .max(60, "At most 60 characters"),
      dob_day: z.number({ error: "Choose a day" }).int().min(1, "Choose a day").max(31, "Choose a day").optional(),
      dob_month: z.number({ error: "Choose a month" }).int().min(1, "Choose a month").max(12, "Choose a month").optional(),
      dob_year: z.number({ error: "Choose a year" }).int().min(OLDEST_YEAR, "Choose a year").max(9999, "Choose a year").optional(),
      gender: z.enum(["female", "male"], { error: "Choose Female or Male" }).optional(),
      address: z.string({ error: "Enter your address" }).trim().min(5, "Enter your address").max(200, "At most 200 characters"),
      business_address: optionalText(200, "At most 200 characters"),
      home_service: z.boolean().optional(),
      nin: z
        .string()
        .trim()
        .max(11, "Your NIN has 11 digits")
        .regex(/^\d{11}$/, "Your NIN has 11 digits")
        .optional(),
      social_google: z.boolean().optional(),
      social_facebook: z.boolean().optional(),
      social_instagram: z.boolean().optional(),
      sms_notifications: z.boolean().optional(),
      whatsapp_notifications: z.boolean().optional(),
      ...emailChangeFields,
    })
    .superRefine((v, ctx) => {
      if (v.whatsapp_notifications && !v.whatsapp_phone)
        ctx.addIssue({ code: "custom", path: ["whatsapp_notifications"], message: "Add your WhatsApp number to get notifications by WhatsApp" });
      const given = [v.dob_day, v.dob_month, v.dob_year].filter((x) => x !== undefined).length;
      if (given > 0 && given < 3) {
        ctx.addIssue({ code: "custom", path: ["dob_day"], message: "Choose the day, month and year, or none of them" });
      } else if (given === 3) {
        const day = dateOfBirth(v.dob_year!, v.dob_month!, v.dob_day!);
        if (!day) ctx.addIssue({ code: "custom", path: ["dob_day"], message: "That date does not exist" });
        else if (day > `${Number(lagosToday().slice(0, 4)) - MIN_AGE}${lagosToday().slice(4)}`) {
          ctx.addIssue({ code: "custom", path: ["dob_year"], message: `You must be at least ${MIN_AGE} years old` });
        }
      }
      // A NIN already saved is never sent back to the page: an empty field keeps it.
      if (v.home_service && !v.nin && !options.hasNin) {
        ctx.addIssue({ code: "custom", path: ["nin"], message: "Home service needs your NIN (11 digits)" });
      }
    });
}

/** yyyy-MM-dd for a real calendar day, else null (e.g. 31 April). */
export function dateOfBirth(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export type ProfileForm = z.infer<ReturnType<typeof profileSchema>>;
