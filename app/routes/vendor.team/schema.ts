import type { DayHours } from "~/models/schedule/schedule-rules";
import type { MemberInput } from "~/models/team/edit-team.server";

// The member form of /vendor/team, read by hand because its service rows are the vendor's own (one checkbox, price
// and duration per service): `svc_ID`, `price_ID` (whole naira, blank: the service's own), `dur_ID` (minutes).
// Hours follow /vendor/hours' fields (`open_1`, `opens_1`, `closes_1`, `break_starts_1`, `break_ends_1`...).

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MAX_PRICE_NAIRA = 10_000_000;

export type MemberForm = { ok: true; input: MemberInput } | { ok: false; errors: Record<string, string[]> };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

function wholeNumber(value: string, min: number, max: number): number | null | undefined {
  if (value === "") return null;
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

function hourField(form: FormData, name: string): number | null | undefined {
  return wholeNumber(text(form, name), 0, 24);
}

/** Reads the member form against the vendor's own services (ids from elsewhere are ignored). */
export function readMemberForm(form: FormData, serviceIds: number[]): MemberForm {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] = [...(errors[field] ?? []), message]);
  const name = text(form, "name");
  const title = text(form, "title");
  if (!name) fail("name", "Please enter the member's name.");
  else if (name.length > 60) fail("name", "Please keep the name under 60 characters.");
  if (title.length > 60) fail("title", "Please keep the title under 60 characters.");

  let week: DayHours[] | null = null;
  const hours = text(form, "hours");
  if (hours !== "salon" && hours !== "own") fail("hours", "Choose the salon's hours or their own.");
  if (hours === "own") {
    week = [];
    for (const d of WEEKDAYS) {
      if (!form.get(`open_${d}`)) continue;
      const opens = hourField(form, `opens_${d}`);
      const closes = hourField(form, `closes_${d}`);
      const bs = hourField(form, `break_starts_${d}`);
      const be = hourField(form, `break_ends_${d}`);
      if (opens == null || closes == null || bs === undefined || be === undefined) {
        fail(`opens_${d}`, "Choose the hours from the lists.");
        continue;
      }
      if (opens >= closes) fail(`closes_${d}`, "Closing comes after opening");
      else if ((bs === null) !== (be === null)) fail(`break_ends_${d}`, "Give both ends of the break, or neither");
      else if (bs !== null && be !== null && !(opens < bs && bs < be && be < closes)) fail(`break_ends_${d}`, "The break lies inside the opening hours");
      week.push({ day: d, opens, closes, breakStarts: bs, breakEnds: be });
    }
  }

  const services: MemberInput["services"] = [];
  for (const id of serviceIds) {
    if (!form.get(`svc_${id}`)) continue;
    const price = wholeNumber(text(form, `price_${id}`).replace(/[₦,\s]/g, ""), 0, MAX_PRICE_NAIRA);
    const duration = wholeNumber(text(form, `dur_${id}`), 15, 720);
    if (price === undefined) fail(`price_${id}`, "Enter a price in whole naira, or leave it blank for the service's own.");
    if (duration === undefined) fail(`dur_${id}`, "Enter a duration from 15 to 720 minutes, or leave it blank for the service's own.");
    if (price !== undefined && duration !== undefined) services.push({ serviceId: id, priceKobo: price === null ? null : price * 100, durationMin: duration });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { name, title, bookable: Boolean(form.get("bookable")), week, services } };
}

/** A row id of a form field, or null. */
export function readId(form: FormData, name: string): number | null {
  const n = wholeNumber(text(form, name), 1, 2_147_483_647);
  return n ?? null;
}
