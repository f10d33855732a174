import { createCookie, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import type { Role } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { safeRedirect } from "~/utils/http.server";
import { randomToken, sha256 } from "~/utils/random.server";

// Sessions: the cookie holds a random token; the sessions table holds its SHA-256 and the user.
// Signing out or resetting a password deletes rows, which revokes the cookies everywhere at once.

const SESSION_DAYS = 30;
const COOKIE_NAME = "glow_session";

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().secureCookies,
    path: "/",
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** Starts a session for a user; returns the Set-Cookie header value to send. */
export async function createSession(userId: number): Promise<string> {
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
  return sessionCookie().serialize(token);
}

async function tokenFrom(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE_NAME}=`)) return null;
  const value: unknown = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 20 && value.length < 100 ? value : null;
}

/** The signed-in person, or null. Expired or revoked sessions count as signed out. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  // The root loader and the page's own loader both ask, for the same Request: look the session up once.
  // (Actions that end or start a session redirect, so no later loader of that Request sees a stale answer.)
  let pending = lookups.get(request);
  if (!pending) {
    pending = lookupSessionUser(request);
    lookups.set(request, pending);
  }
  return pending;
}

const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

async function lookupSessionUser(request: Request): Promise<SessionUser | null> {
  const token = await tokenFrom(request);
  if (!token) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.role", "sessions.expires_at"])
    .where("sessions.id", "=", sha256(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= new Date().toISOString()) return null;
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, role: row.role };
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  // For a POST, come back to the page the form was on (GET-able), not to the action URL.
  const back = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
  return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
}

/** A signed-in person, or a redirect to /login?redirectTo=<this page>. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export interface VendorUser extends SessionUser {
  vendorId: number;
}

/** A signed-in vendor (with their vendor id), a redirect to sign in, or 403 for other accounts. */
export async function requireVendor(request: Request): Promise<VendorUser> {
  const user = await requireUser(request);
  if (user.role !== "vendor") throw forbidden("This page is for vendors. Sign in with a vendor account to open it.");
  const db = await getDb();
  const vendor = await db.selectFrom("vendors").select("id").where("user_id", "=", user.id).executeTakeFirst();
  if (!vendor) throw forbidden("This account has no vendor profile yet.");
  return { ...user, vendorId: vendor.id };
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw forbidden("This page is for the marketplace's administrators.");
  return user;
}

/** For sign-in and sign-up pages: a signed-in person is sent on instead. */
export async function requireAnonymous(request: Request): Promise<void> {
  const user = await getSessionUser(request);
  if (user) throw redirect(homeFor(user));
}

export function homeFor(user: Pick<SessionUser, "role">): string {
  if (user.role === "vendor") return "/vendor/appointment";
  if (user.role === "admin") return "/admin/services";
  return "/";
}

/**
 * Where sign-in leads: a customer back to where they were going (made safe) or Home; a vendor or an admin to
 * their own home, or to the page of their area they were sent to sign in from.
 */
export function landingFor(user: Pick<SessionUser, "role">, redirectTo: string | null | undefined): string {
  const target = safeRedirect(redirectTo, "");
  if (user.role === "customer") return target || homeFor(user);
  const area = user.role === "vendor" ? "/vendor" : "/admin";
  return target === area || target.startsWith(`${area}/`) || target.startsWith(`${area}?`) ? target : homeFor(user);
}

/** Ends this session; returns the Set-Cookie header value that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const token = await tokenFrom(request);
  if (token) {
    const db = await getDb();
    await db.deleteFrom("sessions").where("id", "=", sha256(token)).execute();
  }
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Ends every session of a user (password reset, account changes). */
export async function revokeUserSessions(userId: number): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

function forbidden(message: string): Response {
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
