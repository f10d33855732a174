import type { PhoneMessageStatus } from "~/db/schema";

// What a provider's delivery receipt does to a phone message's status (docs/domain.md, "Notifications and consent").
// Receipts come late, repeated and out of order: a status only moves forward (sent -> delivered -> read), a failure
// counts only for a message not yet delivered, and anything that does not move it changes nothing. Pure: tested alone.

export type ReportedStatus = "sent" | "delivered" | "read" | "failed";

const RANK: Partial<Record<PhoneMessageStatus, number>> = { sent: 1, delivered: 2, read: 3 };

/** The status after a receipt, or null when the receipt changes nothing (a repeat, late, or for a message not sent). */
export function statusAfterReceipt(current: PhoneMessageStatus, reported: ReportedStatus): PhoneMessageStatus | null {
  const now = RANK[current];
  if (now === undefined) return null; // queued, test, refused, failed: no receipt moves these
  if (reported === "failed") return current === "sent" ? "failed" : null;
  return RANK[reported]! > now ? reported : null;
}

/** Termii's status words ("DELIVERED | Message delivered to handset", "DND Active on Phone Number", "Message Failed"...). */
export function termiiStatus(words: string): ReportedStatus | null {
  const w = words.toLowerCase();
  if (w.includes("delivered")) return "delivered";
  if (/fail|reject|expire|dnd|undeliver/.test(w)) return "failed";
  if (w.includes("sent")) return "sent";
  return null;
}

/** WhatsApp Cloud API's statuses: sent, delivered, read, failed (others, such as "deleted", change nothing). */
export function whatsappStatus(word: string): ReportedStatus | null {
  return word === "sent" || word === "delivered" || word === "read" || word === "failed" ? word : null;
}
