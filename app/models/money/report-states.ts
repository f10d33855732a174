import type { AppointmentStatus } from "~/db/schema";

// The states Finance's report counts visits in (docs/domain.md, "The report"): bookings that were made; a running
// hold or an abandoned one is none. Pure, so the report's page lists them in this order too.

export const REPORT_STATES = ["requested", "confirmed", "completed", "no_show", "cancelled", "declined"] as const satisfies readonly AppointmentStatus[];
export type ReportState = (typeof REPORT_STATES)[number];
