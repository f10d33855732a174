import { getEnv } from "~/utils/env.server";

// Lite pages: no photos and no script, for a costly data plan (docs/performance.md). Asked for by the browser's data
// saver (`Save-Data: on`, sent by Chrome and Edge) or by the footer's choice, a cookie that also overrides the
// browser either way. The cookie is not one of ours in the page cache's sense (no `glow_` prefix, cache.server.ts):
// it carries no identity, so a lite visitor's pages stay shared, kept apart by the root's data (page-cache.server.ts).

export const LITE_COOKIE = "lite";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function liteChoice(request: Request): "on" | "off" | null {
  const match = /(?:^|;\s*)lite=(on|off)(?:;|$)/.exec(request.headers.get("Cookie") ?? "");
  return match ? (match[1] as "on" | "off") : null;
}

export function isLite(request: Request): boolean {
  const choice = liteChoice(request);
  if (choice) return choice === "on";
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}

export function liteCookie(on: boolean): string {
  const secure = getEnv().secureCookies ? "; Secure" : "";
  return `${LITE_COOKIE}=${on ? "on" : "off"}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
}
