import { compiledRead } from "~/db/compiled-read.server";
import { getDb } from "~/db/db.server";
import type { Role } from "~/db/schema";
import { safeRedirect } from "~/utils/http.server";
import { randomToken, sha256 } from "~/utils/random.server";

// Sessions: the cookie holds a random token; the sessions table holds its SHA-256 and the user.
// Signing out or resetting a password deletes rows, which revokes the cookies everywhere at once.
// The cookie itself, and the guards that redirect or refuse, are HTTP glue: app/http/session.server.ts.

export const SESSION_DAYS = 30;

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** Starts a session for a user; returns the token the cookie is to carry (only its SHA-256 is stored). */
export async function startSession(userId: number): Promise<string> {
  const db = await getDb();
  const token = randomToken();
  const now = new Date();
  await db
    .insertInto("sessions")
    .values({
      id: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
    })
    .execute();
  return token;
}

// Every signed-in request asks: compiled once (app/db/compiled-read.server.ts).
const sessionRow = compiledRead((db, id: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.role", "sessions.expires_at"])
    .where("sessions.id", "=", id),
);

/** The person a session token belongs to, or null. Expired or revoked sessions count as signed out. */
export async function findSessionUser(token: string): Promise<SessionUser | null> {
  const [row] = await sessionRow(await getDb(), sha256(token));
  if (!row || row.expires_at <= new Date().toISOString()) return null;
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, role: row.role };
}

/** Ends the session of a token. */
export async function endSession(token: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("sessions").where("id", "=", sha256(token)).execute();
}

/** Ends every session of a user (password reset, account changes). */
export async function revokeUserSessions(userId: number): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export function homeFor(user: Pick<SessionUser, "role">): string {
  if (user.role === "vendor") return "/vendor/appointment";
  if (user.role === "admin") return "/admin/services";
  return "/";
}

/**
 * Where sign-in leads: a customer back to where they were going (made safe) or Home; a vendor or an admin to
 * their own home, or to the page of their area they were sent to sign in from; anyone to an invitation's page.
 */
export function landingFor(user: Pick<SessionUser, "role">, redirectTo: string | null | undefined): string {
  const target = safeRedirect(redirectTo, "");
  // An invitation to a team is opened before signing in, whatever the account (app/routes/team.join.$token).
  if (user.role === "customer" || target.startsWith("/team/join/")) return target || homeFor(user);
  const area = user.role === "vendor" ? "/vendor" : "/admin";
  return target === area || target.startsWith(`${area}/`) || target.startsWith(`${area}?`) ? target : homeFor(user);
}
