// What the booking, payment and appointment pages share, in one module so that esbuild puts it in one chunk:
// it keys chunks by the exact set of routes that reach a module, and these three, each used by a different
// subset of those pages, used to cost a request apiece. Those routes import them from here, not from their files.
export { AccountNav, ShareLink, StepHeader, SummaryLines, VisitFacts } from "~/components/booking-parts";
export { BOOKING_REF, quote } from "~/models/booking/quote";
export {
  CUSTOMER_STATUS_LABEL,
  CUSTOMER_TABS,
  type CustomerTab,
  hasCalendarEntry,
  SEARCH_MAX,
  VENDOR_STATUS_LABEL,
  VENDOR_TAB_LABEL,
  VENDOR_TABS,
  type VendorTab,
} from "~/models/appointments/views";
export { default as bookingStyles } from "~/styles/booking.css";
