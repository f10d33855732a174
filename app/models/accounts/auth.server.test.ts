import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { sha256 } from "~/utils/random.server";
import { getRequest } from "../../../tests/request";
import { lastResetToken } from "../../../tests/mail";
import { cookieFor } from "../../../tests/session";
import {
  completePasswordReset,
  forgetResetEmail,
  recallResetEmail,
  registerAccount,
  rememberResetEmail,
  startPasswordReset,
  verifyCredentials,
} from "./auth.server";
import { recentMail } from "~/models/messaging/mail.server";
import { getSessionUser } from "~/http/session.server";

const person = {
  first_name: "Ngozi",
  last_name: "Eze",
  email: "ngozi@example.com",
  password: "Passw0rd",
  password_confirmation: "Passw0rd",
  account_type: "customer" as const,
};

describe("sign-up", () => {
  test("creates a customer whose password is stored hashed, and refuses the same e-mail in any case", async () => {
    const result = await registerAccount(person);
    expect(result).toMatchObject({ kind: "created", role: "customer" });
    const db = await getDb();
    const user = await db.selectFrom("users").selectAll().where("email", "=", "ngozi@example.com").executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(user.password_hash).not.toContain("Passw0rd");
    expect(await registerAccount({ ...person, email: "NGOZI@Example.com" })).toEqual({ kind: "email_taken" });
    expect(await registerAccount({ ...person, email: "customer@example.com" })).toEqual({ kind: "email_taken" });
  });

  test("two sign-ups racing for one e-mail create one account", async () => {
    const results = await Promise.all([registerAccount({ ...person, email: "race@example.com" }), registerAccount({ ...person, email: "race@example.com" })]);
    expect(results.map((r) => r.kind).sort()).toEqual(["created", "email_taken"]);
    const db = await getDb();
    expect(await db.selectFrom("users").select("id").where("email", "=", "race@example.com").execute()).toHaveLength(1);
  });

  test("a vendor account gets a vendor profile with a unique address", async () => {
    const a = await registerAccount({ ...person, email: "v1@example.com", account_type: "vendor", business_name: "Glam Studio" });
    const b = await registerAccount({ ...person, email: "v2@example.com", account_type: "vendor", business_name: "Glam Studio" });
    const c = await registerAccount({ ...person, email: "v3@example.com", account_type: "vendor" });
    const db = await getDb();
    const vendors = await db
      .selectFrom("vendors")
      .select(["user_id", "slug", "business_name"])
      .where(
        "user_id",
        "in",
        [a, b, c].map((r) => (r.kind === "created" ? r.userId : 0)),
      )
      .orderBy("user_id")
      .execute();
    expect(vendors.map((v) => v.business_name)).toEqual(["Glam Studio", "Glam Studio", "Ngozi Eze"]);
    expect(vendors[0]!.slug).toBe("glam-studio");
    expect(vendors[1]!.slug).toMatch(/^glam-studio-\d+$/);
    expect(vendors[2]!.slug).toBe("ngozi-eze");
    expect(a).toMatchObject({ role: "vendor" });
  });
});

describe("sign-in", () => {
  test("the demo accounts sign in; a wrong password or unknown e-mail does not", async () => {
    expect(await verifyCredentials("customer@example.com", "Customer123")).toMatchObject({ role: "customer", firstName: "Tolu" });
    expect(await verifyCredentials("VENDOR@example.com", "Vendor123")).toMatchObject({ role: "vendor" });
    expect(await verifyCredentials("customer@example.com", "customer123")).toBeNull();
    expect(await verifyCredentials("nobody@example.com", "Customer123")).toBeNull();
  });
});

