// What route.tsx and ../details._index.tsx take from the server, through one module of its own: the first view then
// loads no empty chunk for them (see the top of scripts/check-bundle.mjs).
export {
  bookableSlots,
  cardsByIds,
  FEATURED_SERVICE_KEY,
  firstBookableDay,
  getServiceDetail,
  relatedServices,
  reviewsShown,
  serviceIdByKey,
  serviceReviews,
  vendorServices,
} from "~/models/catalogue.server";
export { heartsFor } from "~/models/favorites.server";
export { policyLine } from "~/models/vendor-hours.server";
export { alsoViewedIds } from "~/models/recently-viewed.server";
export { getSessionUser } from "~/models/session.server";
export { readDay, readPage } from "~/utils/query-params.server";
export { sharedForUrl } from "~/utils/shared-data.server";
export { formatDate, lagosToday } from "~/utils/time.server";
