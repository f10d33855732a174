import { recentMail } from "~/models/messaging/mail.server";

/** The token of the newest reset link e-mailed to `email` (read from the outbox, as /dev/mail shows it). */
export async function lastResetToken(email: string): Promise<string> {
  const mail = (await recentMail()).find((m) => m.to === email.toLowerCase());
  const token = mail?.text.match(/\/reset\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset link e-mailed to ${email}`);
  return token;
}
