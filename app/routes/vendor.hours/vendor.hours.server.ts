// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { AppointmentError } from "~/models/appointments.server";
export { requireVendor } from "~/models/session.server";
export { addTimeOff, getVendorTimePage, removeTimeOff, saveBookingRules, saveWeek, type OutsideAppointment } from "~/models/vendor-hours.server";
export { assertSameOrigin, readForm } from "~/utils/http.server";
export { redirectWithSuccess } from "~/utils/toast.server";
export { lagosToday, parseDayInput } from "~/utils/time.server";
