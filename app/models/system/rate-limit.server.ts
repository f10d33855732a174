import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";

// Rate limits kept in the database, so every app server counts the same attempts.
// A fixed window per key: one atomic upsert per rule, safe under concurrent requests on SQLite and PostgreSQL.
// RATE_LIMIT_FACTOR multiplies every limit (test and load runs from one address raise it).

export interface RateRule {
  /** What is counted, e.g. "signin:ip:203.0.113.9" or "signin:email:ada@example.com". */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** When the tightest exhausted window ends; 0 when allowed. */
  retryAfterSeconds: number;
}

const KEY_MAX = 300;
const PURGE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Counts one attempt against every rule; allowed only if every rule is still within its limit. */
export async function consumeRateLimits(rules: RateRule[], now = new Date()): Promise<RateVerdict> {
  const db = await getDb();
  const factor = getEnv().RATE_LIMIT_FACTOR;
  const nowIso = now.toISOString();
  let retryAfterSeconds = 0;
  // One transaction for all the rules: each counter's row stays locked until every rule is counted, so concurrent
  // requests are counted in the same order by every rule. Counted one statement at a time, a request could be 5th
  // by the sender's count and 25th by the conversation's, and fewer than the limit would get through.
  await db.transaction().execute(async (tx) => {
    for (const rule of rules) {
      const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
      const row = await tx
        .insertInto("rate_limits")
        .values({ key: rule.key.slice(0, KEY_MAX), window_start: nowIso, count: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            // Both expressions read the row as it was, so an expired window restarts at 1 from now.
            count: sql<number>`case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.count + 1 end`,
            window_start: sql<string>`case when rate_limits.window_start <= ${cutoff} then excluded.window_start else rate_limits.window_start end`,
          }),
        )
        .returning(["count", "window_start"])
        .executeTakeFirstOrThrow();
      const limit = Math.max(1, Math.floor(rule.limit * factor));
      if (row.count > limit) {
        const endsIn = Math.ceil((Date.parse(row.window_start) + rule.windowSeconds * 1000 - now.getTime()) / 1000);
        retryAfterSeconds = Math.max(retryAfterSeconds, endsIn, 1);
      }
    }
  });
  // Old windows are useless; clear them now and then rather than on every request.
  if (Math.random() < 0.02) {
    await db
      .deleteFrom("rate_limits")
      .where("window_start", "<", new Date(now.getTime() - PURGE_AFTER_MS).toISOString())
      .execute();
  }
  return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
}

/** The clear message a refused person reads (with status 429). */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Limits of the account actions, per address and per e-mail (before RATE_LIMIT_FACTOR). Sign-in has its own. */
export const AUTH_LIMITS = {
  signup: { ip: { limit: 10, windowSeconds: HOUR }, email: { limit: 5, windowSeconds: HOUR } },
  forgot: { ip: { limit: 10, windowSeconds: HOUR }, email: { limit: 5, windowSeconds: HOUR } },
  reset: { ip: { limit: 20, windowSeconds: 15 * MINUTE }, email: { limit: 10, windowSeconds: 15 * MINUTE } },
} as const;

export type AuthAction = keyof typeof AUTH_LIMITS;

/** The rules for one account action (not sign-in) from one address, for one e-mail when known. */
export function authRateRules(action: AuthAction, ip: string, email?: string): RateRule[] {
  const limits = AUTH_LIMITS[action];
  const rules: RateRule[] = [{ key: `${action}:ip:${ip}`, ...limits.ip }];
  if (email) rules.push({ key: `${action}:email:${email.toLowerCase()}`, ...limits.email });
  return rules;
}

/**
 * Sign-in limits, made so that nobody can lock another person out (docs/decisions/008-sign-in-limits.md):
 * - address: every attempt from one address, whatever the account (stops one address trying many accounts);
 * - addressAccount: failed attempts at one account from one address (stops one address guessing one password);
 * - account: failed attempts at one account from anywhere, a slower limit. Once it is passed the account is under
 *   attack: a wrong password from anywhere is refused with 429, and so is any attempt from an address that already
 *   failed at it; the right password from an address that has not failed at it still signs in.
 * Only failures count against an account, so the right password never spends a victim's allowance.
 */
