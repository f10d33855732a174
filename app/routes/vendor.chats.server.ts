// What vendor.chats.tsx takes from the server, through one module of its own: the page then loads no empty chunk for
// them (see the top of scripts/check-bundle.mjs).
export { conversationOpenAt, listVendorConversations } from "~/models/messages.server";
export { requireVendor } from "~/models/session.server";
export { readText } from "~/utils/query-params.server";
