import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { addDaysToDay, formatDay, lagosToday } from "~/utils/time";
import { cookieFor, get, post, run } from "../../../tests/booking-routes";
import { createVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// /vendor/offers over HTTP (docs/domain.md, "Promo codes"): who may open it, each bad field refused beside it with
// a 400 and nothing saved, a good code saved, paused, resumed and ended.

const today = lagosToday();
const GOOD = {
  intent: "create",
  code: "Save20",
  kind: "percent",
  off: "20",
  starts: "today",
  ends: formatDay(addDaysToDay(today, 14)),
  max_uses: "50",
  per_customer: "1",
  min_spend: "",
};

type Answer = { errors: Record<string, string[]> | null; refused: string | null };

describe(`/vendor/offers (${getDialect()})`, () => {
  test("only a vendor's owner or manager; the demo salon sees its GLOW10", async () => {
    expect((await run(loader, get("/vendor/offers"))).status).toBe(302);
    expect((await run(loader, get("/vendor/offers", await cookieFor("customer@example.com")))).status).toBe(403);
    expect((await run(loader, get("/vendor/offers", await cookieFor("stylist@example.com")))).status).toBe(403);
    expect((await run(action, post("/vendor/offers", GOOD, await cookieFor("stylist@example.com")))).status).toBe(403);
    const demo = await run<{ promos: { code: string; percentOff: number; status: string }[] }>(
      loader,
      get("/vendor/offers", await cookieFor("vendor@example.com")),
    );
    expect(demo.body.promos).toContainEqual(expect.objectContaining({ code: "GLOW10", percentOff: 10, status: "live" }));
  });

  test("each bad field is a 400 beside it and saves nothing; a good code is saved, paused, resumed and ended", async () => {
    const vendor = await createVendor("offerspage");
    const cases: [Record<string, string>, string, string][] = [
      [{ code: "" }, "code", "Enter a code, e.g. GLOW10."],
      [{ code: "no spaces" }, "code", "A code is 3 to 20 letters and digits, e.g. GLOW10."],
      [{ kind: "free" }, "off", "Choose a percent off or a naira amount off."],
      [{ off: "ten" }, "off", "Enter the percent off as a whole number, e.g. 10."],
      [{ off: "150" }, "off", "A percent off is a whole number from 1 to 100."],
      [{ kind: "amount", off: "50" }, "off", "An amount off is between ₦100 and ₦1,000,000, in whole naira."],
      [{ starts: "someday" }, "starts", "Enter the first day, e.g. today or Dec 1, 2026."],
      [{ ends: "" }, "ends", "Enter the last day, e.g. Dec 31, 2026."],
      [{ starts: formatDay(addDaysToDay(today, 5)), ends: formatDay(addDaysToDay(today, 2)) }, "ends", "The last day is before the first day."],
      [{ max_uses: "-3" }, "max_uses", "Enter how many times the code can be used in all, e.g. 100."],
      [{ max_uses: "0" }, "max_uses", "Total uses is a whole number from 1 to 100,000."],
      [{ per_customer: "x" }, "per_customer", "Enter how many times one customer can use it, e.g. 1."],
      [{ per_customer: "51" }, "per_customer", "Uses per customer is a whole number from 1 to the total uses."],
      [{ min_spend: "lots" }, "min_spend", "Enter the minimum spend in whole naira, e.g. 10000, or leave it empty."],
      [{ services: "99999999999" }, "services", "Choose services from your list."],
      [{ services: "1" }, "services", "Choose services from your list."],
    ];
    for (const [change, field, message] of cases) {
      const answer = await run<Answer>(action, post("/vendor/offers", { ...GOOD, ...change }, vendor.cookie));
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.errors).toEqual({ [field]: [message] });
    }
    const db = await getDb();
    const codes = () => db.selectFrom("promo_codes").select(["id", "code", "status", "percent_off"]).where("vendor_id", "=", vendor.vendorId).execute();
    expect(await codes()).toEqual([]);

    const saved = await run(action, post("/vendor/offers", { ...GOOD, new_only: "on", min_spend: "₦10,000" }, vendor.cookie));
    expect(saved.status).toBe(303);
    const [code] = await codes();
    expect(code).toMatchObject({ code: "SAVE20", status: "live", percent_off: 20 });
    const again = await run<Answer>(action, post("/vendor/offers", { ...GOOD, code: "save20" }, vendor.cookie));
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ code: ["You already have a code SAVE20. Choose another."] });

    const other = await createVendor("offersother");
    expect((await run(action, post("/vendor/offers", { intent: "pause", promo: String(code!.id) }, other.cookie))).status).toBe(404);
    expect((await run(action, post("/vendor/offers", { intent: "pause", promo: "abc" }, vendor.cookie))).status).toBe(404);
    for (const [intent, status] of [
      ["pause", "paused"],
      ["resume", "live"],
      ["end", "ended"],
    ] as const) {
      expect((await run(action, post("/vendor/offers", { intent, promo: String(code!.id) }, vendor.cookie))).status).toBe(303);
      expect((await codes())[0]!.status).toBe(status);
    }
    const ended = await run<Answer>(action, post("/vendor/offers", { intent: "resume", promo: String(code!.id) }, vendor.cookie));
    expect(ended.status).toBe(409);
    expect(ended.body.refused).toBe("SAVE20 has ended, so it can't be changed. Create a new code instead.");
  });
});
