// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { authMessage, getAuthClient } from "~/models/auth-client.server";
export { recallResetEmail, rememberResetEmail, RESET_TOKEN_MINUTES } from "~/models/auth.server";
export { botFailure, formFailure, pageStatus, rateLimitFailure } from "~/utils/auth-route.server";
export { assertSameOrigin, readForm, retryAfterHeaders } from "~/utils/http.server";
export { readResetCookie, resetCookieHeader } from "~/utils/reset-cookie.server";
