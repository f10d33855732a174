import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { addDaysToDay, lagosToday } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";
import { firstError, get, post, run } from "../../../tests/booking-routes";
import { demoStylist, plantFor, teamMember } from "../../../tests/staff";
import { createVendor, demoVendor } from "../../../tests/vendor";
import { loader as customerAppointments } from "../user.appointment/route";
import { action as listAction, loader as listLoader } from "../vendor.clients._index/route";
import { cookieFor } from "../../../tests/session";
import { action, loader } from "./route";

// The salon's client pages over their loaders and actions (docs/domain.md, "Clients"): another salon's client is
// "not found", a stylist opening another member's client is 403 (route by route), notes stay the salon's, and every
// bad input is a 4xx that changes nothing.

type Record_ = { client: { name: string; phone: string | null; visits: unknown[] }; notes: { body: string }[] | null; canBlock: boolean };

async function clientOf(vendorId: number, memberId: number, phone = "0803 222 1100") {
  const c = await createCustomer("Folake");
  const db = await getDb();
  await db.updateTable("users").set({ phone }).where("id", "=", c.id).execute();
  const planted = await plantFor({ vendorId, memberId, customerId: c.id, hoursFromNow: 30, status: "confirmed" });
  return { ...c, ref: planted.ref };
}

async function notesOf(userId: number) {
  const db = await getDb();
  return db.selectFrom("client_notes").select(["body", "kind"]).where("user_id", "=", userId).execute();
}

const path = (id: number) => `/vendor/clients/${id}`;
const note = (fields: Record<string, string> = {}) => ({ intent: "add_note", kind: "note", body: "Prefers cool water", noted_on: lagosToday(), ...fields });

