// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { verifyCredentials } from "~/models/auth.server";
export { recordSignInFailure, signInGate } from "~/models/rate-limit.server";
export { createSession, landingFor, requireAnonymous } from "~/models/session.server";
export { botFailure, formFailure, tooManyAttempts } from "~/utils/auth-route.server";
export { clientIp } from "~/utils/client-ip.server";
export { assertSameOrigin, readForm, safeRedirect, retryAfterHeaders } from "~/utils/http.server";
export { redirectWithSuccess } from "~/utils/toast.server";
