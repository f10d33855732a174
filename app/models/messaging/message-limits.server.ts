import { consumeRateLimits, type RateRule } from "~/models/system/rate-limit.server";
import { DomainError } from "~/models/refusal";

// How fast chat messages may be sent, counted in the database like every other limit (models/system/rate-limit):
// per sender across all their conversations, and per conversation (both parties together), so one fresh account
// cannot flood a salon's inbox, nor many conversations at once. Generous for a person typing; before
// RATE_LIMIT_FACTOR.

const MINUTE = 60;

export const MESSAGE_LIMITS = {
  sender: [
    { limit: 10, windowSeconds: MINUTE },
    { limit: 100, windowSeconds: 60 * MINUTE },
  ],
  conversation: [{ limit: 20, windowSeconds: MINUTE }],
} as const;

function rules(conversationId: number, senderId: number): RateRule[] {
  return [
    ...MESSAGE_LIMITS.sender.map((r, i) => ({ key: `message:sender:${i}:${senderId}`, ...r })),
    ...MESSAGE_LIMITS.conversation.map((r, i) => ({ key: `message:conversation:${i}:${conversationId}`, ...r })),
  ];
}

/** Counts one message against the sender's and the conversation's limits; refuses ("too-many") past either. */
export async function consumeMessageAllowance(conversationId: number, senderId: number, now = new Date()): Promise<void> {
  const verdict = await consumeRateLimits(rules(conversationId, senderId), now);
  if (verdict.allowed) return;
  const wait = verdict.retryAfterSeconds;
  const when = wait < 60 ? `${wait} second${wait === 1 ? "" : "s"}` : `${Math.ceil(wait / 60)} minute${Math.ceil(wait / 60) === 1 ? "" : "s"}`;
  throw new DomainError("too-many", `You are sending messages too quickly. Please wait ${when} and send it again.`, { field: "body", retryAfterSeconds: wait });
}
