import { claimGuestClients } from "~/models/client-rules/client-match.server";
import { getDb, type Executor } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { randomToken, sha256 } from "~/utils/random.server";
import { deliverMail, queueMails, type Mail, type QueuedMail } from "~/models/messaging/mail.server";
import { consumeRateLimits } from "~/models/system/rate-limit.server";
import { DomainError } from "~/models/refusal";

// The link that confirms a new account's e-mail (the check it unlocks: models/system/confirmed-email.server.ts).
// Like a reset link, the token (256 random bits) is only in the e-mail and the table keeps its SHA-256; it works
// once, for EMAIL_CONFIRM_HOURS, and a new one retires the older unused ones.

export const EMAIL_CONFIRM_HOURS = 72;
const TOKEN_MAX = 200;
/** "Send the link again", per account (before RATE_LIMIT_FACTOR). */
const RESEND_LIMIT = { limit: 3, windowSeconds: 3600 };

function confirmationMail(user: { email: string; first_name: string }, token: string): Mail {
  return {
    to: user.email,
    subject: "Confirm your e-mail for Glow",
    text: [
      `Hello ${user.first_name},`,
      "",
      "Welcome to Glow. Open this link to confirm your e-mail address:",
      "",
      `${getEnv().APP_URL}/confirm-email/${token}`,
      "",
      `The link works once, for ${EMAIL_CONFIRM_HOURS} hours. Until you confirm, you can book and pay online, but not book with "Pay to vendor" or send messages.`,
      "",
      "Glow",
    ].join("\n"),
  };
}

/** Stores a fresh link for the account (retiring its unused ones) and queues its e-mail in the same transaction. */
export async function queueEmailConfirmation(db: Executor, user: { id: number; email: string; first_name: string }, now = new Date()): Promise<QueuedMail[]> {
  const token = randomToken(32);
  await db.deleteFrom("email_confirmations").where("user_id", "=", user.id).where("used_at", "is", null).execute();
  await db
    .insertInto("email_confirmations")
    .values({
      user_id: user.id,
      token_hash: sha256(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EMAIL_CONFIRM_HOURS * 3_600_000).toISOString(),
      used_at: null,
    })
    .execute();
  return queueMails(db, [confirmationMail(user, token)], now);
}

/** "Send the link again": a new link to the account's address, a few times an hour; nothing when already confirmed. */
export async function resendEmailConfirmation(userId: number, now = new Date()): Promise<{ email: string } | null> {
  const db = await getDb();
  const user = await db.selectFrom("users").select(["id", "email", "first_name", "email_confirmed_at"]).where("id", "=", userId).executeTakeFirstOrThrow();
  if (user.email_confirmed_at) return null;
  const verdict = await consumeRateLimits([{ key: `confirm-email:${userId}`, ...RESEND_LIMIT }], now);
  if (!verdict.allowed) {
    const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
    throw new DomainError("too-many", `We sent you several links already. Please check your inbox, or wait ${minutes} minutes and try again.`, {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const mails = await db.transaction().execute((tx) => queueEmailConfirmation(tx, user, now));
  for (const mail of mails) await deliverMail(mail);
  return { email: user.email };
}

/** Whether a token is a link that still works (unused, unexpired, not retired). */
export async function emailConfirmationUsable(token: string, now = new Date()): Promise<boolean> {
  if (token.length === 0 || token.length > TOKEN_MAX) return false;
  const db = await getDb();
  const row = await db.selectFrom("email_confirmations").select(["used_at", "expires_at"]).where("token_hash", "=", sha256(token)).executeTakeFirst();
  return Boolean(row && row.used_at === null && row.expires_at > now.toISOString());
}

/** Follows a link: once, before it expires. Returns the confirmed account's id, or null for a link that no longer works. */
export async function confirmEmail(token: string, now = new Date()): Promise<number | null> {
  if (token.length === 0 || token.length > TOKEN_MAX) return null;
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const at = now.toISOString();
    const row = await tx
      .updateTable("email_confirmations")
      .set({ used_at: at })
      .where("token_hash", "=", sha256(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning("user_id")
      .executeTakeFirst();
    if (!row) return null;
    await tx.updateTable("users").set({ email_confirmed_at: at }).where("id", "=", row.user_id).where("email_confirmed_at", "is", null).execute();
    // Appointments a salon booked for this e-mail become the account's own (docs/domain.md, "Clients").
    await claimGuestClients(tx, row.user_id);
    return row.user_id;
  });
}
