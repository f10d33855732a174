// Booking rules that the browser needs too (no database here): what a booking costs, and what its identifiers
// look like. The server alone decides a total; the browser uses the same function for the live total.

/** A booking reference as shown to people, e.g. GLW-7Q4K2M (app/utils/random.server.ts makes them). */
export const BOOKING_REF = /^GLW-[A-Z0-9]{6}$/;

export interface QuoteItem {
  kind: "service" | "material";
  name: string;
  priceKobo: number;
}

export interface Priced {
  title: string;
  priceKobo: number;
  materials: { id: number; name: string; priceKobo: number; required: boolean }[];
}

/** Unknown or required ids in `chosenMaterialIds` change nothing: required materials are always in. */
export function quote(service: Priced, chosenMaterialIds: number[]): { items: QuoteItem[]; totalKobo: number } {
  const chosen = new Set(chosenMaterialIds);
  const items: QuoteItem[] = [
    { kind: "service", name: service.title, priceKobo: service.priceKobo },
    ...service.materials.filter((m) => m.required || chosen.has(m.id)).map((m) => ({ kind: "material" as const, name: m.name, priceKobo: m.priceKobo })),
  ];
  return { items, totalKobo: items.reduce((sum, i) => sum + i.priceKobo, 0) };
}
