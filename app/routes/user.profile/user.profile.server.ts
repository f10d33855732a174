// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { getProfile, isEmailTaken, updateProfile } from "~/models/profile.server";
export { consumeRateLimits, profileEmailRules, rateLimitMessage } from "~/models/rate-limit.server";
export { requireUser } from "~/models/session.server";
export { clientIp } from "~/utils/client-ip.server";
export { assertSameOrigin, readForm, retryAfterHeaders } from "~/utils/http.server";
export { redirectWithSuccess } from "~/utils/toast.server";
