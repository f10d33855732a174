import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { salonBookingChoices } from "~/models/clients/salon-booking.server";
import { lagosInstant, lagosToday, addDaysToDay } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, newKey, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { demoStylist, plantFor } from "../../../tests/staff";
import { addStylist } from "../../../tests/team";
import { createVendor, demoVendor } from "../../../tests/vendor";
import { action as bookNow } from "../booking/route";
import { action, loader } from "./route";

// The salon's own booking form over its loader and action (docs/domain.md, "Clients"): the race with online
// customers for one member's hour, every bad input a 4xx that books nothing, and who may book whom.

let team: Promise<{ serviceId: number; memberId: number; openDays: string }> | undefined;
/** The featured braids with a stylist of their own (made once per file), so the tests' hours are theirs alone. */
function braider() {
  team ??= (async () => {
    const service = await featuredService();
    const vendor = await vendorBySlug();
    return { serviceId: service.id, memberId: await addStylist(vendor.id, "Salon Race", [service.id]), openDays: vendor.open_days };
  })();
  return team;
}

async function liveAt(day: string, hour: number, memberId: number) {
  const db = await getDb();
  return db
    .selectFrom("appointments")
    .select(["customer_id", "booked_by_member_id"])
    .where("starts_at", "=", lagosInstant(day, hour))
    .where("member_id", "=", memberId)
    .where("status", "in", ["held", "requested", "confirmed"])
    .execute();
}

