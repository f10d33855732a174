// What _index.tsx takes from the server, through one module of its own: the first view then loads no empty chunk for
// them (see the top of scripts/check-bundle.mjs).
export { cardsByIds, FEATURED_VENDOR_SLUG, getVendorProfile, popularServices, topVendors } from "~/models/catalogue.server";
export { getHomeBlocks } from "~/models/content.server";
export { favoriteIds, heartsFor, popularFavoriteIds } from "~/models/favorites.server";
export { recentlyViewedIds } from "~/models/recently-viewed.server";
export { getSessionUser } from "~/models/session.server";
export { shared, sharedForAnonymous } from "~/utils/shared-data.server";
export { lagosToday } from "~/utils/time.server";
export { currentViewOwner } from "~/utils/viewer.server";
