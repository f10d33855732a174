import { getDb, type Executor } from "~/db/db.server";
import { DomainError } from "~/models/refusal";

// A new account confirms its e-mail before it may hold a "Pay to vendor" booking or message a salon, so throwaway
// accounts cannot multiply the cap on unpaid bookings nor flood inboxes (docs/security.md, "Accounts and
// sessions"). Paying online or through a payment link needs no confirmation: money is the proof. The link itself
// is models/accounts/email-confirmation.server.ts; this is the check, which the booking and messaging rules share.

export const CONFIRM_EMAIL_FIRST = "Please confirm your e-mail address first: open the link we e-mailed you, or send it again.";

/** Refuses ("forbidden") a person whose e-mail is not confirmed yet. */
export async function requireConfirmedEmail(db: Executor, userId: number): Promise<void> {
  const user = await db.selectFrom("users").select("email_confirmed_at").where("id", "=", userId).executeTakeFirst();
  if (!user?.email_confirmed_at) throw new DomainError("forbidden", CONFIRM_EMAIL_FIRST);
}

/** Whether the person's e-mail is confirmed (for the pages that show the reminder). */
export async function hasConfirmedEmail(userId: number): Promise<boolean> {
  const user = await (await getDb()).selectFrom("users").select("email_confirmed_at").where("id", "=", userId).executeTakeFirst();
  return Boolean(user?.email_confirmed_at);
}
