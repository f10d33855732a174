// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { openCustomerThread, parseConversationId, sendMessage } from "~/models/messages.server";
export { requireUser } from "~/models/session.server";
export { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
