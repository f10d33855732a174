// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { verifyCredentials } from "~/models/auth.server";
export { createSession, landingFor, requireAnonymous } from "~/models/session.server";
export { botFailure, formFailure, rateLimitFailure } from "~/utils/auth-route.server";
export { assertSameOrigin, readForm, safeRedirect } from "~/utils/http.server";
export { redirectWithSuccess } from "~/utils/toast.server";
