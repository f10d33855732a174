import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import * as layout from "~/routes/vendor";
import * as index from "~/routes/vendor._index";
import * as appointments from "~/routes/vendor.appointment/route";
import * as day from "~/routes/vendor.day/route";
import * as profile from "~/routes/vendor.profile/route";
import * as hours from "~/routes/vendor.hours/route";
import * as services from "~/routes/vendor.services._index/route";
import * as create from "~/routes/vendor.services.create/route";
import * as chats from "~/routes/vendor.chats";
import * as chat from "~/routes/vendor.chats.$id";
import * as reviews from "~/routes/vendor.reviews/route";
import * as finance from "~/routes/vendor.finance";
import * as withdraw from "~/routes/vendor.withdraw._index/route";
import * as account from "~/routes/vendor.withdraw.account/route";
import * as verify from "~/routes/vendor.withdraw.verify/route";
import * as invite from "~/routes/vendor.team_.invite/route";
import * as team from "~/routes/vendor.team/route";
import * as calendar from "~/routes/vendor.calendar/route";
import * as report from "~/routes/vendor.finance_.report/route";
import * as appointmentsCsv from "~/routes/vendor.finance_.appointments[.csv]";
import * as ledgerCsv from "~/routes/vendor.finance_.ledger[.csv]";
import * as clients from "~/routes/vendor.clients._index/route";
import * as client from "~/routes/vendor.clients.$id/route";
import * as newAppointment from "~/routes/vendor.appointment_.new/route";
import { loader as rootLoader } from "~/root";
import { formRequest, getRequest } from "./request";
import { demoStylist, teamMember } from "./staff";
import { demoVendor, run } from "./vendor";

// Every vendor page and action for each role of a salon's team (docs/domain.md, "Roles"): the owner everything, a
// manager everything but money and the team's roles, a stylist their own day only. A refusal is a 403 from the
// server (the salon's book sends a stylist to their day), and a refused action changes nothing.

type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
type Role = "owner" | "manager" | "stylist";
/** What each role gets: a status, or "in" for an action that reaches its form's checks (anything but 403 and 5xx). */
type Expect = Record<Role, number | "in">;

const ALL: Expect = { owner: 200, manager: 200, stylist: 200 };
const RUNS: Expect = { owner: 200, manager: 200, stylist: 403 };
const MONEY: Expect = { owner: 200, manager: 403, stylist: 403 };
const OWNER: Expect = { owner: 200, manager: 403, stylist: 403 };
const act = (e: Expect): Expect => ({
  owner: e.owner === 200 ? "in" : e.owner,
  manager: e.manager === 200 ? "in" : e.manager,
  stylist: e.stylist === 200 ? "in" : e.stylist,
});

const pages: [string, Fn, Expect, Record<string, string>?][] = [
  ["/vendor", layout.loader as Fn, ALL],
  ["/vendor", index.loader as Fn, { owner: 302, manager: 302, stylist: 302 }],
  ["/vendor/appointment", appointments.loader as Fn, { owner: 200, manager: 200, stylist: 302 }],
  ["/vendor/day", day.loader as Fn, ALL],
  ["/vendor/calendar", calendar.loader as Fn, ALL],
  ["/vendor/finance/report", report.loader as Fn, MONEY],
  ["/vendor/finance/appointments.csv", appointmentsCsv.loader as Fn, MONEY],
  ["/vendor/finance/ledger.csv", ledgerCsv.loader as Fn, MONEY],
  ["/vendor/profile", profile.loader as Fn, RUNS],
  ["/vendor/hours", hours.loader as Fn, RUNS],
  ["/vendor/services", services.loader as Fn, RUNS],
  ["/vendor/services/create", create.loader as Fn, RUNS],
  ["/vendor/chats", chats.loader as Fn, RUNS],
  ["/vendor/chats/1", chat.loader as Fn, RUNS, { id: "1" }],
  ["/vendor/reviews", reviews.loader as Fn, RUNS],
  ["/vendor/finance", finance.loader as Fn, MONEY],
  ["/vendor/withdraw", withdraw.loader as Fn, MONEY],
  ["/vendor/withdraw/account?id=1", account.loader as Fn, MONEY],
  ["/vendor/withdraw/verify?id=1", verify.loader as Fn, MONEY],
  ["/vendor/team", team.loader as Fn, RUNS],
  ["/vendor/team/invite", invite.loader as Fn, RUNS],
  // A stylist's clients are those of their own appointments (docs/domain.md, "Clients"): the list and the booking form
  // open for every member; a client of another member's is 403 (the walk-in regular's, below).
  ["/vendor/clients", clients.loader as Fn, ALL],
  ["/vendor/appointment/new", newAppointment.loader as Fn, ALL],
];