async function appointmentCount() {
  const db = await getDb();
  return Number(
    (
      await db
        .selectFrom("appointments")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

const form = (fields: Record<string, string>) => ({
  client_mode: "new",
  first_name: "Adaeze",
  last_name: "Obi",
  phone: "0803 444 5566",
  payment: "visit",
  key: newKey(),
  ...fields,
});

describe(`the salon books a client itself (${getDialect()})`, () => {
  test("the salon and online customers race for one member's hour: one booking, the others are told it was just taken", async () => {
    const { serviceId, memberId, openDays } = await braider();
    const owner = await demoVendor();
    const day = freshOpenDay(openDays);
    const online = await Promise.all(Array.from({ length: 8 }, async () => ({ ...(await createCustomer()), cookie: "" })));
    for (const c of online) c.cookie = await cookieFor(c.email);
    const results = await Promise.all([
      run(action, post("/vendor/appointment/new", form({ member: String(memberId), service: String(serviceId), date: day, time: "11" }), owner.cookie)),
      ...online.map((c) =>
        run(bookNow, post("/booking", { service: String(serviceId), date: day, time: "11", member: String(memberId), key: newKey() }, c.cookie)),
      ),
    ]);
    expect(results.filter((r) => r.status === 303)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 303)) {
      expect(r.status).toBe(409);
      expect(firstError(r.body)).toBe("That time was just taken. Please pick another time.");
    }
    expect(await liveAt(day, 11, memberId)).toHaveLength(1);
  });

  test("books a new client at a free hour, paid through the link: e-mailed, and the page shows the link and a WhatsApp link", async () => {
    const { serviceId, memberId, openDays } = await braider();
    const owner = await demoVendor();
    const day = freshOpenDay(openDays);
    const done = await run(
      action,
      post(
        "/vendor/appointment/new",
        form({ member: String(memberId), service: String(serviceId), date: day, time: "10", payment: "link", email: "Adaeze.Obi@Example.org" }),
        owner.cookie,
      ),
    );
    expect(done.status).toBe(303);
    const to = done.response!.headers.get("Location")!;
    expect(to).toMatch(/^\/vendor\/appointment\/new\?booked=GLW-[A-Z0-9]{6}$/);
    const [booked] = await liveAt(day, 10, memberId);
    expect(booked?.booked_by_member_id).not.toBeNull();
    const page = await run<{ booked: { payUrl: string; emailedTo: string; phone: string } }>(loader, get(to, owner.cookie));
    expect(page.status).toBe(200);
    expect(page.body.booked).toMatchObject({ emailedTo: "adaeze.obi@example.org", phone: "+2348034445566" });
    const db = await getDb();
    const mail = await db.selectFrom("outbox").select(["text"]).where("to_address", "=", "adaeze.obi@example.org").executeTakeFirstOrThrow();
    expect(mail.text).toContain(page.body.booked.payUrl);
    // Another salon's owner can't open it.
    const other = await createVendor("other-salon-booked");
    expect((await run(loader, get(to, other.cookie))).status).toBe(404);
  });

  test("every bad input is a 4xx on the same page and books nothing", async () => {
    const { serviceId, memberId, openDays } = await braider();
    const owner = await demoVendor();
    const day = freshOpenDay(openDays);
    const base = { member: String(memberId), service: String(serviceId), date: day, time: "14" };
    const other = await createVendor("other-salon-input");
    const stranger = await createCustomer("Stranger");
    const cases: [Record<string, string>, number, string][] = [
      [{ ...base, phone: "12345" }, 400, "Enter a Nigerian mobile number, e.g. 0803 123 4567, or an international one starting with +"],
      [{ ...base, email: "not-an-email" }, 400, "Invalid email address"],
      [{ ...base, first_name: "" }, 400, "Enter the client's first name"],
      [{ ...base, last_name: "R2D2" }, 400, "Numbers not allowed"],
      [{ ...base, time: "quarter past" }, 400, "Choose one of the free times"],
      [{ ...base, time: "3" }, 400, ""],
      [{ ...base, payment: "cash" }, 400, "Choose how the client pays"],
      [{ ...base, note: "x".repeat(201) }, 400, "Keep the note under 200 characters"],
      [{ ...base, date: "someday" }, 400, "Date input not valid."],
      [{ ...base, date: addDaysToDay(lagosToday(), -1) }, 400, "Please choose today or a later date."],
      [{ ...base, service: "999999" }, 404, "This service is not available for booking."],
      [{ ...base, member: "abc" }, 400, "Choose who does it"],
      [{ ...base, key: "" }, 400, "Please reload the page and try again."],
      [{ ...base, client_mode: "existing", client: String(stranger.id) }, 404, "We couldn't find that client. Please search again."],
      [{ ...base, client_mode: "someone" }, 400, "Choose an existing client or add a new one"],
    ];
    const before = await appointmentCount();
    for (const [fields, status, message] of cases) {
      const r = await run(action, post("/vendor/appointment/new", form(fields), owner.cookie));
      expect(r.status, JSON.stringify(fields)).toBe(status);
      if (message) expect(firstError(r.body)).toBe(message);
      else expect(firstError(r.body)).toBeTruthy();
    }
    // Another salon's owner books nothing with this salon's service.
    const foreign = await run(action, post("/vendor/appointment/new", form(base), other.cookie));
    expect(foreign.status).toBe(404);
    expect(await appointmentCount()).toBe(before);
    // The page's own query values: bad ones are a 400 with the reason, never a 500.
    const page = await run<{ problems: string[] }>(loader, get(`/vendor/appointment/new?member=${memberId}&service=999999&date=nope&time=99`, owner.cookie));
    expect(page.status).toBe(400);
    expect(page.body.problems).toContain("Date input not valid.");
  });

  test("a stylist books themselves only: another member is 403 on the page and the action, and books nothing", async () => {
    const { serviceId, memberId, openDays } = await braider();
    const stylist = await demoStylist();
    const day = freshOpenDay(openDays);
    expect((await run(loader, get(`/vendor/appointment/new?member=${memberId}`, stylist.cookie))).status).toBe(403);
    const before = await appointmentCount();
    const r = await run(
      action,
      post("/vendor/appointment/new", form({ member: String(memberId), service: String(serviceId), date: day, time: "10" }), stylist.cookie),
    );
    expect(r.status).toBe(403);
    expect(await appointmentCount()).toBe(before);
    const own = (await salonBookingChoices({ vendorId: stylist.vendorId, memberId: stylist.memberId, anyMember: false })).members;
    expect(own.map((m) => m.id)).toEqual([stylist.memberId]);
    const service = own[0]!.services[0]!;
    const page = await run<{ times: { slots: { hour: number }[] } }>(loader, get(`/vendor/appointment/new?service=${service.id}&date=${day}`, stylist.cookie));
    expect(page.status).toBe(200);
    const hour = page.body.times.slots[0]!.hour;
    const mine = await run(
      action,
      post(
        "/vendor/appointment/new",
        form({ member: String(stylist.memberId), service: String(service.id), date: day, time: String(hour), phone: "0803 444 5577" }),
        stylist.cookie,
      ),
    );
    expect(mine.status).toBe(303);
    expect(await liveAt(day, hour, stylist.memberId)).toHaveLength(1);

    // Another member's client: 403 on the page and the action, as on the client pages; books nothing.
    const theirs = await createCustomer("Theirs");
    await plantFor({ vendorId: stylist.vendorId, memberId, customerId: theirs.id, hoursFromNow: 60, status: "confirmed" });
    expect((await run(loader, get(`/vendor/appointment/new?client=${theirs.id}`, stylist.cookie))).status).toBe(403);
    const count = await appointmentCount();
    const refused = await run(
      action,
      post(
        "/vendor/appointment/new",
        form({
          member: String(stylist.memberId),
          service: String(service.id),
          date: day,
          time: String(hour + 1),
          client_mode: "existing",
          client: String(theirs.id),
        }),
        stylist.cookie,
      ),
    );
    expect(refused.status).toBe(403);
    expect(await appointmentCount()).toBe(count);
  });

  test("a customer's account is not a vendor's: the page is refused", async () => {
    const c = await createCustomer();
    expect((await run(loader, get("/vendor/appointment/new", await cookieFor(c.email)))).status).toBe(403);
  });
});
