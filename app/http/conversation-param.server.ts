import { NO_CONVERSATION, parseConversationId } from "~/models/messaging/conversations.server";
import { invariantResponse } from "~/utils/http.server";

/**
 * The conversation of a chat page's URL (/messages/{id}, /vendor/chats/{id}): its id, read by the messaging domain's
 * parseConversationId; one that cannot be an id is a 404 here, since the domain makes no Responses.
 */
export function conversationIdParam(param: string | undefined): number {
  const id = parseConversationId(param);
  invariantResponse(id, NO_CONVERSATION, 404);
  return id;
}
