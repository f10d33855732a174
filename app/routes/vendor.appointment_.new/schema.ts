import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";
import { emailSchema, nameSchema, phoneSchema } from "~/utils/validation";

// The salon's own booking form (docs/domain.md, "Clients"): who does it, what, when, for whom, and how it is paid.

export const NOTE_MAX = 200;

const client = z.discriminatedUnion("client_mode", [
  z.object({ client_mode: z.literal("existing"), client: rowId("Choose a client from the search, or add a new client") }),
  z.object({
    client_mode: z.literal("new"),
    first_name: nameSchema("Enter the client's first name"),
    last_name: nameSchema("Enter the client's last name"),
    phone: phoneSchema,
    email: emailSchema.optional(),
  }),
]);

export const SalonBookingSchema = z
  .object({
    member: rowId("Choose who does it"),
    service: rowId("Choose a service"),
    date: z.string({ error: "Choose a date" }).trim().min(1, "Choose a date").max(40, "Choose a date"),
    time: z
      .string({ error: "Choose a time" })
      .trim()
      .regex(/^(now|\d{1,2}(:00)?)$/, "Choose one of the free times"),
    payment: z.enum(["visit", "link"], { error: "Choose how the client pays" }),
    note: z.string().trim().max(NOTE_MAX, `Keep the note under ${NOTE_MAX} characters`).optional(),
    key: z
      .string({ error: "Please reload the page and try again." })
      .min(16, "Please reload the page and try again.")
      .max(64, "Please reload the page and try again."),
    client_mode: z.enum(["existing", "new"], { error: "Choose an existing client or add a new one" }),
  })
  .and(client);
