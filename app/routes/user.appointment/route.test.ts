import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { acceptRequest, choosePayToVendor } from "~/models/appointments/transitions.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { loader as calendar } from "../user.appointment_.calendar[.ics]";
import { action, loader } from "./route";

async function booked(hour = 10) {
  const c = await createCustomer("Dayo");
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const day = freshOpenDay(vendor.open_days);
  const { ref } = await hold(c.id, service.id, day, hour);
  await choosePayToVendor(c.id, ref, null);
  await acceptRequest(vendor.id, (await appointmentByRef(ref)).id);
  return { customer: c, cookie: await cookieFor(c.email), ref, day, service, vendor };
}

type Page = {
  list: { rows: { ref: string; status: string }[] };
  detail: { ref: string; statusLabel: string; policy: string; upcoming: boolean; payLink: string | null } | null;
  missing: boolean;
  reschedule: { day: string | null; error: string | null; slots: { hour: number }[] } | null;
};

describe("/user/appointment", () => {
  test("upcoming list and the detail: date, status Confirmed, reference, policy, payment link while unpaid", async () => {
    const { cookie, ref } = await booked();
    const { body } = await run<Page>(loader, get("/user/appointment", cookie));
    expect(body.list.rows.map((r) => r.ref)).toEqual([ref]);
    expect(body.detail).toMatchObject({
      ref,
      statusLabel: "Confirmed",
      upcoming: true,
      calendar: true,
      policy: "Flexible: free cancellation until the visit. Nothing has been paid for this booking, so there is nothing to refund.",
    });
    expect(body.detail!.payLink).toMatch(/\/pay\//);
    expect((await run<Page>(loader, get("/user/appointment?tab=past", cookie))).body.list.rows).toEqual([]);
  });

  test("a visit cancelled ahead of its day stays under Upcoming, marked Cancelled, until that day; then it is Past", async () => {
    const { cookie, ref } = await booked(13);
    const db = await getDb();
    await db.updateTable("appointments").set({ status: "cancelled" }).where("ref", "=", ref).execute();
    const upcoming = (await run<Page>(loader, get("/user/appointment", cookie))).body.list.rows;
    expect(upcoming).toEqual([expect.objectContaining({ ref, status: "cancelled" })]);
    expect((await run<Page>(loader, get("/user/appointment?tab=past", cookie))).body.list.rows).toEqual([]);

    const past = new Date(Date.now() - 3 * 3_600_000);
    await db
      .updateTable("appointments")
      .set({ starts_at: past.toISOString(), ends_at: new Date(past.getTime() + 3_600_000).toISOString() })
      .where("ref", "=", ref)
      .execute();
    expect((await run<Page>(loader, get("/user/appointment", cookie))).body.list.rows).toEqual([]);
    expect((await run<Page>(loader, get("/user/appointment?tab=past", cookie))).body.list.rows.map((r) => r.ref)).toEqual([ref]);
  });

  test("a Pay to vendor visit whose time has come offers no payment link: the rest is paid at the visit", async () => {
    const { cookie, ref } = await booked(15);
    const past = new Date(Date.now() - 3 * 3_600_000);
    const db = await getDb();
    await db
      .updateTable("appointments")
      .set({ starts_at: past.toISOString(), ends_at: new Date(past.getTime() + 2 * 3_600_000).toISOString() })
      .where("ref", "=", ref)
      .execute();
    const { body } = await run<Page>(loader, get(`/user/appointment?ref=${ref}`, cookie));
    expect(body.detail).toMatchObject({ ref, statusLabel: "Confirmed", payLink: null });
  });

  test("someone else's appointment is not shown, by link or by forged POST", async () => {
    const { ref } = await booked(12);
    const stranger = await createCustomer();
    const cookie = await cookieFor(stranger.email);
    const { body } = await run<Page>(loader, get(`/user/appointment?ref=${ref}`, cookie));
    expect(body).toMatchObject({ missing: true, detail: null });
    const forged = await run(action, post("/user/appointment", { intent: "cancel", ref }, cookie));
    expect(forged.status).toBe(404);
    expect((await appointmentByRef(ref)).status).toBe("confirmed");
    expect((await run(calendar, get(`/user/appointment/calendar.ics?ref=${ref}`, cookie))).status).toBe(404);
  });

  test("cancel: the first time cancels, the second is refused with a message", async () => {
    const { cookie, ref } = await booked(14);
    const first = await run(action, post("/user/appointment", { intent: "cancel", ref }, cookie));
    expect(first.status).toBe(303);
    expect((await appointmentByRef(ref)).status).toBe("cancelled");
    const second = await run(action, post("/user/appointment", { intent: "cancel", ref }, cookie));
    expect(second.status).toBe(400);
    expect(firstError(second.body)).toBe("This appointment is already cancelled.");
    expect((await run<Page>(loader, get(`/user/appointment?tab=past&ref=${ref}`, cookie))).body.detail).toMatchObject({
      statusLabel: "Cancelled",
      upcoming: false,
      calendar: false,
    });
    const noEntry = await run(calendar, get(`/user/appointment/calendar.ics?ref=${ref}`, cookie));
    expect(noEntry.status).toBe(409);
  });

  test("reschedule: free times of the chosen day, a taken slot refused, a free one accepted", async () => {
    const { cookie, ref, day, service } = await booked(9);
    const other = await createCustomer();
    const theirs = await hold(other.id, service.id, day, 13);
    await choosePayToVendor(other.id, theirs.ref, null);

    const page = await run<Page>(loader, get(`/user/appointment?ref=${ref}&rdate=${day}`, cookie));
    const hours = page.body.reschedule!.slots.map((s) => s.hour);
    expect(hours).toContain(10);
    expect(hours).not.toContain(9); // its own time
    expect(hours).not.toContain(12); // would run into the other booking
    expect((await run<Page>(loader, get(`/user/appointment?ref=${ref}&rdate=gibberish`, cookie))).body.reschedule!.error).toBe("Date input not valid.");

    const taken = await run(action, post("/user/appointment", { intent: "reschedule", ref, date: day, time: "13" }, cookie));
    expect(taken.status).toBe(409);
    expect(firstError(taken.body)).toBe("That time was just taken. Please pick another time.");
    const moved = await run(action, post("/user/appointment", { intent: "reschedule", ref, date: day, time: "15" }, cookie));
    expect(moved.status).toBe(303);
    expect((await appointmentByRef(ref)).status).toBe("requested");
  });

  test("reschedule: a day whose only free time is the appointment's own says there are no free times", async () => {
    // Found by the load test (tests/e2e/resilience.spec.ts): the page showed neither times nor a message.
    const { cookie, ref, day, service } = await booked(9);
    const [a, b] = [await createCustomer(), await createCustomer()];
    for (const [who, hour] of [
      [a, 11],
      [a, 13],
      [a, 15],
      [b, 17],
    ] as const)
      await hold(who.id, service.id, day, hour);
    const page = await run<Page>(loader, get(`/user/appointment?ref=${ref}&rdate=${day}`, cookie));
    expect(page.body.reschedule).toEqual({ day, slots: [], error: "No free times on this day. Please choose another day." });
  });

  test("Calendar: an .ics file of the appointment", async () => {
    const { cookie, ref } = await booked(16);
    const { response } = await run(calendar, get(`/user/appointment/calendar.ics?ref=${ref}`, cookie));
    expect(response!.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response!.headers.get("Content-Disposition")).toBe(`attachment; filename="glow-${ref}.ics"`);
    const text = await response!.text();
    expect(text).toContain("BEGIN:VEVENT\r\n");
    expect(text).toContain(`UID:${ref}@glow`);
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(text).toContain("SUMMARY:Knotless Box Braids with Ronke Alabi at Ronke's Beauty Lounge");
    expect(text).toContain("STATUS:CONFIRMED");
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });
});
