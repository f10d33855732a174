// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { cardsByIds } from "~/models/catalogue.server";
export { countFavorites, favoriteIds, FAVORITES_PAGE_SIZE, setFavorite } from "~/models/favorites.server";
export { getSessionUser } from "~/models/session.server";
export { assertSameOrigin, readForm, safeRedirect } from "~/utils/http.server";
export { readPage } from "~/utils/query-params.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
export { parseFavorite } from "./schema.server";
