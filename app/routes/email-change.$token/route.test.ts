import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { completePasswordReset, startPasswordReset } from "~/models/accounts/auth.server";
import { hashPassword } from "~/utils/password.server";
import { OWN_PASSWORD, ownCustomer } from "../../../tests/accounts";
import { toastAfter } from "../../../tests/action";
import { mailsTo } from "../../../tests/booking";
import { cookieFor, get, post, run } from "../../../tests/booking-routes";
import { lastResetToken } from "../../../tests/mail";
import { createVendor } from "../../../tests/vendor";
import { action as profileAction, loader as profileLoader } from "../user.profile/route";
import { action as vendorProfileAction } from "../vendor.profile/route";
import { action, loader } from "./route";

// Changing an e-mail through the profile pages and the link sent to the new address (docs/decisions/012-email-change.md).

const details = { firstName: "Ada", lastName: "Test", phone: "08031234567", address: "4 Bode Thomas Street", city: "Surulere", state: "Lagos" };

type Person = Awaited<ReturnType<typeof ownCustomer>>;

const errorsOf = (body: unknown) => (body as { result: { error: Record<string, string[]> } }).result.error;

async function emailOf(id: number): Promise<string> {
  const row = await (await getDb()).selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow();
  return row.email;
}

async function sessionsOf(id: number): Promise<number> {
  const rows = await (await getDb()).selectFrom("sessions").select("id").where("user_id", "=", id).execute();
  return rows.length;
}

