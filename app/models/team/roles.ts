import type { TeamRole } from "~/db/schema";

// Who in a salon's team may do what (docs/domain.md, "Roles"). Every vendor page and action names the one
// permission it needs, and the guard (app/http/session.server.ts) asks `may` for the acting member's role: one
// table, so a page and the sidebar's link to it cannot disagree. Pure, so the dashboard's frame reads it too.

export type { TeamRole };

export const TEAM_ROLES: readonly TeamRole[] = ["owner", "manager", "stylist"];

/** The roles an invitation may give: the owner is the vendor's own account, never invited. */
export const INVITABLE_ROLES = ["manager", "stylist"] as const satisfies readonly TeamRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const ROLE_LABEL: Record<TeamRole, string> = { owner: "Owner", manager: "Manager", stylist: "Stylist" };

/** What a vendor page or action needs. */
export type Permission =
  /** The dashboard's frame and the member's own day: every member. */
  | "own-day"
  /** The salon's whole book: every member's appointments, and acting on any of them. */
  | "appointments"
  /** Services: adding, editing, pausing. */
  | "services"
  /** Settings: the vendor's profile, opening hours, time off and booking policy. */
  | "settings"
  /** Conversations with customers, who are the salon's clients. */
  | "messages"
  /** Customers' reviews and the salon's replies. */
  | "reviews"
  /** Finance, withdrawals and bank accounts. */
  | "money"
  /** The team: members, their services, hours and time off. */
  | "team"
  /** Inviting someone to sign in as a member: a manager invites stylists only (`invitableRoles`). */
  | "team-invite"
  /** Which role each member has: changing it, and inviting a manager. */
  | "team-roles"
  /** Closing the business on Glow. */
  | "close-business";

const ALLOWED: Record<Permission, readonly TeamRole[]> = {
  "own-day": ["owner", "manager", "stylist"],
  appointments: ["owner", "manager"],
  services: ["owner", "manager"],
  settings: ["owner", "manager"],
  messages: ["owner", "manager"],
  reviews: ["owner", "manager"],
  money: ["owner"],
  team: ["owner", "manager"],
  "team-invite": ["owner", "manager"],
  "team-roles": ["owner"],
  "close-business": ["owner"],
};

/** Whether a member of this role may open the page or take the action that needs `permission`. */
export function may(role: TeamRole, permission: Permission): boolean {
  return ALLOWED[permission].includes(role);
}

/** The roles a member of `role` may give by invitation: the owner any, a manager stylists only (decision 018). */
export function invitableRoles(role: TeamRole): readonly InvitableRole[] {
  if (may(role, "team-roles")) return INVITABLE_ROLES;
  return may(role, "team-invite") ? ["stylist"] : [];
}

/** The sentence a refused member reads on the 403 page. */
export function refusedSentence(role: TeamRole, permission: Permission): string {
  if (permission === "money") return "Only the salon's owner can open the money pages.";
  if (permission === "team-roles") return "Only the salon's owner can change members' roles or make a manager.";
  return `A ${ROLE_LABEL[role].toLowerCase()} can open only their own day and appointments. Ask the salon's owner.`;
}

/** A customer's phone as a stylist sees it: the last 4 digits, so they can recognise a client but not take them away. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 4) return "••••";
  return `•••• ${digits.slice(-4)}`;
}
