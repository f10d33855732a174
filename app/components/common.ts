// The small client modules that the shell and nearly every page use, behind one module so that they cost no
// requests of their own. esbuild's code splitting puts each module in a chunk keyed by the exact set of entry
// points (entry.client, root, route modules) that reach it: used by different subsets of routes, each of these
// became a chunk of 0.3–1 KB, one request each on every first view. Every page route imports its error boundary
// from here, and root and entry.client import this module too, so everything below is reached by the same set
// as React and Remix and rides in their chunk. Files elsewhere may still import these modules directly: they
// are reached by that same set either way. Keep heavy or rarely used code out of here (it would load everywhere).
export { ErrorPanel, GeneralErrorBoundary, GonePanel, type GoneData } from "~/components/error-boundary";
export { ErrorList, Field, useHydrated } from "~/components/forms";
export { useDetailsOverlay } from "~/components/overlay";
export { Toaster, toast, type FlashToastData } from "~/components/toaster";
export { formatNaira, parseNairaInput } from "~/utils/money";
// The Lagos clock (dates and times on lists, dashboards and the booking pages; loaders read today from it) and the
// date field of the search, detail, booking and reschedule forms: each, a module of its own, was a chunk of its own
// on most pages, and a route whose loader alone imported the clock still downloaded that chunk.
export { formatDate, formatDay, formatTime } from "~/utils/time";
export { DayInput, nextDays } from "~/components/day-input";
export { VendorPicture } from "~/components/vendor-picture";
// Stars draw a rating on the browsing pages and on the vendor's and admin's review lists: reached by routes of both
// kinds, a module of its own would split off as a 0.7 KB chunk (one more request on every first view).
export { Stars } from "~/components/stars";
// Pagination pages the browsing lists and the dashboards' lists (and PageProblems says what was wrong with their
// ?page=): the same reason as Stars.
export { PageProblems, Pagination, PrevNext } from "~/components/pagination";
// The link previews' tags (every public page's meta), the WhatsApp links (service, vendor and appointment pages) and
// the stylist picker (service page, booking, reschedule): each reached by a different set of routes, a module of its
// own would be one more request on the first views that use it.
export { describe, listingPath, pageMeta, siteUrlOf } from "~/components/page-meta";
export { ChatOnWhatsApp, ShareOnWhatsApp } from "~/components/whatsapp-links";
export { MemberAvatar, MemberPicker, type PickableMember } from "~/components/member-picker";
// Kept markup (the service cards, the footer's links, the category bar): used by the shell and the browsing pages.
export { SharedMarkup } from "~/components/shared-markup";
