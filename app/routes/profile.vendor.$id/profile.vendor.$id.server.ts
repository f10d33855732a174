// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { getVendorProfile, topVendors, VENDOR_PROFILE_SERVICES, vendorServiceChoices, vendorServices } from "~/models/catalogue.server";
export { getSessionUser } from "~/models/session.server";
export { sharedForAnonymous } from "~/utils/shared-data.server";
