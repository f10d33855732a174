// What vendor.chats.$id.tsx takes from the server, through one module of its own: the page then loads no empty chunk
// for them (see the top of scripts/check-bundle.mjs).
export { openVendorThread, parseConversationId, sendMessage, setPinned } from "~/models/messages.server";
export { requireVendor } from "~/models/session.server";
export { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