/** The token of the newest confirmation link e-mailed to `email`. */
async function linkTokenTo(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const token = mails.at(-1)?.text.match(/\/email-change\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link e-mailed to ${email}`);
  return token;
}

async function askToChange(person: Person, newEmail: string, extra: Record<string, string> = {}) {
  return run(profileAction, post("/user/profile", { ...details, email: newEmail, current_password: OWN_PASSWORD, ...extra }, person.cookie));
}

const confirm = (token: string, cookie?: string) => run(action, post(`/email-change/${token}`, {}, cookie), { token });
const open = (token: string, cookie?: string) =>
  run<{ newEmail: string | null; problem: { message: string } | null }>(loader, get(`/email-change/${token}`, cookie), { token });

describe("changing the e-mail on /user/profile", () => {
  test("without the current password, or with a wrong one, nothing changes (not even the other fields) and no e-mail is sent", async () => {
    const p = await ownCustomer();
    const newEmail = `new.${p.id}@example.com`;
    const missing = await run(profileAction, post("/user/profile", { ...details, firstName: "Changed", email: newEmail }, p.cookie));
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body).current_password).toEqual(["Enter your current password to change your e-mail."]);
    const wrong = await askToChange(p, newEmail, { current_password: "not-the-password", firstName: "Changed" });
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.body).current_password).toEqual(["That is not your current password. Nothing was saved."]);
    // The password typed is never sent back to the page.
    expect(JSON.stringify(wrong.body)).not.toContain("not-the-password");
    const row = await (await getDb()).selectFrom("users").select(["first_name", "email"]).where("id", "=", p.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: "Ada", email: p.email });
    expect(await mailsTo(newEmail)).toEqual([]);
    expect(await mailsTo(p.email)).toEqual([]);
  });

  test("the right password saves the other fields, keeps the e-mail, mails a link to the new address and a notice to the old", async () => {
    const p = await ownCustomer();
    const newEmail = `Fresh.${p.id}@Example.com`;
    const asked = await askToChange(p, newEmail, { city: "Ikeja" });
    expect(asked.status).toBe(303);
    const lower = newEmail.toLowerCase();
    expect(
      (
        await toastAfter(
          asked
            .response!.headers.getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; "),
        )
      )?.message,
    ).toBe(`Your profile is saved. To change your e-mail, open the link we sent to ${lower}.`);
    const row = await (await getDb()).selectFrom("users").select(["city", "email"]).where("id", "=", p.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ city: "Ikeja", email: p.email });
    const [link] = await mailsTo(lower);
    expect(link!.subject).toBe("Confirm your new Glow e-mail");
    expect(link!.text).toMatch(/\/email-change\/[A-Za-z0-9_-]{40,}/);
    const [notice] = await mailsTo(p.email);
    expect(notice!.text).toContain(`Your Glow e-mail is being changed to f***@example.com`);
    expect(notice!.text).toContain("If this wasn't you, reset your password");
    expect(notice!.text).not.toContain(lower);
    expect(notice!.text).not.toContain("/email-change/");
    // The profile says a change is waiting; only the token's hash is stored.
    const page = await run<{ pendingEmail: { newEmail: string } | null }>(profileLoader, get("/user/profile", p.cookie));
    expect(page.body.pendingEmail?.newEmail).toBe(lower);
    const token = await linkTokenTo(lower);
    const stored = await (await getDb()).selectFrom("email_changes").select("token_hash").where("user_id", "=", p.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);
  });

  test("following the link shows the new address; confirming changes the e-mail once, and the link is then spent", async () => {
    const p = await ownCustomer();
    const newEmail = `followed.${p.id}@example.com`;
    await askToChange(p, newEmail);
    const token = await linkTokenTo(newEmail);
    // Opening the link (what a mail scanner does too) changes nothing.
    const opened = await open(token);
    expect(opened.status).toBe(200);
    expect(opened.body.newEmail).toBe(newEmail);
    expect(await emailOf(p.id)).toBe(p.email);
    const done = await confirm(token, p.cookie);
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe("/user/profile");
    expect(await emailOf(p.id)).toBe(newEmail);
    // The person signs in with the new address from now on; the old one is free.
    const again = await confirm(token, p.cookie);
    expect(again.status).toBe(404);
    expect((await open(token)).status).toBe(404);
    expect(await emailOf(p.id)).toBe(newEmail);
  });

  test("a link followed in a browser that is signed out works too, and leads to sign-in", async () => {
    const p = await ownCustomer();
    const newEmail = `elsewhere.${p.id}@example.com`;
    await askToChange(p, newEmail);
    const done = await confirm(await linkTokenTo(newEmail));
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe("/login");
    expect(await emailOf(p.id)).toBe(newEmail);
  });

  test("'Sign out my other devices': on confirmation only the session that asked (and the one confirming) stay", async () => {
    const p = await ownCustomer();
    const otherDevices = [await cookieFor(p.email), await cookieFor(p.email)];
    const newEmail = `signout.${p.id}@example.com`;
    await askToChange(p, newEmail, { sign_out_others: "on" });
    expect(await sessionsOf(p.id)).toBe(3);
    expect((await confirm(await linkTokenTo(newEmail))).status).toBe(303);
    expect(await sessionsOf(p.id)).toBe(1);
    expect((await run(profileLoader, get("/user/profile", p.cookie))).status).toBe(200);
    for (const cookie of otherDevices) expect((await run(profileLoader, get("/user/profile", cookie))).status).toBe(302);
  });

  test("without that choice every session stays signed in", async () => {
    const p = await ownCustomer();
    await cookieFor(p.email);
    const newEmail = `keepall.${p.id}@example.com`;
    await askToChange(p, newEmail);
    expect((await confirm(await linkTokenTo(newEmail))).status).toBe(303);
    expect(await sessionsOf(p.id)).toBe(2);
  });
});

describe("hostile links", () => {
  test("an expired link is refused (404) and changes nothing", async () => {
    const p = await ownCustomer();
    const newEmail = `expired.${p.id}@example.com`;
    await askToChange(p, newEmail);
    const token = await linkTokenTo(newEmail);
    await (
      await getDb()
    )
      .updateTable("email_changes")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", p.id)
      .execute();
    expect((await open(token)).status).toBe(404);
    const refused = await confirm(token, p.cookie);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).toContain("This link no longer works");
    expect(await emailOf(p.id)).toBe(p.email);
  });

  test("a link of another account, followed while signed in as someone else, is refused (403) and stays usable by its owner", async () => {
    const owner = await ownCustomer();
    const intruder = await ownCustomer();
    const newEmail = `owned.${owner.id}@example.com`;
    await askToChange(owner, newEmail, { sign_out_others: "on" });
    const token = await linkTokenTo(newEmail);
    const shown = await open(token, intruder.cookie);
    expect(shown.status).toBe(403);
    expect(shown.body.newEmail).toBeNull();
    const refused = await confirm(token, intruder.cookie);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain("This link belongs to another Glow account");
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect(await emailOf(intruder.id)).toBe(intruder.email);
    expect(await sessionsOf(intruder.id)).toBe(1);
    expect((await confirm(token, owner.cookie)).status).toBe(303);
    expect(await emailOf(owner.id)).toBe(newEmail);
  });

  test("an address another account took meanwhile is refused with a clear message (409); the e-mail stays", async () => {
    const p = await ownCustomer();
    const rival = await ownCustomer();
    const newEmail = `contested.${p.id}@example.com`;
    await askToChange(p, newEmail);
    const token = await linkTokenTo(newEmail);
    await askToChange(rival, newEmail);
    expect((await confirm(await linkTokenTo(newEmail), rival.cookie)).status).toBe(303);
    const refused = await confirm(token, p.cookie);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(`${newEmail} is now used by another Glow account, so your e-mail stays as it was.`);
    expect(await emailOf(p.id)).toBe(p.email);
    expect(await emailOf(rival.id)).toBe(newEmail);
  });

  test("a newer request retires the older link; a token that was never issued, or is malformed, is 404", async () => {
    const p = await ownCustomer();
    await askToChange(p, `first.${p.id}@example.com`);
    const first = await linkTokenTo(`first.${p.id}@example.com`);
    await askToChange(p, `second.${p.id}@example.com`);
    expect((await confirm(first, p.cookie)).status).toBe(404);
    expect((await confirm("A".repeat(43), p.cookie)).status).toBe(404);
    expect((await confirm("bad token!", p.cookie)).status).toBe(404);
    expect(await emailOf(p.id)).toBe(p.email);
  });

  test("a new password (the old address's notice says so) cancels a waiting change", async () => {
    const p = await ownCustomer();
    const newEmail = `attacker.${p.id}@example.com`;
    await askToChange(p, newEmail);
    const token = await linkTokenTo(newEmail);
    await startPasswordReset(p.email);
    const reset = await completePasswordReset({ email: p.email, token: await lastResetToken(p.email), password: "brand-new-pass-2" });
    expect(reset.kind).toBe("changed");
    expect((await confirm(token)).status).toBe(404);
    expect(await emailOf(p.id)).toBe(p.email);
  });

  test("a cross-site POST to a link is refused with 403 and changes nothing", async () => {
    const p = await ownCustomer();
    const newEmail = `csrf.${p.id}@example.com`;
    await askToChange(p, newEmail);
    const token = await linkTokenTo(newEmail);
    const foreign = await run(
      action,
      new Request(`http://localhost:3000/email-change/${token}`, { method: "POST", headers: { Origin: "null", Cookie: p.cookie } }),
      { token },
    );
    expect(foreign.status).toBe(403);
    expect(await emailOf(p.id)).toBe(p.email);
  });
});