/** Each action with fields that would change something if it were let through (real ids of the demo vendor). */
async function actions(): Promise<[string, Fn, Record<string, string>, Expect, Record<string, string>?][]> {
  const db = await getDb();
  const { vendorId } = await demoVendor();
  const ownersRequest = await db
    .selectFrom("appointments as a")
    .innerJoin("team_members as m", "m.id", "a.member_id")
    .select("a.id")
    .where("a.vendor_id", "=", vendorId)
    .where("a.status", "=", "requested")
    .where("m.role", "=", "owner")
    .executeTakeFirstOrThrow();
  const service = await db.selectFrom("services").select("id").where("vendor_id", "=", vendorId).where("status", "=", "active").executeTakeFirstOrThrow();
  const bank = await db.selectFrom("bank_accounts").select("id").where("vendor_id", "=", vendorId).executeTakeFirstOrThrow();
  const tolu = await db.selectFrom("team_members").select("id").where("vendor_id", "=", vendorId).where("name", "=", "Tolu Bakare").executeTakeFirstOrThrow();
  const owner = await db.selectFrom("team_members").select("id").where("vendor_id", "=", vendorId).where("role", "=", "owner").executeTakeFirstOrThrow();
  const walkIn = await walkInClient();
  return [
    ["/vendor/appointment", appointments.action as Fn, { intent: "decline", id: String(ownersRequest.id), reason: "Fully booked" }, act(RUNS)],
    ["/vendor/day", day.action as Fn, { intent: "complete", id: "1" }, act(ALL)],
    // Moving the salon's bookings and blocking another member's hours are for the owner and managers.
    [
      "/vendor/calendar",
      calendar.action as Fn,
      { intent: "move", id: String(ownersRequest.id), member: String(tolu.id), day: "2099-01-01", time: "10" },
      act(RUNS),
    ],
    ["/vendor/calendar", calendar.action as Fn, { intent: "block", member: String(tolu.id), day: "2099-01-01", from_hour: "13", to_hour: "15" }, act(RUNS)],
    ["/vendor/profile", profile.action as Fn, { first_name: "" }, act(RUNS)],
    ["/vendor/hours", hours.action as Fn, { intent: "rules" }, act(RUNS)],
    ["/vendor/services", services.action as Fn, { intent: "pause", id: String(service.id) }, act(RUNS)],
    ["/vendor/services/create", create.action as Fn, { intent: "overview", title: "" }, act(RUNS)],
    ["/vendor/chats/1", chat.action as Fn, { intent: "send", body: "" }, act(RUNS), { id: "1" }],
    ["/vendor/reviews", reviews.action as Fn, { intent: "reply", id: "1", body: "" }, act(RUNS)],
    ["/vendor/withdraw", withdraw.action as Fn, { intent: "delete-account", accountId: String(bank.id) }, act(MONEY)],
    ["/vendor/withdraw/account?id=1", account.action as Fn, { intent: "verify", code: "12" }, act(MONEY)],
    ["/vendor/withdraw/verify?id=1", verify.action as Fn, { intent: "verify", code: "12" }, act(MONEY)],
    // Making a manager, by invitation or by a role change, is the owner's alone; a manager invites stylists.
    [
      "/vendor/team/invite",
      invite.action as Fn,
      { intent: "invite", email: "new.member@example.com", role: "manager", member: "new", name: "Ada Obi" },
      act(OWNER),
    ],
    ["/vendor/team/invite", invite.action as Fn, { intent: "invite", email: "new.stylist@example.com", role: "stylist", member: "new", name: "" }, act(RUNS)],
    ["/vendor/team", team.action as Fn, { intent: "role", member: String(tolu.id), role: "manager" }, act(OWNER)],
    ["/vendor/clients", clients.action as Fn, { prepay_after: "0", notes_for_stylists: "on" }, act(RUNS)],
    [`/vendor/clients/${walkIn.id}`, client.action as Fn, { intent: "add_note", kind: "note", body: "" }, act(RUNS), { id: String(walkIn.id) }],
    ["/vendor/appointment/new", newAppointment.action as Fn, { member: String(owner.id), service: String(service.id) }, act(RUNS)],
  ];
}

