// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { AppointmentError, isPayable, notPayableMessage } from "~/models/appointments.server";
export { getPayLink, isTestMode, startOnlinePayment } from "~/models/payments.server";
export { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
