import * as z from "~/utils/zod";
import { emailChangeFields, emailSchema, phoneSchema, personNameSchema } from "~/utils/validation";
import { NIGERIAN_STATES } from "./states";

/** The customer profile: names as at sign-up, a Nigerian phone number, a unique e-mail (changed through a link). */
export const ProfileSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  address: z.string().trim().max(200, "Please keep the address under 200 characters.").optional(),
  city: z.string().trim().max(60, "Please keep the city under 60 characters.").optional(),
  state: z.enum(NIGERIAN_STATES, { error: "Please choose a state from the list." }).optional(),
  ...emailChangeFields,
});
