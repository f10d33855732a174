import * as z from "~/utils/zod";
import { formatNaira, parseNairaInput } from "~/utils/money";
import { rowId } from "~/utils/row-id";

// The four tabs of the service editor (at most 5 tags).
// Each tab is its own form with a hidden `intent`; the page and the action share these schemas.

export const EDITOR_TABS = [
  { id: "overview", label: "Overview" },
  { id: "about", label: "About Service" },
  { id: "gallery", label: "Gallery" },
  { id: "pricing", label: "Pricing" },
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number]["id"];

export const MAX_TAGS = 5;
export const TAGS_MESSAGE = `You can add at most ${MAX_TAGS} tags`;
export const DURATIONS = Array.from({ length: 16 }, (_, i) => (i + 1) * 30);
export const GENDERS = [
  { value: "women", label: "Women" },
  { value: "men", label: "Men" },
  { value: "unisex", label: "Unisex" },
] as const;
export const SERVICE_TYPES = [
  { value: "home", label: "Home Service" },
  { value: "salon", label: "Salon" },
] as const;

export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} hr` : "", m ? `${m} min` : ""].filter(Boolean).join(" ");
}

/** "Braids, knotless ,  Lekki" -> ["Braids", "knotless", "Lekki"], without repeats (ignoring case). */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

const serviceId = rowId("Save the Overview first");

/** Prices stay far below what an integer column holds (about ₦21 million) on either database. */
export const MAX_PRICE_KOBO = 1_000_000_000;
const TOO_HIGH = `At most ${formatNaira(MAX_PRICE_KOBO)}`;

const naira = (message: string) =>
  z
    .string({ error: message })
    .max(20, message)
    .transform((v, ctx) => {
      const kobo = parseNairaInput(v);
      if (kobo === null || kobo <= 0) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      if (kobo > MAX_PRICE_KOBO) {
        ctx.addIssue({ code: "custom", message: TOO_HIGH });
        return z.NEVER;
      }
      return kobo;
    });

export const OverviewSchema = z.object({
  intent: z.literal("overview"),
  id: serviceId.optional(),
  title: z.string({ error: "Give the service a title" }).trim().min(3, "At least 3 characters").max(80, "At most 80 characters"),
  category_id: rowId("Choose a category"),
  style: z.string({ error: "Enter a sub category, e.g. Braids" }).trim().min(2, "Enter a sub category, e.g. Braids").max(40, "At most 40 characters"),
  gender: z.enum(["women", "men", "unisex"], { error: "Choose who it is for" }),
  duration: z.number({ error: "Choose how long it takes" }).refine((v) => DURATIONS.includes(v), "Choose how long it takes"),
  tags: z
    .string()
    .max(300, TAGS_MESSAGE)
    .optional()
    .transform((v, ctx) => {
      const tags = splitTags(v ?? "");
      if (tags.length > MAX_TAGS) ctx.addIssue({ code: "custom", message: TAGS_MESSAGE });
      if (tags.some((t) => t.length > 30)) ctx.addIssue({ code: "custom", message: "Each tag can have at most 30 characters" });
      return tags;
    }),
});

const MATERIAL_PRICE_MESSAGE = "Enter a price in naira, e.g. 1500";

export const AboutSchema = z.object({
  intent: z.literal("about"),
  id: serviceId,
  about: z.string({ error: "Describe the service" }).trim().min(20, "Tell customers a bit more (at least 20 characters)").max(2000, "At most 2000 characters"),
  materials: z
    .array(
      z
        .object({
          name: z.string().trim().max(60, "At most 60 characters").optional(),
          price: z.string().max(20, MATERIAL_PRICE_MESSAGE).optional(),
          required: z.boolean().optional(),
        })
        .optional(),
    )
    .max(12, "At most 10 materials")
    .optional()
    .transform((rows, ctx) => {
      const materials: { name: string; priceKobo: number; required: boolean }[] = [];
      (rows ?? []).forEach((row, i) => {
        // A row left empty is no material: that is also how a material is removed.
        if (!row || (!row.name && !row.price)) return;
        if (!row.name) return ctx.addIssue({ code: "custom", path: [i, "name"], message: "Name the material" });
        const kobo = row.price ? parseNairaInput(row.price) : null;
        if (kobo === null) return ctx.addIssue({ code: "custom", path: [i, "price"], message: MATERIAL_PRICE_MESSAGE });
        if (kobo > MAX_PRICE_KOBO) return ctx.addIssue({ code: "custom", path: [i, "price"], message: TOO_HIGH });
        materials.push({ name: row.name, priceKobo: kobo, required: row.required ?? false });
      });
      if (materials.length > 10) ctx.addIssue({ code: "custom", message: "At most 10 materials" });
      return materials;
    }),
});

export const PricingSchema = z
  .object({
    intent: z.literal("pricing"),
    id: serviceId,
    price: naira("Enter the price in naira, e.g. 7500"),
    promo_price: naira("Enter the promo price in naira, or leave it empty").optional(),
    recommendations: z.string().trim().max(500, "At most 500 characters").optional(),
    service_type: z.array(z.enum(["home", "salon"]), { error: "Choose Home Service, Salon or both" }).min(1, "Choose Home Service, Salon or both"),
    then: z.enum(["save", "submit"]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.promo_price !== undefined && v.promo_price > v.price) {
      ctx.addIssue({ code: "custom", path: ["promo_price"], message: "The promo price can't be above the actual price" });
    }
  });

export const EditorSchema = z.discriminatedUnion("intent", [OverviewSchema, AboutSchema, PricingSchema]);
