import { getDb } from "~/db/db.server";
import { addOwnerMember } from "~/db/team-owner.server";
import type { Insertable } from "kysely";
import type { Role, VendorsTable } from "~/db/schema";
import type { RegisterInput } from "~/utils/auth-schemas";
import { getEnv } from "~/utils/env.server";
import { randomToken, sha256 } from "~/utils/random.server";
import { deliverMail, sendMail } from "~/models/messaging/mail.server";
import { queueEmailConfirmation } from "./email-confirmation.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import type { SessionUser } from "./sessions.server";

// Account rules: sign-up, sign-in, forgotten and reset passwords. Inputs arrive validated by the
// shared schemas (app/utils/auth-schemas.ts); results are plain outcomes that callers turn into statuses.

export const RESET_TOKEN_MINUTES = 20;
const TOKEN_MAX = 200;

const nowIso = () => new Date().toISOString();

export type RegisterResult = { kind: "created"; userId: number; role: Role } | { kind: "email_taken" };

/** Creates a customer, or a vendor with a vendor profile when the person chose to open one. */
export async function registerAccount(input: RegisterInput): Promise<RegisterResult> {
  const db = await getDb();
  const email = input.email.toLowerCase();
  const taken = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (taken) return { kind: "email_taken" };
  const passwordHash = await hashPassword(input.password);
  const role: Role = input.account_type === "vendor" ? "vendor" : "customer";
  try {
    const { userId, mails } = await db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto("users")
        .values({
          email,
          password_hash: passwordHash,
          first_name: input.first_name,
          last_name: input.last_name,
          role,
          phone: null,
          address: null,
          city: null,
          state: null,
          created_at: nowIso(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (role === "vendor") {
        const businessName = input.business_name || `${input.first_name} ${input.last_name}`;
        const base = slugify(businessName);
        const clash = await tx.selectFrom("vendors").select("id").where("slug", "=", base).executeTakeFirst();
        // The user id keeps a repeated business name's address unique. Other columns take the table's defaults.
        const vendor: Pick<Insertable<VendorsTable>, "user_id" | "slug" | "business_name" | "created_at"> = {
          user_id: id,
          slug: clash ? `${base}-${id}` : base,
          business_name: businessName,
          created_at: nowIso(),
        };
        const { id: vendorId } = await tx
          .insertInto("vendors")
          .values(vendor as Insertable<VendorsTable>)
          .returning("id")
          .executeTakeFirstOrThrow();
        await addOwnerMember(tx, vendorId, vendor.created_at);
      }
      // The confirmation link goes out with the account (models/accounts/email-confirmation.server.ts).
      const mails = await queueEmailConfirmation(tx, { id, email, first_name: input.first_name });
      return { userId: id, mails };
    });
    for (const mail of mails) await deliverMail(mail);
    return { kind: "created", userId, role };
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, and the loser hears "taken".
    const again = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (again) return { kind: "email_taken" };
    throw error;
  }
}

function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40)
    .replace(/-$/, "");
  return slug || "vendor";
}

// A stored hash that no password matches, so an unknown e-mail costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

/** The account for an e-mail and password, or null; never says which of the two was wrong. */
export async function verifyCredentials(email: string, password: string): Promise<SessionUser | null> {
  const db = await getDb();
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", "role", "password_hash"])
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  if (!user) {
    decoyHash ??= hashPassword(randomToken());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, user.password_hash))) return null;
  return { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name, role: user.role };
}

export type ForgotResult = { kind: "sent" } | { kind: "unknown_email" };

/**
 * E-mails a single-use reset link valid for 20 minutes. The token (256 random bits) is only in the e-mail; the
 * database keeps its SHA-256. A new link retires the person's earlier ones.
 */
export async function startPasswordReset(email: string): Promise<ForgotResult> {
  const db = await getDb();
  const user = await db.selectFrom("users").select(["id", "email", "first_name"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
  if (!user) return { kind: "unknown_email" };
  const token = randomToken(32);
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("password_resets").where("user_id", "=", user.id).where("used_at", "is", null).execute();
    await tx
      .insertInto("password_resets")
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  await sendMail({
    to: user.email,
    subject: "Reset your Glow password",
    text: [
      `Hello ${user.first_name},`,
      "",
      "We received a request to reset the password of your Glow account. Open this link to choose a new one:",
      "",
      `${getEnv().APP_URL}/reset/${token}`,
      "",
      `The link works once, for ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.`,
      "",
      "Glow",
    ].join("\n"),
  });
  return { kind: "sent" };
}

export type ResetResult = { kind: "changed" } | { kind: "wrong_email_or_token" };

/** Sets a new password with a valid link for that e-mail, uses the link up and signs the account out everywhere. */
export async function completePasswordReset(input: { email: string; token: string; password: string }): Promise<ResetResult> {
  if (input.token.length === 0 || input.token.length > TOKEN_MAX) return { kind: "wrong_email_or_token" };
  const db = await getDb();
  const row = await db
    .selectFrom("password_resets")
    .innerJoin("users", "users.id", "password_resets.user_id")
    .select(["password_resets.id", "password_resets.user_id", "password_resets.expires_at", "password_resets.used_at", "users.email"])
    .where("password_resets.token_hash", "=", sha256(input.token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= nowIso() || row.email !== input.email.toLowerCase()) {
    return { kind: "wrong_email_or_token" };
  }
  const passwordHash = await hashPassword(input.password);
  const changed = await db.transaction().execute(async (tx) => {
    // Claiming the link inside the transaction makes two simultaneous uses of one link change the password once.
    const claimed = await tx.updateTable("password_resets").set({ used_at: nowIso() }).where("id", "=", row.id).where("used_at", "is", null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await tx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", row.user_id).execute();
    await tx.deleteFrom("password_resets").where("user_id", "=", row.user_id).where("used_at", "is", null).execute();
    // A new password cancels an e-mail change waiting for its link (the old address's notice says so).
    await tx.deleteFrom("email_changes").where("user_id", "=", row.user_id).where("used_at", "is", null).execute();
    await tx.deleteFrom("sessions").where("user_id", "=", row.user_id).execute();
    return true;
  });
  return changed ? { kind: "changed" } : { kind: "wrong_email_or_token" };
}

// The e-mail a browser asked a link for (the reset call sends it), kept on the server for as long as the
// link lives, under the hash of a random token that only that browser's cookie holds.

export async function rememberResetEmail(email: string): Promise<string> {
  const db = await getDb();
  const token = randomToken();
  const now = new Date();
  await db.deleteFrom("remembered_reset_emails").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("remembered_reset_emails")
    .values({
      id: sha256(token),
      email: email.toLowerCase(),
      expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

export async function recallResetEmail(token: string | null | undefined): Promise<string | null> {
  if (!token || token.length > TOKEN_MAX) return null;
  const db = await getDb();
  const row = await db.selectFrom("remembered_reset_emails").select(["email", "expires_at"]).where("id", "=", sha256(token)).executeTakeFirst();
  return row && row.expires_at > nowIso() ? row.email : null;
}

export async function forgetResetEmail(token: string | null | undefined): Promise<void> {
  if (!token || token.length > TOKEN_MAX) return;
  const db = await getDb();
  await db.deleteFrom("remembered_reset_emails").where("id", "=", sha256(token)).execute();
}
