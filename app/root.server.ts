import { loadShellData, type ShellData } from "~/models/catalogue/site-content.server";
import { shared } from "~/utils/shared-data.server";
import type { SessionUser } from "~/models/accounts/sessions.server";
import { actingMemberFor } from "~/http/session.server";
import { may, type Permission } from "~/models/team/roles";
import { getEnv } from "~/utils/env.server";

// The root route's server code: the shell's cached data below, and what else its loader reads.
export { getSessionUser } from "~/http/session.server";
export { getToast } from "~/utils/toast.server";
export { publicUploadsBase } from "~/models/media/storage.server";
export { accountMenuUnread } from "~/models/messaging/conversations.server";
export { isLite } from "~/http/lite.server";

/** The shell's data (sub-menu, footer), read once for everyone and kept in memory (utils/shared-data.server.ts). */
export function getShellData(): Promise<ShellData> {
  return shared("shell", loadShellData);
}

const MENU_SECTIONS: Permission[] = ["appointments", "own-day", "services", "team", "messages", "reviews", "money", "settings"];

/**
 * What the account menu may link to for a team member who is not the owner (docs/domain.md, "Roles"): the sections
 * of the dashboard their role opens. Undefined for everyone else, whose menu is as it always was.
 */
export async function menuSectionsOf(request: Request, user: SessionUser | null): Promise<Permission[] | undefined> {
  if (user?.role !== "vendor") return undefined;
  const acting = await actingMemberFor(request, user.id);
  if (acting?.teamRole === "owner") return undefined;
  return MENU_SECTIONS.filter((s) => acting !== undefined && may(acting.teamRole, s));
}

/** The site's public address (APP_URL): canonical links, link previews and the sitemap name whole URLs. */
export function siteUrl(): string {
  return getEnv().APP_URL;
}
