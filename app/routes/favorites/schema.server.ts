import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "~/utils/zod";

// The route reaches conform and zod only through this module, which is empty in the browser build: imported in
// route.tsx, even only for the action, they would be downloaded with the page (esbuild keeps the chunk imports).

/** The favourite heart's form (app/components/favorite-button.tsx). */
export const FavoriteSchema = z.object({
  serviceId: z.number({ error: "Choose a service." }).int().positive().max(2_147_483_647),
  favorite: z.enum(["0", "1"]).transform((v) => v === "1"),
  redirectTo: z.string().max(2000).optional(),
  via: z.literal("fetcher").optional(),
});

export const parseFavorite = (formData: FormData) => parseWithZod(formData, { schema: FavoriteSchema });
