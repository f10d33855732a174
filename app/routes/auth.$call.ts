import type { ActionFunctionArgs } from "@remix-run/node";
import { handleAuthCall, isAuthCall, type AuthCall } from "~/models/accounts/auth-api.server";
import { authRateRules, consumeRateLimits, rateLimitMessage, type AuthAction } from "~/models/system/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin, readBounded } from "~/utils/http.server";

// POST /auth/register, /auth/forgot_password, /auth/reset_password: the auth JSON API (statuses in
// app/models/accounts/auth-api.server.ts). Any malformed request gets a 4xx JSON answer, never a 5xx.

const BODY_MAX = 16 * 1024;
const limitOf: Record<AuthCall, AuthAction> = { register: "signup", forgot_password: "forgot", reset_password: "reset" };

const reply = (status: number, message: string, headers?: HeadersInit) =>
  Response.json({ message }, { status, headers: { "Cache-Control": "no-store", ...headers } });

export async function action({ request, params }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
  } catch {
    return reply(403, "Cross-site request refused.");
  }
  if (!isAuthCall(params.call)) return reply(404, "No such call.");
  if (request.method !== "POST") return reply(405, "Use POST.", { Allow: "POST" });
  if (!(request.headers.get("Content-Type") ?? "").startsWith("application/json")) {
    return reply(415, "Send a JSON body (Content-Type: application/json).");
  }
  const bytes = await readBounded(request, BODY_MAX);
  if (bytes === null) return reply(413, "The body is too large.");
  let payload: unknown;
  try {
    payload = JSON.parse(bytes.toString("utf8"));
  } catch {
    return reply(400, "The body is not valid JSON.");
  }
  // PostgreSQL cannot store a NUL character in text (the rate limit's key, an account's names): refused here.
  if (hasNul(payload)) return reply(400, "The body must not contain NUL characters.");
  const email = (payload as { email?: unknown } | null)?.email;
  const verdict = await consumeRateLimits(
    authRateRules(limitOf[params.call], clientIp(request), typeof email === "string" && email.length <= 254 ? email.trim() : undefined),
  );
  if (!verdict.allowed) {
    return reply(429, rateLimitMessage(verdict.retryAfterSeconds), { "Retry-After": String(verdict.retryAfterSeconds) });
  }
  const { status, body } = await handleAuthCall(params.call, payload);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** Whether any string (or key) in parsed JSON holds a NUL. A loop, not recursion: 16 KB of "[" nests 16,384 deep. */
function hasNul(payload: unknown): boolean {
  const pending = [payload];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string" && value.includes("\u0000")) return true;
    if (typeof value !== "object" || value === null) continue;
    for (const [key, v] of Object.entries(value)) {
      if (key.includes("\u0000")) return true;
      pending.push(v);
    }
  }
  return false;
}

export function loader({ params }: ActionFunctionArgs) {
  if (!isAuthCall(params.call)) return reply(404, "No such call.");
  return reply(405, "Use POST.", { Allow: "POST" });
}
