// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { requireVendor } from "~/models/session.server";
export { discardUploads, FILES_PER_REQUEST, REQUEST_MAX_BYTES, storeUploads, VIDEO_MAX_BYTES } from "~/models/uploads.server";
export { readMultipart } from "~/utils/multipart.server";
export {
  addMedia,
  categoryOptions,
  changeStatus,
  createDraft,
  getVendorService,
  MAX_IMAGES,
  MAX_VIDEOS,
  missingForReview,
  removeMedia,
  saveAbout,
  saveOverview,
  savePricing,
  type SaveResult,
} from "~/models/vendor-services.server";
export { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
