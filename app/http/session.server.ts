import { createCookie, redirect } from "@remix-run/node";
import { endSession, findSessionUser, homeFor, SESSION_DAYS, startSession, type SessionUser } from "~/models/accounts/sessions.server";
import { actingMemberOf, type ActingMember } from "~/models/team/acting-member.server";
import { may, refusedSentence, type Permission } from "~/models/team/roles";
import { getEnv } from "~/utils/env.server";
import { sha256 } from "~/utils/random.server";

// Sessions as requests see them: the cookie that carries the token, and the guards loaders and actions call
// (a redirect to sign in, 403 for the wrong kind of account). The sessions themselves: app/models/accounts/sessions.server.ts.

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

/** Starts a session for a user; returns the Set-Cookie header value to send. */
export async function createSession(userId: number): Promise<string> {
  return sessionCookie().serialize(await startSession(userId));
}

async function tokenFrom(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE_NAME}=`)) return null;
  const value: unknown = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 20 && value.length < 100 ? value : null;
}

/** The stored id of this request's session (the SHA-256 of its cookie's token), or null without one. */
export async function currentSessionId(request: Request): Promise<string | null> {
  const token = await tokenFrom(request);
  return token ? sha256(token) : null;
}

/** The signed-in person, or null. Expired or revoked sessions count as signed out. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  // The root loader and the page's own loader both ask, for the same Request: look the session up once.
  // (Actions that end or start a session redirect, so no later loader of that Request sees a stale answer.)
  let pending = lookups.get(request);
  if (!pending) {
    pending = tokenFrom(request).then((token) => (token ? findSessionUser(token) : null));
    lookups.set(request, pending);
  }
  return pending;
}

const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The salon and member the signed-in person acts for (docs/decisions/018-acting-member.md). A vendor page's guard and
 * the root loader's account menu both ask, for the same Request: a GET looks it up once. A POST asks afresh, because
 * its action may change the team before the page's loaders run.
 */
export function actingMemberFor(request: Request, userId: number): Promise<ActingMember | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return actingMemberOf(userId);
  let pending = actings.get(request);
  if (!pending) {
    pending = actingMemberOf(userId);
    actings.set(request, pending);
  }
  return pending;
}

const actings = new WeakMap<Request, Promise<ActingMember | undefined>>();

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

/** A signed-in person acting for a vendor: the vendor, and the team member they act as with its role. */
export interface VendorUser extends SessionUser, ActingMember {}

/**
 * The one question every vendor page and action asks: may this person do `permission` for a vendor? Gives the vendor
 * and the acting member (docs/decisions/018-acting-member.md), a redirect to sign in, or 403 for other accounts and for
 * a role the permission is not given to (app/models/team/roles.ts). The salon's book, opened by a stylist, leads to
 * their own day instead: it is where sign-in sends every vendor account.
 */
export async function requireVendor(request: Request, permission: Permission): Promise<VendorUser> {
  const user = await requireUser(request);
  if (user.role !== "vendor")
    throw forbidden('This page is for vendors. To offer your services on Glow, open a vendor account: log out, choose Join and pick "Open a vendor account".');
  const acting = await actingMemberFor(request, user.id);
  if (acting === undefined) throw forbidden("This account is not on a salon's team.");
  if (!may(acting.teamRole, permission)) {
    if (permission === "appointments" && request.method === "GET") throw redirect("/vendor/day");
    throw forbidden(refusedSentence(acting.teamRole, permission));
  }
  return { ...user, ...acting };
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

/** Ends this session; returns the Set-Cookie header value that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const token = await tokenFrom(request);
  if (token) await endSession(token);
  return sessionCookie().serialize("", { maxAge: 0 });
}

function forbidden(message: string): Response {
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