export const SIGNIN_LIMITS = {
  address: { limit: 30, windowSeconds: 15 * MINUTE },
  addressAccount: { limit: 5, windowSeconds: 15 * MINUTE },
  account: { limit: 20, windowSeconds: HOUR },
} as const;

const signInKeys = (ip: string, email: string) => {
  const account = email.trim().toLowerCase();
  return { address: `signin:ip:${ip}`, addressAccount: `signin:failed:${ip}:${account}`, account: `signin:failed:${account}` };
};

/** How many times `key` was counted in its current window, and when that window ends (seconds from now). */
async function peek(key: string, windowSeconds: number, now: Date): Promise<{ count: number; endsIn: number }> {
  const db = await getDb();
  const row = await db.selectFrom("rate_limits").select(["count", "window_start"]).where("key", "=", key.slice(0, KEY_MAX)).executeTakeFirst();
  if (!row) return { count: 0, endsIn: 0 };
  const endsIn = Math.ceil((Date.parse(row.window_start) + windowSeconds * 1000 - now.getTime()) / 1000);
  return endsIn > 0 ? { count: row.count, endsIn } : { count: 0, endsIn: 0 };
}

export type SignInGate =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; accountUnderAttack: boolean; addressFailedBefore: boolean; accountRetryAfterSeconds: number };

/** Before a password is checked: counts the attempt against its address, and says what is known of the account. */
export async function signInGate(ip: string, email: string, now = new Date()): Promise<SignInGate> {
  const keys = signInKeys(ip, email);
  const factor = getEnv().RATE_LIMIT_FACTOR;
  const scaled = (limit: number) => Math.max(1, Math.floor(limit * factor));
  const perAddress = await consumeRateLimits([{ key: keys.address, ...SIGNIN_LIMITS.address }], now);
  if (!perAddress.allowed) return { allowed: false, retryAfterSeconds: perAddress.retryAfterSeconds };
  const pair = await peek(keys.addressAccount, SIGNIN_LIMITS.addressAccount.windowSeconds, now);
  if (pair.count >= scaled(SIGNIN_LIMITS.addressAccount.limit)) return { allowed: false, retryAfterSeconds: Math.max(1, pair.endsIn) };
  const account = await peek(keys.account, SIGNIN_LIMITS.account.windowSeconds, now);
  const accountUnderAttack = account.count >= scaled(SIGNIN_LIMITS.account.limit);
  return { allowed: true, accountUnderAttack, addressFailedBefore: pair.count > 0, accountRetryAfterSeconds: Math.max(1, account.endsIn) };
}

/** After a wrong password: counts the failure against the account, from this address and from anywhere. */
export async function recordSignInFailure(ip: string, email: string, now = new Date()): Promise<void> {
  const keys = signInKeys(ip, email);
  await consumeRateLimits(
    [
      { key: keys.addressAccount, ...SIGNIN_LIMITS.addressAccount },
      { key: keys.account, ...SIGNIN_LIMITS.account },
    ],
    now,
  );
}

/**
 * Lookups that answer whether an address is known (is this e-mail taken by an account, is it subscribed) are
 * limited so they cannot be used to test lists of addresses: per caller's address, and per account when signed in.
 */
export const PROBE_LIMITS = {
  profileEmail: { ip: { limit: 20, windowSeconds: HOUR }, account: { limit: 10, windowSeconds: HOUR } },
  newsletter: { ip: { limit: 10, windowSeconds: HOUR } },
} as const;

/** Counts a profile save that changes the e-mail (and so asks whether the new one is taken). */
export function profileEmailRules(ip: string, userId: number): RateRule[] {
  return [
    { key: `profile-email:ip:${ip}`, ...PROBE_LIMITS.profileEmail.ip },
    { key: `profile-email:user:${userId}`, ...PROBE_LIMITS.profileEmail.account },
  ];
}

export function newsletterRules(ip: string): RateRule[] {
  return [{ key: `newsletter:ip:${ip}`, ...PROBE_LIMITS.newsletter.ip }];
}
