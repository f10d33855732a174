import * as z from "~/utils/zod";

// The salon's client rules (docs/domain.md, "Clients"): the no-show rule's N (0: off) and whether stylists read notes.

export const ClientRulesSchema = z.object({
  prepay_after: z
    .number({ error: "Choose a number of no-shows from the list" })
    .int("Choose a number of no-shows from the list")
    .min(0, "Choose a number of no-shows from the list")
    .max(10, "Choose a number of no-shows from the list"),
  notes_for_stylists: z.boolean().optional(),
});
