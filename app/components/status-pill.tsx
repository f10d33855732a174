import type { AppointmentStatus } from "~/db/schema";

const tone: Record<AppointmentStatus, string> = {
  held: "pill--warn",
  requested: "pill--warn",
  confirmed: "pill--success",
  completed: "pill--success",
  no_show: "pill--danger",
  declined: "pill--muted",
  cancelled: "pill--muted",
  expired: "pill--muted",
};

/** An appointment's status as a coloured label; the words come from the caller (customers and vendors differ). */
export function StatusPill({ status, label }: { status: AppointmentStatus; label: string }) {
  return <span className={`pill ${tone[status]}`}>{label}</span>;
}
