// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { hideReview, recentVisitReviews, ReviewError } from "~/models/reviews.server";
export { requireAdmin } from "~/models/session.server";
export { assertSameOrigin, readForm } from "~/utils/http.server";
export { readPage } from "~/utils/query-params.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
