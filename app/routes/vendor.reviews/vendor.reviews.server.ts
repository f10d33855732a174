// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { replyToReview, ReviewError, vendorReviews } from "~/models/reviews.server";
export { requireVendor } from "~/models/session.server";
export { assertSameOrigin, readForm } from "~/utils/http.server";
export { readPage } from "~/utils/query-params.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
