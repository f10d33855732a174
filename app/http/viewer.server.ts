import { createCookie } from "@remix-run/node";
import { isbot } from "isbot";
import { browserOwner, userOwner } from "~/models/catalogue/recently-viewed.server";
import { getEnv } from "~/utils/env.server";
import { randomToken } from "~/utils/random.server";

// Who "recently viewed" belongs to: the signed-in person, or else this browser, named by a random id in its own
// cookie (it identifies nothing but the browser's own history, so it needs no signature: guessing another
// browser's 256-bit id is not possible).

const ID_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

let cookie: ReturnType<typeof createCookie> | undefined;
function browserCookie() {
  cookie ??= createCookie("glow_bid", {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().secureCookies,
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
  });
  return cookie;
}

async function browserId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("glow_bid=")) return null;
  const value: unknown = await browserCookie().parse(header);
  return typeof value === "string" && ID_PATTERN.test(value) ? value : null;
}

/** The owner whose history a page shows, or null for a first-time anonymous visitor. Sets nothing. */
export async function currentViewOwner(request: Request, userId: number | null): Promise<string | null> {
  if (userId !== null) return userOwner(userId);
  const id = await browserId(request);
  return id ? browserOwner(id) : null;
}

/** The owner a view is recorded for; a browser without an id gets one, with the Set-Cookie to send. */
export async function viewOwnerForRecording(request: Request, userId: number | null): Promise<{ owner: string; setCookie?: string }> {
  if (userId !== null) return { owner: userOwner(userId) };
  const existing = await browserId(request);
  if (existing) return { owner: browserOwner(existing) };
  const id = randomToken(24);
  return { owner: browserOwner(id), setCookie: await browserCookie().serialize(id) };
}

/**
 * Requests that are not a person looking at a page: link prefetches (Remix's prefetch sends Purpose or
 * Sec-Purpose "prefetch") and crawlers. Views are not recorded for them.
 */
export function isPassiveRequest(request: Request): boolean {
  const purpose = `${request.headers.get("Purpose") ?? ""} ${request.headers.get("Sec-Purpose") ?? ""}`;
  return purpose.includes("prefetch") || isbot(request.headers.get("User-Agent") ?? "");
}
