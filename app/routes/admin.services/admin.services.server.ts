// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { requireAdmin } from "~/models/session.server";
export {
  approveService,
  listPendingServices,
  type PendingService,
  returnService,
} from "~/models/vendor-services.server";
export { assertSameOrigin, readForm } from "~/utils/http.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
