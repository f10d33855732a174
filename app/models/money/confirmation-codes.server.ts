import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { formatDate, formatTime } from "~/utils/time";
import type { Tx } from "~/db/db.server";

// The 6-digit codes that guard a vendor's money (docs/domain.md "Money"): one e-mailed for each withdrawal and for
// each new bank account. Wrong codes, for withdrawals and accounts alike, are counted per vendor over a rolling day
// (MAX_CODE_GUESSES_PER_DAY): starting new withdrawals gives no fresh guesses.

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_TRIES = 5;
/** Wrong codes a vendor may enter in any 24 hours, across all their withdrawals and new bank accounts. */
export const MAX_CODE_GUESSES_PER_DAY = 10;
const GUESS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the vendor may try a code now; when not, the moment they may again (their oldest wrong guess of the
 * window leaves it). Read inside the transaction that holds the vendor's money lock, so parallel tries count in order.
 */
export async function codeLockout(db: Tx | Kysely<Database>, vendorId: number, now: Date): Promise<{ locked: false } | { locked: true; retryAt: string }> {
  const since = new Date(now.getTime() - GUESS_WINDOW_MS).toISOString();
  const guesses = await db
    .selectFrom("code_guesses")
    .select("at")
    .where("vendor_id", "=", vendorId)
    .where("at", ">", since)
    .orderBy("at", "desc")
    .limit(MAX_CODE_GUESSES_PER_DAY)
    .execute();
  if (guesses.length < MAX_CODE_GUESSES_PER_DAY) return { locked: false };
  const oldest = guesses[guesses.length - 1]!.at;
  return { locked: true, retryAt: new Date(Date.parse(oldest) + GUESS_WINDOW_MS).toISOString() };
}

export async function recordWrongGuess(tx: Tx, vendorId: number, now: Date): Promise<void> {
  await tx.insertInto("code_guesses").values({ vendor_id: vendorId, at: now.toISOString() }).execute();
}

/** The message a locked-out vendor reads, with when to try again. */
export function lockoutMessage(retryAt: string): string {
  return `Too many wrong codes today. For your safety, codes can be tried again from ${formatDate(retryAt)} at ${formatTime(retryAt)}.`;
}

/** Keyed with the server secret and the row's id: a leaked table gives no way to try codes offline. */
export function hashCode(id: number, code: string, what: "withdrawal" | "account" | "phone" = "withdrawal"): string {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`${what}:${id}:${code}`).digest("hex");
}

export function codesMatch(storedHash: string, id: number, code: string, what: "withdrawal" | "account" | "phone" = "withdrawal"): boolean {
  const expected = Buffer.from(storedHash, "hex");
  const actual = Buffer.from(hashCode(id, code, what), "hex");
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

export const expiryFrom = (now: Date) => new Date(now.getTime() + CODE_TTL_MINUTES * 60_000).toISOString();
