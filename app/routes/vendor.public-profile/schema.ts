import * as z from "~/utils/zod";

/** The vendor's public profile form (the photo and banner are files, read beside it). */
export const PublicProfileSchema = z.object({
  business_name: z.string({ error: "Enter your business name" }).trim().min(2, "Enter your business name").max(80, "At most 80 characters"),
  about: z.string().trim().max(1000, "At most 1000 characters").optional(),
  tags: z
    .string()
    .max(300, "At most 5 tags of 30 characters")
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .refine((tags) => tags.length <= 5, "At most 5 tags, separated by commas")
    .refine((tags) => tags.every((t) => t.length <= 30), "Each tag at most 30 characters"),
});
