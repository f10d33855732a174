// What route.tsx takes from the server, through one module of its own: the first view then loads no empty chunk for
// them (see the top of scripts/check-bundle.mjs).
export { getDb } from "~/db/db.server";
export { BookingError, createHold, getBookableService, locationFor, readChoice } from "~/models/booking.server";
export { requireUser } from "~/models/session.server";
export { readBookingDay } from "~/models/slots.server";
export { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
export { randomToken } from "~/utils/random.server";
export { bookingDates } from "./dates.server";
export { bookingConstraint, MAX_ROW_ID, validateBooking } from "./validate.server";
