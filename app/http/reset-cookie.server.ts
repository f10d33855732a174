import { createCookie } from "@remix-run/node";
import { RESET_TOKEN_MINUTES } from "~/models/accounts/auth.server";
import { getEnv } from "~/utils/env.server";

// The browser's key to the e-mail it asked a reset link for (app/models/accounts/auth.server.ts keeps the e-mail).
// Scoped to /reset, where the forgot and reset pages live, and lasting as long as the link.

let cookie: ReturnType<typeof createCookie> | undefined;
function resetCookie() {
  cookie ??= createCookie("glow_reset", {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().secureCookies,
    path: "/reset",
    maxAge: RESET_TOKEN_MINUTES * 60,
  });
  return cookie;
}

export async function readResetCookie(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("glow_reset=")) return null;
  const value: unknown = await resetCookie().parse(header);
  return typeof value === "string" && value.length > 20 && value.length < 100 ? value : null;
}

export const resetCookieHeader = (token: string) => resetCookie().serialize(token);
export const clearResetCookieHeader = () => resetCookie().serialize("", { maxAge: 0 });
