// What main.$slug.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them
// (see the top of scripts/check-bundle.mjs).
export { getCategoryPage, popularTags, servicesFor } from "~/models/catalogue.server";
export { getSessionUser } from "~/models/session.server";
export { readText } from "~/utils/query-params.server";
export { sharedForAnonymous } from "~/utils/shared-data.server";