describe("forgotten password", () => {
  test("an unknown e-mail is told so and nothing is sent", async () => {
    const before = (await recentMail()).length;
    expect(await startPasswordReset("nobody@example.com")).toEqual({ kind: "unknown_email" });
    expect((await recentMail()).length).toBe(before);
  });

  test("e-mails a link with a 256-bit token stored only as its hash, expiring in 20 minutes", async () => {
    const started = Date.now();
    expect(await startPasswordReset("Customer@Example.com")).toEqual({ kind: "sent" });
    const mail = (await recentMail())[0]!;
    expect(mail).toMatchObject({ to: "customer@example.com", subject: "Reset your Glow password" });
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/reset\/[A-Za-z0-9_-]{43}$/m);
    const token = await lastResetToken("customer@example.com");
    const db = await getDb();
    const row = await db.selectFrom("password_resets").selectAll().where("token_hash", "=", sha256(token)).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    const minutes = (Date.parse(row.expires_at) - started) / 60_000;
    expect(minutes).toBeGreaterThan(19.9);
    expect(minutes).toBeLessThan(20.1);
  });
});

describe("reset", () => {
  test("changes the password once, signs the account out everywhere, and the link is then spent", async () => {
    const cookie = await cookieFor("customer@example.com");
    await startPasswordReset("customer@example.com");
    const token = await lastResetToken("customer@example.com");
    expect(await completePasswordReset({ email: "customer@example.com", token, password: "NewPassw0rd" })).toEqual({ kind: "changed" });
    expect(await getSessionUser(getRequest("/", { cookie }))).toBeNull();
    expect(await verifyCredentials("customer@example.com", "NewPassw0rd")).not.toBeNull();
    expect(await verifyCredentials("customer@example.com", "Customer123")).toBeNull();
    expect(await completePasswordReset({ email: "customer@example.com", token, password: "Other1234" })).toEqual({ kind: "wrong_email_or_token" });
  });

  test("refuses another person's e-mail, a made-up token, an expired link and a superseded one", async () => {
    await startPasswordReset("vendor@example.com");
    const first = await lastResetToken("vendor@example.com");
    expect(await completePasswordReset({ email: "customer@example.com", token: first, password: "NewPassw0rd" })).toEqual({ kind: "wrong_email_or_token" });
    expect(await completePasswordReset({ email: "vendor@example.com", token: "x".repeat(43), password: "NewPassw0rd" })).toEqual({
      kind: "wrong_email_or_token",
    });
    expect(await completePasswordReset({ email: "vendor@example.com", token: "x".repeat(500), password: "NewPassw0rd" })).toEqual({
      kind: "wrong_email_or_token",
    });

    await startPasswordReset("vendor@example.com");
    const second = await lastResetToken("vendor@example.com");
    expect(await completePasswordReset({ email: "vendor@example.com", token: first, password: "NewPassw0rd" })).toEqual({ kind: "wrong_email_or_token" });

    const db = await getDb();
    await db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", sha256(second))
      .execute();
    expect(await completePasswordReset({ email: "vendor@example.com", token: second, password: "NewPassw0rd" })).toEqual({ kind: "wrong_email_or_token" });
    expect(await verifyCredentials("vendor@example.com", "Vendor123")).not.toBeNull();
  });

  test("two uses of one link at the same moment change the password once", async () => {
    await startPasswordReset("admin@example.com");
    const token = await lastResetToken("admin@example.com");
    const results = await Promise.all([
      completePasswordReset({ email: "admin@example.com", token, password: "FirstPassw0rd" }),
      completePasswordReset({ email: "admin@example.com", token, password: "SecondPassw0rd" }),
    ]);
    expect(results.filter((r) => r.kind === "changed")).toHaveLength(1);
  });
});

describe("the remembered reset e-mail", () => {
  test("is found by its token until forgotten or expired", async () => {
    const token = await rememberResetEmail("Ada@Example.com");
    expect(await recallResetEmail(token)).toBe("ada@example.com");
    expect(await recallResetEmail("another-token-of-forty-three-characters-xx")).toBeNull();
    expect(await recallResetEmail(null)).toBeNull();
    await forgetResetEmail(token);
    expect(await recallResetEmail(token)).toBeNull();

    const old = await rememberResetEmail("old@example.com");
    const db = await getDb();
    await db
      .updateTable("remembered_reset_emails")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where("id", "=", sha256(old))
      .execute();
    expect(await recallResetEmail(old)).toBeNull();
  });
});