/** The seeded walk-in regular: a client of the owner's appointments only (app/db/seed-clients.server.ts). */
async function walkInClient() {
  const db = await getDb();
  return db.selectFrom("users").select("id").where("email", "=", "client-demo-walk-in@clients.glow.invalid").executeTakeFirstOrThrow();
}

async function cookies(): Promise<Record<Role, string>> {
  const owner = await demoVendor();
  const manager = await teamMember(owner.vendorId, "manager", "Bisi Manager");
  return { owner: owner.cookie, manager: manager.cookie, stylist: (await demoStylist()).cookie };
}

/** The demo vendor's rows a refused action could have touched, to compare before and after. */
async function snapshot(): Promise<string> {
  const db = await getDb();
  const { vendorId, userId } = await demoVendor();
  const rows = await Promise.all([
    db.selectFrom("vendors").selectAll().where("id", "=", vendorId).execute(),
    db.selectFrom("users").selectAll().where("id", "=", userId).execute(),
    db.selectFrom("services").select(["id", "status", "title"]).where("vendor_id", "=", vendorId).execute(),
    db.selectFrom("appointments").select(["id", "status", "updated_at"]).where("vendor_id", "=", vendorId).execute(),
    db.selectFrom("bank_accounts").selectAll().where("vendor_id", "=", vendorId).execute(),
    db.selectFrom("withdrawals").selectAll().where("vendor_id", "=", vendorId).execute(),
    db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .execute(),
    db.selectFrom("reviews").select(["id", "reply_body"]).where("reply_body", "is not", null).execute(),
    db.selectFrom("team_members").selectAll().where("vendor_id", "=", vendorId).execute(),
    db.selectFrom("team_invitations").selectAll().execute(),
    db.selectFrom("team_time_off").selectAll().execute(),
  ]);
  return JSON.stringify(rows);
}

