import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { lagosInstant, lagosToday } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { demoStylist, plantFor, teamMember } from "../../../tests/staff";
import { addStylist, holdWith } from "../../../tests/team";
import { createVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// /vendor/calendar through HTTP (docs/domain.md, "The calendar"): the owner sees every member, a stylist only
// themselves (another member's column, move and blocks are 403); every bad input is a 4xx that changes nothing.

type Page = { team: { id: number; name: string }[]; blocks: { ref: string | null; memberId: number; kind: string }[]; problems: string[]; member: number };

const owner = async () => cookieFor((await vendorBySlug()).email);
const offOf = async (memberId: number) =>
  (await getDb()).selectFrom("team_time_off").select(["starts_at", "ends_at"]).where("member_id", "=", memberId).execute();
const startOf = async (id: number) =>
  await (await getDb()).selectFrom("appointments").select(["starts_at", "member_id"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("/vendor/calendar", () => {
  test("the owner's day has a column per member; a stylist's has only their own, and another member's id is 403", async () => {
    const stylist = await demoStylist();
    const other = await teamMember(stylist.vendorId, "stylist", "Calendar Other");
    const c = await createCustomer("Funke");
    const theirs = await plantFor({ vendorId: stylist.vendorId, memberId: other.memberId, customerId: c.id, hoursFromNow: 2, status: "confirmed" });
    const mine = await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: 3, status: "confirmed" });
    // The days the plants fell on, read back: near Lagos midnight "three hours from now" is tomorrow.
    const day = lagosToday(new Date((await startOf(mine.id)).starts_at));
    const theirDay = lagosToday(new Date((await startOf(theirs.id)).starts_at));

    const ownerPage = await run<Page>(loader, get(`/vendor/calendar?date=${theirDay}`, await owner()));
    expect(ownerPage.status).toBe(200);
    expect(ownerPage.body.team.map((m) => m.name)).toEqual(expect.arrayContaining(["Ronke Alabi", "Tolu Bakare", "Chidi Okafor", "Calendar Other"]));
    expect(ownerPage.body.blocks.map((b) => b.ref)).toContain(theirs.ref);

    const own = await run<Page>(loader, get(`/vendor/calendar?date=${day}`, stylist.cookie));
    expect(own.status).toBe(200);
    expect(own.body.team.map((m) => m.id)).toEqual([stylist.memberId]);
    expect(own.body.blocks.map((b) => b.ref)).toContain(mine.ref);
    expect(own.body.blocks.every((b) => b.memberId === stylist.memberId)).toBe(true);
    const theirDayForStylist = await run<Page>(loader, get(`/vendor/calendar?date=${theirDay}`, stylist.cookie));
    expect(JSON.stringify(theirDayForStylist.body)).not.toContain(theirs.ref);

    for (const path of [
      `/vendor/calendar?member=${other.memberId}`,
      `/vendor/calendar?view=week&member=${other.memberId}`,
      `/vendor/calendar?move=${theirs.id}`,
    ]) {
      expect((await run(loader, get(path, stylist.cookie))).status).toBe(403);
    }
    // The owner asking for a member who is not theirs: not found.
    const elsewhere = await createVendor("calendarelsewhere");
    const stranger = (await (await getDb()).selectFrom("team_members").select("id").where("vendor_id", "=", elsewhere.vendorId).executeTakeFirstOrThrow()).id;
    expect((await run(loader, get(`/vendor/calendar?member=${stranger}`, await owner()))).status).toBe(404);
    expect((await run(loader, get(`/vendor/calendar?member=abc`, await owner()))).status).toBe(404);
    expect((await run(loader, get(`/vendor/calendar?move=${theirs.id + 1_000_000}`, await owner()))).status).toBe(404);
    const badDate = await run<Page>(loader, get("/vendor/calendar?date=not-a-day", await owner()));
    expect(badDate.status).toBe(400);
    expect(badDate.body.problems).toEqual(["That date isn't one we can read, so here is today."]);
  });

  test("a stylist blocks their own hours, never another member's; the owner blocks anyone's; bad input is 400 and changes nothing", async () => {
    const stylist = await demoStylist();
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const other = await addStylist(vendor.id, "Block Route", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const block = (member: number, extra: Record<string, string> = {}) => ({
      intent: "block",
      member: String(member),
      day,
      from_hour: "13",
      to_hour: "15",
      note: "Training",
      ...extra,
    });

    const refused = await run(action, post("/vendor/calendar", block(other), stylist.cookie));
    expect(refused.status).toBe(403);
    expect(await offOf(other)).toEqual([]);
    const own = await run(action, post("/vendor/calendar", block(stylist.memberId), stylist.cookie));
    expect(own.status).toBe(303);
    expect(await offOf(stylist.memberId)).toEqual(expect.arrayContaining([{ starts_at: lagosInstant(day, 13), ends_at: lagosInstant(day, 15) }]));

    const cookie = await owner();
    for (const [fields, status] of [
      [block(other, { from_hour: "15", to_hour: "13" }), 400],
      [block(other, { day: "someday" }), 400],
      [block(other, { from_hour: "x" }), 400],
      [block(other, { note: "n".repeat(61) }), 400],
      [block(other, { member: "0" }), 400],
      [{ intent: "nothing" }, 400],
      [block(999_999_999), 404],
    ] as const) {
      const answer = await run(action, post("/vendor/calendar", fields, cookie));
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(firstError(answer.body)).toBeTruthy();
    }
    expect(await offOf(other)).toEqual([]);
    // Over a booking: 409, naming it.
    const c = await createCustomer("Tayo");
    const { ref } = await holdWith(c.id, service.id, day, 13, other);
    const clash = await run(action, post("/vendor/calendar", block(other), cookie));
    expect(clash.status).toBe(409);
    expect(firstError(clash.body)).toContain(ref);
    expect(await offOf(other)).toEqual([]);
    expect((await run(action, post("/vendor/calendar", block(other, { from_hour: "16", to_hour: "17" }), cookie))).status).toBe(303);
    expect(await offOf(other)).toHaveLength(1);
  });

  test("the owner moves a booking; a stylist cannot (403); a taken hour is 409 just taken; another salon's booking is 404; nothing changes when refused", async () => {
    const stylist = await demoStylist();
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const member = await addStylist(vendor.id, "Move Route", [service.id]);
    const day = freshOpenDay(vendor.open_days);
    const [a, b] = [await createCustomer("Ayo"), await createCustomer("Bola")];
    const { ref } = await holdWith(a.id, service.id, day, 10, member);
    await holdWith(b.id, service.id, day, 15, member);
    const db = await getDb();
    await db.updateTable("appointments").set({ status: "confirmed", payment_method: "vendor", hold_expires_at: null }).where("ref", "=", ref).execute();
    const { id } = await db.selectFrom("appointments").select("id").where("ref", "=", ref).executeTakeFirstOrThrow();
    const move = (extra: Record<string, string> = {}) => ({ intent: "move", id: String(id), member: String(member), day, time: "12", ...extra });
    const before = await startOf(id);

    expect((await run(action, post("/vendor/calendar", move(), stylist.cookie))).status).toBe(403);
    const cookie = await owner();
    const taken = await run(action, post("/vendor/calendar", move({ time: "15" }), cookie));
    expect(taken.status).toBe(409);
    expect(firstError(taken.body)).toBe("That time was just taken. Please pick another time.");
    for (const [fields, status] of [
      [move({ time: "25" }), 400],
      [move({ day: "" }), 400],
      [move({ id: "abc" }), 400],
      [move({ id: "999999999" }), 404],
      [move({ member: "999999999" }), 404],
    ] as const) {
      expect((await run(action, post("/vendor/calendar", fields, cookie))).status, JSON.stringify(fields)).toBe(status);
    }
    const elsewhere = await createVendor("calendarmoveelsewhere");
    expect((await run(action, post("/vendor/calendar", move(), elsewhere.cookie))).status).toBe(404);
    expect(await startOf(id)).toEqual(before);

    const done = await run(action, post("/vendor/calendar", move(), cookie));
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe(`/vendor/calendar?view=day&date=${day}&member=${member}`);
    expect((await startOf(id)).starts_at).toBe(lagosInstant(day, 12));
  });
});
