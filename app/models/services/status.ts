import type { ServiceStatus } from "~/db/schema";
export type { ServiceStatus };

// Service states as both the server and the browser need them (the services list shows the actions that fit).
// Life of a service: draft -> (submit) pending -> (admin approves) active <-> paused. An admin may return a
// pending service to draft with a reason; a vendor takes a pending service back as a draft to change it, and
// changes an active or paused one through a copy that leaves it on the site until approved (./revisions.server.ts).
// An active or paused service the vendor no longer offers is retired: gone for good (docs/domain.md).

export const STATUS_TABS: { status: ServiceStatus; label: string }[] = [
  { status: "active", label: "Active" },
  { status: "pending", label: "Pending" },
  { status: "paused", label: "Paused" },
  { status: "draft", label: "Draft" },
];

export type ServiceAction = "submit" | "pause" | "resume" | "reopen" | "approve" | "return" | "retire";

/** Which states each action starts from, and where it leads. */
export const TRANSITIONS: Record<ServiceAction, { from: ServiceStatus[]; to: ServiceStatus }> = {
  submit: { from: ["draft"], to: "pending" },
  pause: { from: ["active"], to: "paused" },
  resume: { from: ["paused"], to: "active" },
  reopen: { from: ["active", "paused", "pending"], to: "draft" },
  approve: { from: ["pending"], to: "active" },
  return: { from: ["pending"], to: "draft" },
  // Gone for good: its page answers 410 and points to similar services; nothing brings it back.
  retire: { from: ["active", "paused"], to: "retired" },
};

export function canDo(action: ServiceAction, status: ServiceStatus): boolean {
  return TRANSITIONS[action].from.includes(status);
}

/** Public address of an active service's page (built by the browsing pages). */
export const publicServicePath = (id: number) => `/details/${id}`;
