// What root.tsx takes from the server, through one module of its own: the first view then loads no empty chunk for
// them (see the top of scripts/check-bundle.mjs).
export { getShellData } from "~/models/content.server";
export { getSessionUser } from "~/models/session.server";
export { getToast } from "~/utils/toast.server";
export { publicUploadsBase } from "~/models/storage.server";
export { accountMenuUnread } from "~/models/messages.server";
