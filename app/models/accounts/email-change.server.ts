import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { randomToken, sha256 } from "~/utils/random.server";
import { deliverMail, queueMails } from "~/models/messaging/mail.server";
import { verifyPassword } from "~/utils/password.server";

// Changing the e-mail of an account (docs/decisions/012-email-change.md). It asks for the current password, and
// happens only when the link e-mailed to the new address is followed: a stolen session alone cannot move the
// account to another mailbox (from where "Forgot password" would keep it). The old address is told at once.
// Like a reset link, the token (256 random bits) is only in the e-mail; the table keeps its SHA-256.

export const EMAIL_CHANGE_HOURS = 24;
const TOKEN_MAX = 200;

const nowIso = () => new Date().toISOString();

/** "n***@example.com": enough for the owner to recognise, not a whole address for whoever reads the old mailbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export type EmailChangeRequest = {
  userId: number;
  newEmail: string;
  currentPassword: string;
  signOutOthers: boolean;
  /** The stored id of the session asking (it stays signed in if the others are signed out). */
  sessionId: string | null;
};

export type RequestOutcome = { kind: "sent"; newEmail: string } | { kind: "unchanged" } | { kind: "wrong_password" } | { kind: "email_taken" };

/**
 * Checks the password and that the address is free, then e-mails a single-use link to the new address and a notice
 * to the old one. A new request retires the person's earlier unused links. The e-mail itself does not change here.
 */
export async function requestEmailChange(input: EmailChangeRequest): Promise<RequestOutcome> {
  const db = await getDb();
  const newEmail = input.newEmail.trim().toLowerCase();
  const user = await db.selectFrom("users").select(["id", "email", "first_name", "password_hash"]).where("id", "=", input.userId).executeTakeFirstOrThrow();
  if (newEmail === user.email) return { kind: "unchanged" };
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) return { kind: "wrong_password" };
  const taken = await db.selectFrom("users").select("id").where("email", "=", newEmail).executeTakeFirst();
  if (taken) return { kind: "email_taken" };
  const token = randomToken(32);
  const now = new Date();
  const link = `${getEnv().APP_URL}/email-change/${token}`;
  const mails = await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("email_changes").where("user_id", "=", user.id).where("used_at", "is", null).execute();
    await tx
      .insertInto("email_changes")
      .values({
        user_id: user.id,
        new_email: newEmail,
        token_hash: sha256(token),
        requested_by_session: input.sessionId,
        sign_out_others: input.signOutOthers ? 1 : 0,
        expires_at: new Date(now.getTime() + EMAIL_CHANGE_HOURS * 3_600_000).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    return queueMails(tx, [
      {
        to: newEmail,
        subject: "Confirm your new Glow e-mail",
        text: [
          `Hello ${user.first_name},`,
          "",
          `You asked to use ${newEmail} for your Glow account. Open this link to confirm it:`,
          "",
          link,
          "",
          `The link works once, for ${EMAIL_CHANGE_HOURS} hours. Until then your account keeps its old e-mail. If you did not ask for this, ignore this e-mail.`,
          "",
          "Glow",
        ].join("\n"),
      },
      {
        to: user.email,
        subject: "Your Glow e-mail is being changed",
        text: [
          `Hello ${user.first_name},`,
          "",
          `Your Glow e-mail is being changed to ${maskEmail(newEmail)}. It changes once a link we sent to that address is opened.`,
          "",
          `If this wasn't you, reset your password now: ${getEnv().APP_URL}/reset/request`,
          "A new password cancels the change and signs your account out everywhere.",
          "",
          "Glow",
        ].join("\n"),
      },
    ]);
  });
  for (const mail of mails) await deliverMail(mail);
  return { kind: "sent", newEmail };
}

export type PendingChange = { userId: number; newEmail: string; expiresAt: string };

/** A link that can still be used: not used, not expired, not retired. Null for any other token. */
export async function findEmailChange(token: string): Promise<PendingChange | null> {
  if (token.length === 0 || token.length > TOKEN_MAX) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("email_changes")
    .select(["user_id", "new_email", "expires_at", "used_at"])
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= nowIso()) return null;
  return { userId: row.user_id, newEmail: row.new_email, expiresAt: row.expires_at };
}

/** The change waiting for its link, for the profile page. */
export async function pendingEmailChange(userId: number): Promise<{ newEmail: string; expiresAt: string } | null> {
  const db = await getDb();
  const row = await db
    .selectFrom("email_changes")
    .select(["new_email", "expires_at"])
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? { newEmail: row.new_email, expiresAt: row.expires_at } : null;
}

export type ConfirmOutcome =
  | { kind: "changed"; userId: number; email: string; signedOutOthers: boolean }
  | { kind: "invalid" }
  | { kind: "other_account" }
  | { kind: "email_taken"; email: string };

/**
 * Follows a link: the e-mail changes if the link is unused and unexpired and the address is still free. A browser
 * signed in to another account cannot use it (that person would change an account that is not theirs). With
 * "sign out my other devices", every session of the account ends except the one that asked and the one confirming.
 */
export async function confirmEmailChange(input: { token: string; signedInUserId: number | null; sessionId: string | null }): Promise<ConfirmOutcome> {
  const pending = await findEmailChange(input.token);
  if (!pending) return { kind: "invalid" };
  if (input.signedInUserId !== null && input.signedInUserId !== pending.userId) return { kind: "other_account" };
  const db = await getDb();
  try {
    return await db.transaction().execute(async (tx): Promise<ConfirmOutcome> => {
      const row = await tx
        .selectFrom("email_changes")
        .select(["id", "user_id", "new_email", "requested_by_session", "sign_out_others"])
        .where("token_hash", "=", sha256(input.token))
        .executeTakeFirstOrThrow();
      const taken = await tx.selectFrom("users").select("id").where("email", "=", row.new_email).where("id", "!=", row.user_id).executeTakeFirst();
      if (taken) return { kind: "email_taken", email: row.new_email };
      // Claiming the link inside the transaction makes two simultaneous uses of one link change the e-mail once.
      const claimed = await tx
        .updateTable("email_changes")
        .set({ used_at: nowIso() })
        .where("id", "=", row.id)
        .where("used_at", "is", null)
        .where("expires_at", ">", nowIso())
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { kind: "invalid" };
      await tx.updateTable("users").set({ email: row.new_email }).where("id", "=", row.user_id).execute();
      await tx.deleteFrom("email_changes").where("user_id", "=", row.user_id).where("used_at", "is", null).execute();
      // Reset links were sent to the old address: they no longer belong to this account's mailbox.
      await tx.deleteFrom("password_resets").where("user_id", "=", row.user_id).where("used_at", "is", null).execute();
      const signOut = row.sign_out_others === 1;
      if (signOut) {
        const keep = [row.requested_by_session, input.signedInUserId === row.user_id ? input.sessionId : null].filter((id): id is string => Boolean(id));
        let ending = tx.deleteFrom("sessions").where("user_id", "=", row.user_id);
        if (keep.length > 0) ending = ending.where("id", "not in", keep);
        await ending.execute();
      }
      return { kind: "changed", userId: row.user_id, email: row.new_email, signedOutOthers: signOut };
    });
  } catch (error) {
    // Another account took the address between the check and the update: the unique index refused it.
    const code = (error as { code?: string }).code;
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") return { kind: "email_taken", email: pending.newEmail };
    throw error;
  }
}
