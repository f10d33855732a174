import * as z from "~/utils/zod";
import { rowId } from "~/utils/row-id";

// Book Now (step 1 of 2). Only choices travel in the form: which service, when, which optional materials, where.
// Prices and totals are never read from it (unknown fields, such as a forged "total", are dropped by the schema).
export const BookingSchema = z.object({
  // Row ids within what an integer column holds: PostgreSQL refused a bigger one with an error (a 500).
  service: rowId("Please choose a service."),
  date: z.string({ error: "Please choose a date." }).max(40),
  time: z.number({ error: "Please pick a time." }).int().min(0, "Please pick a time from the list.").max(23, "Please pick a time from the list."),
  m: z.array(rowId()).max(30).default([]),
  location: z.enum(["salon", "home"]).optional(),
  address: z.string().trim().max(200, "Please keep the address under 200 characters.").optional(),
  // The customer's area, for a vendor who says how far they travel (checked by the booking rule, not here).
  area: z.string().trim().max(80, "Please choose your area from the list.").optional(),
  // Who does the service: "any" (or absent) is anyone available, else a member's id (read by readMemberInput).
  member: z.string().max(12).optional(),
  key: z.string().regex(/^[\w-]{16,64}$/, "Please reload the page and try again."),
});
