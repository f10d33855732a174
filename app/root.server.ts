import { loadShellData, type ShellData } from "~/models/catalogue/site-content.server";
import { shared } from "~/utils/shared-data.server";
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

/** The site's public address (APP_URL): canonical links, link previews and the sitemap name whole URLs. */
export function siteUrl(): string {
  return getEnv().APP_URL;
}
