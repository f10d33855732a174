// How appointments read on the customer's and the vendor's pages (no database here, so the browser may use it too):
// each side's status labels, the tabs of their lists, when an appointment counts as upcoming or started, and the
// limit of the lists' search box.

import type { AppointmentStatus } from "~/db/schema";

export const CUSTOMER_STATUS_LABEL: Record<AppointmentStatus, string> = {
  held: "Awaiting payment",
  requested: "Requested",
  confirmed: "Confirmed",
  completed: "Completed",
  no_show: "Missed",
  declined: "Declined",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** Appointments that take (or took) place: only these offer a calendar entry; a declined, cancelled or expired one has none. */
export function hasCalendarEntry(status: AppointmentStatus): boolean {
  return status === "held" || status === "requested" || status === "confirmed" || status === "completed" || status === "no_show";
}

/** The vendor's words: a request waiting for an answer shows as "Pending" in the vendor's lists. */
export const VENDOR_STATUS_LABEL: Record<AppointmentStatus, string> = {
  ...CUSTOMER_STATUS_LABEL,
  requested: "Pending",
  no_show: "No-show",
};

/**
 * Upcoming: a request or a confirmed appointment whose time is still ahead, so the customer may still move or cancel
 * it. (The Upcoming tab lists more: an appointment until it ends, a held booking until its hold expires; see
 * listCustomerAppointments in models/appointments/lists.server.ts.)
 */
export function isUpcoming(a: { status: AppointmentStatus; starts_at: string }, now: Date = new Date()): boolean {
  return (a.status === "requested" || a.status === "confirmed") && a.starts_at > now.toISOString();
}

/** Its time has come or gone (whatever its state). */
export function hasStarted(a: { starts_at: string }, now: Date = new Date()): boolean {
  return a.starts_at <= now.toISOString();
}

/** The five tabs of the vendor's appointments page, in order: New Request, Upcoming, Past, Completed, Canceled. */
export const VENDOR_TABS = ["new", "upcoming", "past", "completed", "canceled"] as const;
export type VendorTab = (typeof VENDOR_TABS)[number];
/** What each of the vendor's tabs is called, in the order they show. */
export const VENDOR_TAB_LABEL: Record<VendorTab, string> = {
  new: "New Request",
  upcoming: "Upcoming",
  past: "Past",
  completed: "Completed",
  canceled: "Canceled",
};

/** The customer's two lists: visits still to come (the first tab) and the rest. */
export const CUSTOMER_TABS = [
  { id: "upcoming", label: "Upcoming" },
  { id: "past", label: "Past" },
] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number]["id"];

/** Upper bound on a search text; longer input is cut, never matched in full. */
export const SEARCH_MAX = 60;

/**
 * The stylist an appointment names: its team member, when the vendor is a team of more than one (a team of one names
 * nobody, as before teams existed; docs/domain.md, "The team").
 */
export function stylistOf(a: { member_name: string | null; team_size: number | string | null }): string | null {
  return Number(a.team_size ?? 0) > 1 ? a.member_name : null;
}
