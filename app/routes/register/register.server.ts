// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { authMessage, getAuthClient } from "~/models/auth-client.server";
export { requireAnonymous } from "~/models/session.server";
export { botFailure, formFailure, pageStatus, rateLimitFailure } from "~/utils/auth-route.server";
export { assertSameOrigin, readForm, retryAfterHeaders } from "~/utils/http.server";
export { redirectWithSuccess } from "~/utils/toast.server";
