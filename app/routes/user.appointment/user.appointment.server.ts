// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { getDb } from "~/db/db.server";
export {
  AppointmentError,
  cancelByCustomer,
  cancellationPolicy,
  type CustomerTab,
  getCustomerAppointment,
  isPayable,
  listCustomerAppointments,
  mayRefundToCredit,
  rescheduleAppointment,
} from "~/models/appointments.server";
export { creditBalance } from "~/models/credit.server";
export { refundSentence, refundsOf } from "~/models/refunds.server";
export { requireUser } from "~/models/session.server";
export { freeSlots, readBookingDay } from "~/models/slots.server";
export { getEnv } from "~/utils/env.server";
export { assertSameOrigin, readForm } from "~/utils/http.server";
export { redirectWithSuccess } from "~/utils/toast.server";
export { ownReview, ReviewError, saveReview } from "~/models/reviews.server";
