import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { addDaysToDay, isoWeekday, lagosToday } from "~/utils/time";
import { appointmentByRef, createCustomer, featuredService, newKey } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { action as bookNow } from "../booking/route";
import { action as pay } from "../payment._index/route";
import { action, loader } from "./route";

// The vendor closes a day while a customer books a time in it, both through HTTP and at once (on PostgreSQL on
// connections of their own). Whoever wins, the result is consistent: the schedule is saved (no lost write), and the
// booking is either refused with the closed-day message or accepted and shown to the vendor as outside the new
// hours. Never a 500. Both take the vendor's booking lock (app/models/schedule/booking-lock.server.ts), so one goes first.

type Page = { week: { day: number }[]; outside: { ref: string }[] };

function weekFields(openMonday: boolean): Record<string, string> {
  const fields: Record<string, string> = { intent: "week" };
  for (let d = 1; d <= 7; d++) {
    if (d <= 6 && (d !== 1 || openMonday)) fields[`open_${d}`] = "on";
    Object.assign(fields, { [`opens_${d}`]: "9", [`closes_${d}`]: "19", [`break_starts_${d}`]: "", [`break_ends_${d}`]: "" });
  }
  return fields;
}

const monday = (weeksAhead: number) => {
  let day = addDaysToDay(lagosToday(), 14 + weeksAhead * 7);
  while (isoWeekday(day) !== 1) day = addDaysToDay(day, 1);
  return day;
};

describe(`closing a day while it is being booked (${getDialect()})`, () => {
  test("each round: the closing is saved, and the booking is refused with the reason or accepted and listed as outside", async () => {
    const vendorCookie = await cookieFor("vendor@example.com");
    const service = await featuredService();
    const outcomes = { refused: 0, accepted: 0 };
    for (let round = 0; round < 8; round++) {
      expect((await run(action, post("/vendor/hours", weekFields(true), vendorCookie))).status).toBe(303);
      const customer = await createCustomer(`Race${round}`);
      const cookie = await cookieFor(customer.email);
      const day = monday(round);
      const booking = () => run(bookNow, post("/booking", { service: String(service.id), date: day, time: "10", key: newKey() }, cookie));
      const closing = () => run(action, post("/vendor/hours", weekFields(false), vendorCookie));
      // Who starts first moves across the rounds (the closing 15 ms ahead ... 20 ms behind), so each meets the
      // other at every stage.
      const later = <T>(ms: number, f: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => f().then(resolve, reject), ms));
      const [booked, closed] = await Promise.all([later(Math.max(0, 15 - round * 5), booking), later(Math.max(0, round * 5 - 15), closing)]);
      expect(closed.status).toBe(303);
      const page = await run<Page>(loader, get("/vendor/hours", vendorCookie));
      expect(page.body.week.map((h) => h.day)).toEqual([2, 3, 4, 5, 6]);

      if (booked.status === 303) {
        outcomes.accepted++;
        const ref = booked.response!.headers.get("Location")!.replace("/payment?order=", "");
        // The customer carries on at step 2; the request reaches the vendor, listed as outside the new hours.
        const paid = await run(pay, post("/payment", { order: ref, method: "vendor" }, cookie));
        expect(paid.status).toBe(303);
        expect((await appointmentByRef(ref)).status).toBe("requested");
        const after = await run<Page>(loader, get("/vendor/hours", vendorCookie));
        expect(after.body.outside.map((a) => a.ref)).toContain(ref);
      } else {
        outcomes.refused++;
        expect(booked.status).toBe(400);
        expect(firstError(booked.body)).toBe("Ronke's Beauty Lounge is closed on Mondays. Please choose another day.");
        const db = await getDb();
        expect(await db.selectFrom("appointments").select("id").where("customer_id", "=", customer.id).execute()).toEqual([]);
      }
    }
    expect(outcomes.accepted + outcomes.refused).toBe(8);
    await run(action, post("/vendor/hours", weekFields(true), vendorCookie));
  });
});
