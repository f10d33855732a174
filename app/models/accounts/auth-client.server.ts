import { AUTH_TEXT } from "~/utils/auth-schemas";
import { getEnv } from "~/utils/env.server";
import { handleAuthCall, type AuthCall } from "./auth-api.server";
import { rateLimitMessage } from "~/models/system/rate-limit.server";

// How the sign-up, forgot and reset pages reach accounts: through one client with two
// implementations, this app's own contract in-process (default) or an existing backend at AUTH_API_URL that speaks
// the same JSON. Either way the page gets an outcome, and `authMessage` alone turns it into what people read.

/** What came back: a status, or null when no response arrived (connection refused, timeout, DNS...). */
export interface AuthOutcome {
  status: number | null;
  retryAfterSeconds?: number;
}

export interface AuthClient {
  call(call: AuthCall, payload: Record<string, unknown>): Promise<AuthOutcome>;
}

export const inProcessAuthClient: AuthClient = {
  async call(call, payload) {
    const reply = await handleAuthCall(call, payload);
    return { status: reply.status };
  },
};

// A server must not wait forever for a backend that never answers: after this it says 'No Server Response'.
const REMOTE_TIMEOUT_MS = 15_000;

export function httpAuthClient(baseUrl: string, timeoutMs = REMOTE_TIMEOUT_MS): AuthClient {
  const base = baseUrl.replace(/\/$/, "");
  return {
    async call(call, payload) {
      try {
        const response = await fetch(`${base}/auth/${call}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(payload),
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        const retryAfter = Number(response.headers.get("Retry-After"));
        return { status: response.status, ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
      } catch {
        return { status: null };
      }
    },
  };
}

export function getAuthClient(): AuthClient {
  const url = getEnv().AUTH_API_URL;
  return url ? httpAuthClient(url) : inProcessAuthClient;
}

export interface AuthVerdict {
  ok: boolean;
  /** What the page shows; null where it shows no message (e.g. a successful sign-in). */
  message: string | null;
}

/** The error catalogue: the one place an outcome becomes the words people read. */
export function authMessage(call: AuthCall, outcome: AuthOutcome): AuthVerdict {
  const { status } = outcome;
  if (status === null) return { ok: false, message: AUTH_TEXT.noServerResponse };
  if (status >= 200 && status <= 299) {
    return { ok: true, message: call === "register" ? AUTH_TEXT.registered : call === "reset_password" ? AUTH_TEXT.passwordChanged : null };
  }
  // No fixed text covers our own rate limits; a person who is refused is told why and for how long.
  if (status === 429) return { ok: false, message: rateLimitMessage(outcome.retryAfterSeconds ?? 60) };
  switch (call) {
    case "register":
      if (status === 422) return { ok: false, message: AUTH_TEXT.emailTaken };
      if (status === 400) return { ok: false, message: AUTH_TEXT.credentialsWrong };
      return { ok: false, message: null };
    case "forgot_password":
      if (status === 422) return { ok: false, message: AUTH_TEXT.emailRequired };
      if (status === 404) return { ok: false, message: AUTH_TEXT.emailUnknown };
      return { ok: false, message: AUTH_TEXT.loginFailed };
    case "reset_password":
      if (status === 422) return { ok: false, message: AUTH_TEXT.resetWrong };
      return { ok: false, message: AUTH_TEXT.loginFailed };
  }
}
