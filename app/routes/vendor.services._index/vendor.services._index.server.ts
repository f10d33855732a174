// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { requireVendor } from "~/models/session.server";
export { discardUploads } from "~/models/uploads.server";
export { changeStatus, deleteDraft, listVendorServices, type ServiceListItem } from "~/models/vendor-services.server";
export { assertSameOrigin, readForm } from "~/utils/http.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
