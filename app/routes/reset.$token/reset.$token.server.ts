// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { authMessage, getAuthClient } from "~/models/auth-client.server";
export { forgetResetEmail, recallResetEmail } from "~/models/auth.server";
export { botFailure, formFailure, pageStatus, rateLimitFailure } from "~/utils/auth-route.server";
export { assertSameOrigin, invariantResponse, readForm, retryAfterHeaders } from "~/utils/http.server";
export { clearResetCookieHeader, readResetCookie } from "~/utils/reset-cookie.server";
