// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { getDb } from "~/db/db.server";
export { AppointmentError, choosePayToVendor, getCustomerAppointment } from "~/models/appointments.server";
export { creditBalance } from "~/models/credit.server";
export { creditShortfall, isTestMode, payWithCredit, startOnlinePayment } from "~/models/payments.server";
export { requireUser } from "~/models/session.server";
export { getEnv } from "~/utils/env.server";
export { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
export { redirectWithSuccess } from "~/utils/toast.server";
