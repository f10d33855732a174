// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export {
  acceptRequest,
  AppointmentError,
  cancelByVendor,
  completeAppointment,
  declineRequest,
  listVendorAppointments,
  markNoShow,
} from "~/models/appointments.server";
export { requireVendor } from "~/models/session.server";
export { assertSameOrigin, readForm, safeRedirect } from "~/utils/http.server";
export { readText } from "~/utils/query-params.server";
export { redirectWithSuccess } from "~/utils/toast.server";
