import * as z from "zod";

/** The favourite heart's form (app/components/favorite-button.tsx). */
export const FavoriteSchema = z.object({
  serviceId: z.number({ error: "Choose a service." }).int().positive().max(2_147_483_647),
  favorite: z.enum(["0", "1"]).transform((v) => v === "1"),
  redirectTo: z.string().max(2000).optional(),
  via: z.literal("fetcher").optional(),
});