describe("changing the e-mail on /vendor/profile", () => {
  test("needs the password, and changes only through the link", async () => {
    const vendor = await createVendor(`mail${Date.now()}`);
    const db = await getDb();
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword(OWN_PASSWORD) })
      .where("id", "=", vendor.userId)
      .execute();
    const fields = {
      first_name: "Bola",
      last_name: "Vendor",
      phone: "08031234567",
      email: `moved.${vendor.userId}@example.com`,
      service: "Braids",
      address: "12 Admiralty Way, Lekki",
    };
    const send = (extra: Record<string, string>) => run(vendorProfileAction, post("/vendor/profile?edit=1", { ...fields, ...extra }, vendor.cookie));
    const wrong = await send({ current_password: "nope-nope-1" });
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.body).current_password).toEqual(["That is not your current password. Nothing was saved."]);
    expect((await db.selectFrom("users").select("first_name").where("id", "=", vendor.userId).executeTakeFirstOrThrow()).first_name).not.toBe("Bola");
    expect((await send({ current_password: OWN_PASSWORD })).status).toBe(303);
    expect(await emailOf(vendor.userId)).toBe(vendor.email);
    const done = await confirm(await linkTokenTo(fields.email), vendor.cookie);
    expect(done.response!.headers.get("Location")).toBe("/vendor/profile");
    expect(await emailOf(vendor.userId)).toBe(fields.email);
  });
});