describe("each role of the team opens what it may, route by route", () => {
  test("pages: the owner everything, a manager all but money and the team's roles, a stylist their own day", async () => {
    const who = await cookies();
    for (const [path, loader, expected, params = {}] of pages) {
      for (const role of ["owner", "manager", "stylist"] as const) {
        const outcome = await run(() => loader({ request: getRequest(path, { cookie: who[role] }), params, context: {} }));
        expect(outcome.status, `${role} GET ${path}`).toBe(expected[role]);
      }
    }
  });

  test("a client's record: the owner and a manager open it, a stylist whose client it is not gets 403", async () => {
    const who = await cookies();
    const { id } = await walkInClient();
    for (const [role, status] of [
      ["owner", 200],
      ["manager", 200],
      ["stylist", 403],
    ] as const) {
      const outcome = await run(() =>
        client.loader({ request: getRequest(`/vendor/clients/${id}`, { cookie: who[role] }), params: { id: String(id) }, context: {} }),
      );
      expect(outcome.status, `${role} GET /vendor/clients/${id}`).toBe(status);
    }
  });

  test("where each role lands: the salon's book, or a stylist's own day", async () => {
    const who = await cookies();
    const land = async (cookie: string, loader: Fn, path: string) =>
      (await run(() => loader({ request: getRequest(path, { cookie }), params: {}, context: {} }))).location;
    expect(await land(who.owner, index.loader as Fn, "/vendor")).toBe("/vendor/appointment");
    expect(await land(who.manager, index.loader as Fn, "/vendor")).toBe("/vendor/appointment");
    expect(await land(who.stylist, index.loader as Fn, "/vendor")).toBe("/vendor/day");
    expect(await land(who.stylist, appointments.loader as Fn, "/vendor/appointment")).toBe("/vendor/day");
  });

  test("actions: a role refused gets 403 and nothing changes; an allowed one reaches the form's checks", async () => {
    const who = await cookies();
    const all = await actions();
    expect(all.length).toBeGreaterThan(10);
    // Refused roles first: the owner's own attempt may then change what it names.
    for (const [path, action, fields, expected, params = {}] of all) {
      for (const role of ["stylist", "manager", "owner"] as const) {
        const refused = expected[role] !== "in";
        const before = refused ? await snapshot() : "";
        const outcome = await run(() => action({ request: formRequest(path, fields, { cookie: who[role] }), params, context: {} }));
        expect(outcome.status, `${role} POST ${path}`).toBeLessThan(500);
        expect(outcome.status === 403, `${role} POST ${path}: ${outcome.status}`).toBe(refused);
        expect(refused ? await snapshot() : "", `${role} POST ${path} changed something`).toBe(before);
      }
    }
  });

  test("the sidebar lists what the role may open, and greets the member by their own name", async () => {
    const who = await cookies();
    const frame = async (cookie: string) => (await run(() => layout.loader({ request: getRequest("/vendor/day", { cookie }), params: {}, context: {} }))).data;
    expect((await frame(who.owner)).sections).toEqual([
      "settings",
      "appointments",
      "own-day",
      "services",
      "messages",
      "money",
      "reviews",
      "team",
      "team-roles",
    ]);
    expect((await frame(who.manager)).sections).toEqual(["settings", "appointments", "own-day", "services", "messages", "reviews", "team"]);
    const stylist = await frame(who.stylist);
    expect(stylist.sections).toEqual(["own-day"]);
    expect(stylist).toMatchObject({ firstName: "Chidi", role: "Stylist", businessName: "Ronke's Beauty Lounge" });
    // A stylist's badge counts their own requests only: the seed gave Chidi one of the salon's four.
    expect(stylist.newRequests).toBe(1);
  });

  test("the account menu of a member who is not the owner lists only what their role opens; the owner's is as before", async () => {
    const who = await cookies();
    const user = async (cookie: string) => (await run(() => rootLoader({ request: getRequest("/vendor/day", { cookie }), params: {}, context: {} }))).data.user;
    expect((await user(who.stylist)).opens).toEqual(["own-day"]);
    expect((await user(who.manager)).opens).toEqual(["appointments", "own-day", "services", "team", "messages", "reviews", "settings"]);
    expect(await user(who.owner)).not.toHaveProperty("opens");
  });

  test("a deactivated member, or one of an account never linked, acts for nobody", async () => {
    const owner = await demoVendor();
    const member = await teamMember(owner.vendorId, "stylist", "Gone Stylist");
    const db = await getDb();
    await db.updateTable("team_members").set({ active: 0 }).where("id", "=", member.memberId).execute();
    const outcome = await run(() => day.loader({ request: getRequest("/vendor/day", { cookie: member.cookie }), params: {}, context: {} } as never));
    expect(outcome.status).toBe(403);
    expect(outcome.data).toBe("This account is not on a salon's team.");
  });
});
