import type { PromoInput } from "~/models/promos/promo-rules";
import { parseDayInput } from "~/utils/day-input.server";

// Reading /vendor/offers' form: every field as text, each bad one refused with its own sentence beside it. The
// domain (promoProblem) checks the bounds; here only what the text can mean.

const NAIRA = /^\d{1,10}$/;
const COUNT = /^\d{1,7}$/;

export type OfferFields = Record<"code" | "kind" | "off" | "starts" | "ends" | "max_uses" | "per_customer" | "min_spend", string> & {
  new_only: boolean;
  services: string[];
};

export function offerFields(formData: FormData): OfferFields {
  const text = (name: string) => {
    const v = formData.get(name);
    return typeof v === "string" ? v.trim().slice(0, 60) : "";
  };
  return {
    code: text("code"),
    kind: text("kind"),
    off: text("off").replace(/[₦,%\s]/g, ""),
    starts: text("starts"),
    ends: text("ends"),
    max_uses: text("max_uses"),
    per_customer: text("per_customer"),
    min_spend: text("min_spend").replace(/[₦,\s]/g, ""),
    new_only: formData.get("new_only") === "on",
    services: formData
      .getAll("services")
      .filter((v): v is string => typeof v === "string")
      .slice(0, 101),
  };
}

/** The code the fields describe, or the first bad field and its sentence. */
export function readOffer(f: OfferFields, now = new Date()): { ok: true; input: PromoInput } | { ok: false; field: string; message: string } {
  if (f.code === "") return { ok: false, field: "code", message: "Enter a code, e.g. GLOW10." };
  if (f.kind !== "percent" && f.kind !== "amount") return { ok: false, field: "off", message: "Choose a percent off or a naira amount off." };
  if (!NAIRA.test(f.off))
    return {
      ok: false,
      field: "off",
      message: f.kind === "percent" ? "Enter the percent off as a whole number, e.g. 10." : "Enter the naira off as a whole number, e.g. 2000.",
    };
  const startsOn = parseDayInput(f.starts, now);
  if (!startsOn) return { ok: false, field: "starts", message: "Enter the first day, e.g. today or Dec 1, 2026." };
  const endsOn = parseDayInput(f.ends, now);
  if (!endsOn) return { ok: false, field: "ends", message: "Enter the last day, e.g. Dec 31, 2026." };
  if (!COUNT.test(f.max_uses)) return { ok: false, field: "max_uses", message: "Enter how many times the code can be used in all, e.g. 100." };
  if (!COUNT.test(f.per_customer)) return { ok: false, field: "per_customer", message: "Enter how many times one customer can use it, e.g. 1." };
  if (f.min_spend !== "" && !NAIRA.test(f.min_spend))
    return { ok: false, field: "min_spend", message: "Enter the minimum spend in whole naira, e.g. 10000, or leave it empty." };
  const serviceIds = f.services.map(Number);
  if (serviceIds.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647))
    return { ok: false, field: "services", message: "Choose services from your list." };
  const off = Number(f.off);
  return {
    ok: true,
    input: {
      code: f.code,
      percentOff: f.kind === "percent" ? off : null,
      amountOffKobo: f.kind === "amount" ? off * 100 : null,
      startsOn,
      endsOn,
      maxUses: Number(f.max_uses),
      maxUsesPerCustomer: Number(f.per_customer),
      newCustomersOnly: f.new_only,
      minSpendKobo: f.min_spend === "" ? 0 : Number(f.min_spend) * 100,
      serviceIds,
    },
  };
}
