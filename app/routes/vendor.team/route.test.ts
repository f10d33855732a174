import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { cancelByCustomer } from "~/models/appointments/transitions.server";
import { payWithCredit } from "~/models/booking/payments.server";
import { addCredit } from "~/models/money/auto-credit.server";
import { createCustomer, featuredService, freshOpenDay, mailsTo, vendorBySlug } from "../../../tests/booking";
import { cookieFor, get, post, run } from "../../../tests/booking-routes";
import { addStylist, holdWith, memberOfRef, ownerMemberOf } from "../../../tests/team";
import { createVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// /vendor/team through its loader and action: the owner adds and edits members, reorders and deactivates them,
// plans time off, and moves bookings; bad input is answered on the page and changes nothing; another vendor's
// member is "not found".

type Answer = { intent: string; errors: Record<string, string[]>; bookings: { ref: string }[] };
type Page = {
  team: { id: number; name: string; title: string; bookable: boolean; active: boolean; services: { serviceId: number; priceKobo: number | null }[] }[];
};

async function owner() {
  const v = await vendorBySlug();
  return { ...v, cookie: await cookieFor(v.email) };
}

const send = (cookie: string, fields: Record<string, string>) => run<Answer>(action, post("/vendor/team", fields, cookie));

describe(`/vendor/team (${getDialect()})`, () => {
  test("the owner adds a member with services, a price override and own hours; bad input changes nothing", async () => {
    const { cookie } = await owner();
    const service = await featuredService();
    const before = (await run<Page>(loader, get("/vendor/team", cookie))).body.team.length;
    const bad = await send(cookie, {
      intent: "save",
      member: "new",
      name: "",
      hours: "own",
      open_1: "on",
      opens_1: "18",
      closes_1: "9",
      [`svc_${service.id}`]: "on",
      [`price_${service.id}`]: "lots",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ["Please enter the member's name."],
      closes_1: ["Closing comes after opening"],
      [`price_${service.id}`]: ["Enter a price in whole naira, or leave it blank for the service's own."],
    });
    expect((await run<Page>(loader, get("/vendor/team", cookie))).body.team).toHaveLength(before);

    const added = await send(cookie, {
      intent: "save",
      member: "new",
      name: "Kemi Braids",
      title: "Senior stylist",
      bookable: "on",
      hours: "own",
      open_2: "on",
      opens_2: "10",
      closes_2: "18",
      break_starts_2: "13",
      break_ends_2: "14",
      [`svc_${service.id}`]: "on",
      [`price_${service.id}`]: "9,500",
      [`dur_${service.id}`]: "",
    });
    expect(added.status).toBe(303);
    const team = (await run<Page>(loader, get("/vendor/team", cookie))).body.team;
    const kemi = team.find((m) => m.name === "Kemi Braids")!;
    expect(kemi).toMatchObject({ title: "Senior stylist", bookable: true, active: true, services: [{ serviceId: service.id, priceKobo: 950_000 }] });
    const db = await getDb();
    expect(JSON.parse((await db.selectFrom("team_members").select("week_hours").where("id", "=", kemi.id).executeTakeFirstOrThrow()).week_hours!)).toEqual([
      { day: 2, opens: 10, closes: 18, breakStarts: 13, breakEnds: 14 },
    ]);
  });

  test("another vendor's member is not found, to the page and to every form", async () => {
    const { cookie } = await owner();
    const other = await createVendor("team-route");
    const stranger = await ownerMemberOf(other.vendorId);
    expect((await run(loader, get(`/vendor/team?edit=${stranger}`, cookie))).status).toBe(404);
    expect((await run(loader, get(`/vendor/team?edit=abc`, cookie))).status).toBe(404);
    const save = await send(cookie, { intent: "save", member: String(stranger), name: "Taken Over", hours: "salon" });
    expect(save.status).toBe(404);
    expect(save.body.errors[""]).toEqual(["We couldn't find that team member."]);
    expect((await send(cookie, { intent: "active", member: String(stranger), active: "0" })).status).toBe(404);
    expect((await send(cookie, { intent: "move", member: String(stranger), direction: "up" })).status).toBe(404);
    const db = await getDb();
    expect(await db.selectFrom("team_members").select(["name", "active"]).where("id", "=", stranger).executeTakeFirstOrThrow()).toEqual({
      name: "Second Vendor",
      active: 1,
    });
    // A customer cannot open the page at all.
    const customer = await createCustomer();
    expect((await run(loader, get("/vendor/team", await cookieFor(customer.email)))).status).toBe(403);
  });

  test("time off over a booking is refused with the booking listed; moving it to a free member tells a customer who chose, who may then cancel with a full refund", async () => {
    const { cookie, id: vendorId, open_days } = await owner();
    const service = await featuredService();
    const lola = await addStylist(vendorId, "Lola Chosen", [service.id]);
    const sade = await addStylist(vendorId, "Sade Free", [service.id]);
    const day = freshOpenDay(open_days);
    const customer = await createCustomer("Tomi");
    const { ref } = await holdWith(customer.id, service.id, day, 11, lola);
    await addCredit(await getDb(), { userId: customer.id, amountKobo: 2_000_000, reason: "test top-up" });
    await payWithCredit(customer.id, ref, null);

    const off = await send(cookie, { intent: "time_off", member: String(lola), starts_on: day, note: "Wedding" });
    expect(off.status).toBe(409);
    expect(off.body.errors[""]![0]).toBe("Lola Chosen has 1 booking in that time. Move each to another member or cancel it first; then add the time off.");
    expect(off.body.bookings.map((b) => b.ref)).toEqual([ref]);
    const deactivate = await send(cookie, { intent: "active", member: String(lola), active: "0" });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.errors[""]![0]).toContain(`Lola Chosen has 1 booking to come (${ref}`);

    const moved = await send(cookie, { intent: "reassign", member: String(lola), ref, to: String(sade) });
    expect(moved.status).toBe(303);
    expect(await memberOfRef(ref)).toMatchObject({ member_id: sade, member_chosen: 1 });
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/^New stylist: /));
    expect((await send(cookie, { intent: "time_off", member: String(lola), starts_on: day, note: "Wedding" })).status).toBe(303);

    // The customer had chosen Lola: a cancellation now gives everything back, whatever the policy keeps.
    await (await getDb()).updateTable("vendors").set({ cancellation_policy: "strict", deposit_percent: 50 }).where("id", "=", vendorId).execute();
    await cancelByCustomer(customer.id, ref, new Date(), { refundToCredit: true });
    const refunded = await (
      await getDb()
    )
      .selectFrom("refunds")
      .select("amount_kobo")
      .innerJoin("appointments", "appointments.id", "refunds.appointment_id")
      .where("appointments.ref", "=", ref)
      .execute();
    expect(refunded.reduce((sum, r) => sum + r.amount_kobo, 0)).toBe(7_500_00 + 4_500_00);
  });

  test("reorder swaps neighbours; the owner cannot be deactivated", async () => {
    const { cookie, id: vendorId } = await owner();
    const ownerId = await ownerMemberOf(vendorId);
    const order = async () => (await run<Page>(loader, get("/vendor/team", cookie))).body.team.map((m) => m.id);
    const first = await order();
    expect((await send(cookie, { intent: "move", member: String(first[1]), direction: "up" })).status).toBe(303);
    expect(await order()).toEqual([first[1], first[0], ...first.slice(2)]);
    const refused = await send(cookie, { intent: "active", member: String(ownerId), active: "0" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[""]).toEqual(["The owner stays on the team. Turn off “Bookable online” instead."]);
    expect((await send(cookie, { intent: "nonsense" })).status).toBe(400);
  });
});
