// What route.tsx takes from the server, through one module of its own: the first view then loads no empty chunk for
// them (see the top of scripts/check-bundle.mjs).
export { categoryServices, findPlace, getCategoryPage, listPlaces, otherServices } from "~/models/catalogue.server";
export { getSessionUser } from "~/models/session.server";
export { readDay, readPage, readText } from "~/utils/query-params.server";
export { sharedForAnonymous } from "~/utils/shared-data.server";
export { lagosToday } from "~/utils/time.server";
export { CategoryFilterSchema } from "./schema.server";
