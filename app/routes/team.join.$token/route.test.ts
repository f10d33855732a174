import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { sha256 } from "~/utils/random.server";
import { verifyPassword } from "~/utils/password.server";
import { createCustomer } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { demoStylist, teamMember } from "../../../tests/staff";
import { createVendor, demoVendor } from "../../../tests/vendor";
import { action as inviteAction, loader as inviteLoader } from "../vendor.team_.invite/route";
import { loader as dayLoader } from "../vendor.day/route";
import { action, loader } from "./route";

// The owner invites by e-mail; the link is single-use, stored hashed, expires in 7 days; the person joins with a new
// account or their existing one (docs/domain.md, "Roles").

let n = 0;
const freshEmail = () => `invitee${++n}-${Date.now()}@example.com`;

async function invite(fields: Record<string, string>, cookie?: string) {
  const owner = cookie ?? (await demoVendor()).cookie;
  return run(
    inviteAction,
    post("/vendor/team/invite", { intent: "invite", role: "stylist", member: "new", name: "Ada Obi", title: "Braider", ...fields }, owner),
  );
}

async function linkFor(email: string): Promise<string> {
  const db = await getDb();
  const mail = await db.selectFrom("outbox").select("text").where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
  const token = mail.text.match(/\/team\/join\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation e-mailed to ${email}`);
  return token;
}

const join = (token: string, fields: Record<string, string>, cookie?: string) => run(action, post(`/team/join/${token}`, fields, cookie), { token });
type Join = { invitation: Record<string, unknown> | null; problem: { message: string } | null };
const open = (token: string, cookie?: string) => run<Join>(loader, get(`/team/join/${token}`, cookie), { token });
const newAccount = { intent: "create", first_name: "Ada", last_name: "Obi", password: "Braids123", password_confirmation: "Braids123" };

describe("inviting a member and joining by the link", () => {
  test("the owner invites: a new member with the role, the link e-mailed, only its hash stored, 7 days", async () => {
    const email = freshEmail();
    const sent = await invite({ email, role: "manager" });
    expect(sent.status).toBe(303);
    const token = await linkFor(email);
    const db = await getDb();
    const row = await db
      .selectFrom("team_invitations as i")
      .innerJoin("team_members as m", "m.id", "i.member_id")
      .select(["i.token_hash", "i.expires_at", "i.created_at", "m.name", "m.role", "m.title", "m.user_id"])
      .where("i.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(await db.selectFrom("team_invitations").selectAll().execute())).not.toContain(token);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * 86_400_000);
    expect(row).toMatchObject({ name: "Ada Obi", role: "manager", title: "Braider", user_id: null });
    const page = await run<{ pending: { email: string; role: string }[] }>(inviteLoader, get("/vendor/team/invite", (await demoVendor()).cookie));
    expect(page.body.pending.find((p) => p.email === email)).toMatchObject({ role: "Manager" });
  });

  test("a new person sets a password and joins: signed in, on the team with the role; the link then is used up", async () => {
    const email = freshEmail();
    await invite({ email });
    const token = await linkFor(email);
    const shown = await open(token);
    expect(shown.status).toBe(200);
    expect(shown.body.invitation).toMatchObject({ businessName: "Ronke's Beauty Lounge", memberName: "Ada Obi", role: "Stylist", accountExists: false });

    const joined = await join(token, newAccount);
    expect(joined.status).toBe(303);
    expect(joined.response!.headers.get("Location")).toBe("/vendor");
    const cookie = joined.response!.headers.get("Set-Cookie")!.split(";")[0]!;
    const db = await getDb();
    const user = await db.selectFrom("users").select(["id", "role", "password_hash", "first_name"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.role).toBe("vendor");
    expect(await verifyPassword("Braids123", user.password_hash)).toBe(true);
    const member = await db.selectFrom("team_members").select(["role", "user_id"]).where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(member.role).toBe("stylist");
    expect((await run(dayLoader, get("/vendor/day", cookie))).status).toBe(200);

    // Used: the page says so, and a second join changes nothing.
    const reopened = await open(token);
    expect(reopened.status).toBe(409);
    expect(reopened.body.problem!.message).toBe("This invitation was used already. Sign in to open your salon's dashboard.");
    const users = Number(
      (
        await db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect((await join(token, newAccount)).status).toBe(409);
    expect(
      Number(
        (
          await db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(users);
  });

  test("an existing customer account signs in and joins; it becomes a staff account", async () => {
    const created = await createCustomer("Kemi");
    const customer = { id: created.id, email: freshEmail() };
    await (await getDb()).updateTable("users").set({ email: customer.email }).where("id", "=", customer.id).execute();
    await invite({ email: customer.email });
    const token = await linkFor(customer.email);
    expect((await open(token)).body.invitation).toMatchObject({ accountExists: true });
    // Not signed in, the new-account form is refused: the account exists.
    expect((await join(token, newAccount)).status).toBe(409);
    const cookie = await cookieFor(customer.email);
    expect((await open(token, cookie)).status).toBe(200);
    const joined = await join(token, { intent: "join" }, cookie);
    expect(joined.status).toBe(303);
    const db = await getDb();
    expect((await db.selectFrom("users").select("role").where("id", "=", customer.id).executeTakeFirstOrThrow()).role).toBe("vendor");
    expect(await db.selectFrom("team_members").select("id").where("user_id", "=", customer.id).executeTakeFirst()).toBeDefined();
  });

  test("expired, forged, or opened by another signed-in account: a clear page, never a 500, nothing joined", async () => {
    const email = freshEmail();
    await invite({ email });
    const token = await linkFor(email);
    const other = await cookieFor("customer@example.com");
    const elsewhere = await open(token, other);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.problem!.message).toMatch(/^This invitation is for i\*\*\*@example\.com, and you are signed in to another Glow account\./);
    expect((await join(token, { intent: "join" }, other)).status).toBe(403);

    for (const forged of ["not-a-real-token", "x".repeat(300), "%00", "a b"]) {
      const outcome = await open(forged);
      expect(outcome.status, forged).toBe(404);
      expect((await join(forged, newAccount)).status, forged).toBe(404);
    }

    const db = await getDb();
    await db
      .updateTable("team_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", sha256(token))
      .execute();
    const expired = await open(token);
    expect(expired.status).toBe(410);
    expect(expired.body.problem!.message).toBe("This invitation has expired. Ask the salon's owner to invite you again.");
    expect((await join(token, newAccount)).status).toBe(410);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  test("bad input: a clear 4xx on the same page, nothing changed", async () => {
    const db = await getDb();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("team_invitations")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad: [Record<string, string>, string, number][] = [
      [{ email: "not an e-mail" }, "Invalid email address", 400],
      [{ email: freshEmail(), role: "owner" }, "Choose Manager or Stylist", 400],
      [{ email: freshEmail(), name: "" }, "Enter the new member's name", 400],
      [{ email: freshEmail(), member: "99999999999" }, "Choose a member from the list", 400],
      [{ email: freshEmail(), title: "t".repeat(41) }, "Keep the title under 40 characters", 400],
      [{ email: "vendor@example.com" }, "That is your own e-mail: you are the owner already.", 400],
    ];
    for (const [fields, message, status] of bad) {
      const outcome = await invite(fields);
      expect(outcome.status, message).toBe(status);
      expect(firstError(outcome.body), message).toBe(message);
    }
    // A member of another vendor, or one who joined already, is not found.
    const elsewhere = await createVendor("invites");
    const foreign = await teamMember(elsewhere.vendorId, "stylist", "Foreign Stylist");
    await db.updateTable("team_members").set({ user_id: null }).where("id", "=", foreign.memberId).execute();
    const stylist = await demoStylist();
    for (const member of [foreign.memberId, stylist.memberId]) {
      const outcome = await invite({ email: freshEmail(), member: String(member) });
      expect(outcome.status).toBe(404);
      expect(firstError(outcome.body)).toBe("We couldn't find that member on your team.");
    }
    expect(await count()).toBe(before);

    const email = freshEmail();
    await invite({ email });
    const token = await linkFor(email);
    const weak = await join(token, { ...newAccount, password: "short", password_confirmation: "short" });
    expect(weak.status).toBe(400);
    expect(firstError(weak.body)).toBe("8-24 characters");
    const mismatch = await join(token, { ...newAccount, password_confirmation: "Braids124" });
    expect(mismatch.status).toBe(400);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  test("a re-invitation replaces the earlier link; the owner withdraws one; another vendor's is not found", async () => {
    const owner = await demoVendor();
    const email = freshEmail();
    await invite({ email });
    const first = await linkFor(email);
    const db = await getDb();
    const member = await db.selectFrom("team_invitations").select(["member_id", "id"]).where("token_hash", "=", sha256(first)).executeTakeFirstOrThrow();
    await invite({ email, member: String(member.member_id) });
    const second = await linkFor(email);
    expect((await open(first)).status).toBe(404);
    expect((await open(second)).status).toBe(200);
    const current = await db.selectFrom("team_invitations").select("id").where("token_hash", "=", sha256(second)).executeTakeFirstOrThrow();
    const elsewhere = await createVendor("withdrawer");
    expect((await run(inviteAction, post("/vendor/team/invite", { intent: "withdraw", id: String(current.id) }, elsewhere.cookie))).status).toBe(404);
    expect((await open(second)).status).toBe(200);
    expect((await run(inviteAction, post("/vendor/team/invite", { intent: "withdraw", id: String(current.id) }, owner.cookie))).status).toBe(303);
    expect((await open(second)).status).toBe(404);
  });

  test("a manager invites stylists only: a manager's invitation is refused on the page, a stylist cannot invite, nothing is sent", async () => {
    const owner = await demoVendor();
    const manager = await teamMember(owner.vendorId, "manager", "Bisi Manager");
    const db = await getDb();
    const sentTo = async (to: string) => (await db.selectFrom("outbox").select("id").where("to_address", "=", to).execute()).length;

    const page = await run<{ roles: string[] }>(inviteLoader, get("/vendor/team/invite", manager.cookie));
    expect(page.body.roles).toEqual(["stylist"]);
    const refused = freshEmail();
    const asManager = await invite({ email: refused, role: "manager" }, manager.cookie);
    expect(asManager.status).toBe(403);
    expect(firstError(asManager.body)).toBe("Only the salon's owner can invite or make a manager. Invite them as a stylist.");
    expect((await invite({ email: refused }, (await demoStylist()).cookie)).status).toBe(403);
    expect(await sentTo(refused)).toBe(0);

    const stylist = freshEmail();
    expect((await invite({ email: stylist, name: "Yemi Braids" }, manager.cookie)).status).toBe(303);
    expect(await sentTo(stylist)).toBe(1);
    const audit = await db
      .selectFrom("audit_events")
      .select(["action", "detail", "vendor_id"])
      .where("action", "=", "team.invite")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: "team.invite", detail: "Yemi Braids as stylist", vendor_id: owner.vendorId });

    // The owner's invitation of a manager: a manager may neither re-invite that member as a stylist nor withdraw it.
    const boss = freshEmail();
    expect((await invite({ email: boss, role: "manager", name: "Funke Lead" })).status).toBe(303);
    const funke = await db
      .selectFrom("team_members")
      .select(["id", "role"])
      .where("vendor_id", "=", owner.vendorId)
      .where("name", "=", "Funke Lead")
      .executeTakeFirstOrThrow();
    const reinvite = await invite({ email: freshEmail(), member: String(funke.id) }, manager.cookie);
    expect(reinvite.status).toBe(404);
    const pending = await db
      .selectFrom("team_invitations")
      .select("id")
      .where("member_id", "=", funke.id)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    const withdraw = await run(inviteAction, post("/vendor/team/invite", { intent: "withdraw", id: String(pending.id) }, manager.cookie));
    expect(withdraw.status).toBe(404);
    expect(await db.selectFrom("team_members").select(["id", "role"]).where("id", "=", funke.id).executeTakeFirstOrThrow()).toEqual(funke);
    expect(await db.selectFrom("team_invitations").select("id").where("id", "=", pending.id).executeTakeFirst()).toEqual(pending);
  });
});