describe("/vendor/clients/:id", () => {
  test("the owner reads the record with tel: and WhatsApp phone; another salon's owner gets not found for the same id", async () => {
    const owner = await demoVendor();
    const stylist = await demoStylist();
    const c = await clientOf(owner.vendorId, stylist.memberId);
    const page = await run<Record_>(loader, get(path(c.id), owner.cookie), { id: String(c.id) });
    expect(page.status).toBe(200);
    expect(page.body.client).toMatchObject({ name: "Folake Test", phone: "+2348032221100" });
    expect(page.body.notes).toEqual([]);
    const other = await createVendor("other-salon-record");
    expect((await run(loader, get(path(c.id), other.cookie), { id: String(c.id) })).status).toBe(404);
    expect((await run(action, post(path(c.id), note(), other.cookie), { id: String(c.id) })).status).toBe(404);
    for (const id of ["abc", "0", "99999999"]) expect((await run(loader, get(`/vendor/clients/${id}`, owner.cookie), { id })).status).toBe(404);
    expect(await notesOf(c.id)).toEqual([]);
  });

  test("a stylist opens their own clients only (403 otherwise, page and actions), phone masked, notes only if the owner allows", async () => {
    const owner = await demoVendor();
    const stylist = await demoStylist();
    const other = await teamMember(owner.vendorId, "stylist", "Other Stylist");
    const mine = await clientOf(owner.vendorId, stylist.memberId, "0803 222 1101");
    const theirs = await clientOf(owner.vendorId, other.memberId, "0803 222 1102");
    expect((await run(loader, get(path(theirs.id), stylist.cookie), { id: String(theirs.id) })).status).toBe(403);
    expect((await run(action, post(path(theirs.id), note(), stylist.cookie), { id: String(theirs.id) })).status).toBe(403);
    expect((await run(action, post(path(theirs.id), { intent: "block" }, stylist.cookie), { id: String(theirs.id) })).status).toBe(403);
    const page = await run<Record_>(loader, get(path(mine.id), stylist.cookie), { id: String(mine.id) });
    expect(page.status).toBe(200);
    expect(page.body.client.phone).toBe("•••• 1101");
    expect(page.body.notes).toBeNull();
    expect(page.body.canBlock).toBe(false);
    // Notes are the owner's to share: refused until then, and the stylist can never block.
    const refused = await run(action, post(path(mine.id), note(), stylist.cookie), { id: String(mine.id) });
    expect(refused.status).toBe(403);
    expect((await run(action, post(path(mine.id), { intent: "block" }, stylist.cookie), { id: String(mine.id) })).status).toBe(403);
    expect(await notesOf(mine.id)).toEqual([]);
    expect((await run(listAction, post("/vendor/clients", { prepay_after: "0", notes_for_stylists: "on" }, stylist.cookie))).status).toBe(403);
    expect((await run(listAction, post("/vendor/clients", { prepay_after: "0", notes_for_stylists: "on" }, owner.cookie))).status).toBe(303);
    expect((await run(action, post(path(mine.id), note(), stylist.cookie), { id: String(mine.id) })).status).toBe(303);
    const shared = await run<Record_>(loader, get(path(mine.id), stylist.cookie), { id: String(mine.id) });
    expect(shared.body.notes?.map((n) => n.body)).toEqual(["Prefers cool water"]);
    // The stylist's list holds their own client, not the other member's.
    const list = await run<{ clients: { id: number }[] }>(listLoader, get("/vendor/clients", stylist.cookie));
    const ids = list.body.clients.map((x) => x.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    await run(listAction, post("/vendor/clients", { prepay_after: "0" }, owner.cookie));
  });

  test("notes: allergies and patch tests with date, product and result; bad input is a 400 that saves nothing; the customer never sees them", async () => {
    const owner = await demoVendor();
    const stylist = await demoStylist();
    const c = await clientOf(owner.vendorId, stylist.memberId, "0803 222 1103");
    const at = (fields: Record<string, string>) => run(action, post(path(c.id), note(fields), owner.cookie), { id: String(c.id) });
    const bad: [Record<string, string>, string][] = [
      [{ body: "" }, "Write the note"],
      [{ body: "x".repeat(501) }, "Keep the note under 500 characters"],
      [{ kind: "tattoo" }, "Choose what kind of note it is"],
      [{ noted_on: "yesterday-ish" }, "Date input not valid."],
      [{ noted_on: addDaysToDay(lagosToday(), 2) }, "A note's date can't be in the future."],
      [{ kind: "patch_test", product: "Relaxer" }, "A patch test needs the product and its result."],
      [{ kind: "patch_test", product: "Relaxer", result: "Maybe" }, "Choose the patch test's result"],
      [{ product: "p".repeat(81) }, "Keep the product under 80 characters"],
    ];
    for (const [fields, message] of bad) {
      const r = await at(fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(firstError(r.body)).toBe(message);
    }
    expect(await notesOf(c.id)).toEqual([]);
    expect((await at({ kind: "patch_test", product: "Dark & Lovely relaxer", result: "Passed", body: "48 h behind the ear" })).status).toBe(303);
    expect((await at({ kind: "allergy", product: "PPD", body: "Reacts to black dye" })).status).toBe(303);
    expect((await notesOf(c.id)).map((n) => n.kind).sort()).toEqual(["allergy", "patch_test"]);
    // Removing: another salon's note id, or an unreadable one, changes nothing.
    const db = await getDb();
    const [first] = await db.selectFrom("client_notes").select("id").where("user_id", "=", c.id).execute();
    const elsewhere = await createVendor("other-salon-notes");
    expect((await run(action, post(path(c.id), { intent: "remove_note", id: String(first!.id) }, elsewhere.cookie), { id: String(c.id) })).status).toBe(404);
    expect((await run(action, post(path(c.id), { intent: "remove_note", id: "x" }, owner.cookie), { id: String(c.id) })).status).toBe(400);
    expect(await notesOf(c.id)).toHaveLength(2);
    // The customer's own pages carry none of it.
    const theirs = await run(customerAppointments, get(`/user/appointment?ref=${c.ref}`, await cookieFor(c.email)));
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain("Reacts to black dye");
    expect(JSON.stringify(theirs.body)).not.toContain("relaxer");
  });

  test("the owner blocks a client: their online booking is refused with the salon's sentence; unblocking lets them book", async () => {
    const owner = await demoVendor();
    const stylist = await demoStylist();
    const c = await clientOf(owner.vendorId, stylist.memberId, "0803 222 1105");
    expect((await run(action, post(path(c.id), { intent: "block" }, owner.cookie), { id: String(c.id) })).status).toBe(303);
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const day = freshOpenDay(vendor.open_days);
    await expect(hold(c.id, service.id, day, 10)).rejects.toThrow(
      "Ronke's Beauty Lounge is not taking online bookings from your account. You can still message them.",
    );
    expect((await run(action, post(path(c.id), { intent: "unblock" }, owner.cookie), { id: String(c.id) })).status).toBe(303);
    expect((await hold(c.id, service.id, day, 10)).created).toBe(true);
    expect((await run(action, post(path(c.id), { intent: "explode" }, owner.cookie), { id: String(c.id) })).status).toBe(400);
  });

  test("the list: search by name or phone; a search too long and bad rules are 400s that change nothing", async () => {
    const owner = await demoVendor();
    const stylist = await demoStylist();
    const c = await clientOf(owner.vendorId, stylist.memberId, "0803 222 1106");
    const found = await run<{ clients: { id: number }[] }>(listLoader, get("/vendor/clients?q=0803%20222%201106", owner.cookie));
    expect(found.body.clients.map((x) => x.id)).toEqual([c.id]);
    expect((await run(listLoader, get(`/vendor/clients?q=${"a".repeat(61)}`, owner.cookie))).status).toBe(400);
    for (const prepay of ["11", "-1", "two"]) expect((await run(listAction, post("/vendor/clients", { prepay_after: prepay }, owner.cookie))).status).toBe(400);
    const db = await getDb();
    expect(
      (await db.selectFrom("vendors").select("prepay_after_no_shows").where("id", "=", owner.vendorId).executeTakeFirstOrThrow()).prepay_after_no_shows,
    ).toBe(0);
  });
});
