import { claimGuestClients } from "~/models/client-rules/client-match.server";
import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { codesMatch, hashCode } from "~/models/money/confirmation-codes.server";
import { queueSms } from "~/models/messaging/sms.server";
import { DomainError } from "~/models/refusal";
import { consumeRateLimits, rateLimitMessage, type RateRule } from "~/models/system/rate-limit.server";
import { isNigerianMobile, normalisePhone } from "~/utils/phone";
import { sixDigitCode } from "~/utils/random.server";

// Confirming a phone number by a code sent in a text message (docs/domain.md, "Accounts"). The code is kept only as a
// keyed hash, for the number it went to; it expires, works once, and a newer code replaces it. Sending and trying
// are counted by the database's rate limits, and each code takes a few wrong tries before it is spent. A confirmed
// phone is part of Level 1 (docs/domain.md, "Verification levels"); changing the number clears it.

export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong tries one code takes before it is spent (a new one must be sent). */
export const MAX_PHONE_CODE_TRIES = 5;

const HOUR = 60 * 60;
/** Codes sent per account and per address; tries per account (before RATE_LIMIT_FACTOR). */
export const PHONE_CODE_LIMITS = {
  send: { user: { limit: 3, windowSeconds: HOUR }, ip: { limit: 20, windowSeconds: HOUR } },
  check: { user: { limit: 10, windowSeconds: HOUR } },
} as const;

/**
 * The columns a save of the profile's phone writes: the number, and its confirmation only while it is the same
 * number (SET expressions read the row as it was). A new number, or none, must be confirmed anew.
 */
export function phoneColumns(phone: string | null) {
  return { phone, phone_confirmed_at: sql<string | null>`case when phone = ${phone} then phone_confirmed_at else null end` };
}

export interface PhoneStatus {
  /** The account's number (E.164), or null when it has none. */
  phone: string | null;
  confirmedAt: string | null;
  /** Whether a code can be sent to it: a Nigerian mobile number. */
  textable: boolean;
  /** A code is waiting to be entered (sent, not expired, used or spent). */
  codePending: boolean;
}

export async function phoneStatus(userId: number, now: Date = new Date()): Promise<PhoneStatus> {
  const db = await getDb();
  const user = await db.selectFrom("users").select(["phone", "phone_confirmed_at"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const phone = user.phone ? normalisePhone(user.phone) : null;
  const pending = phone ? await liveCode(userId, phone, now) : undefined;
  return { phone, confirmedAt: phone ? user.phone_confirmed_at : null, textable: phone !== null && isNigerianMobile(phone), codePending: Boolean(pending) };
}

async function liveCode(userId: number, phone: string, now: Date) {
  const db = await getDb();
  return db
    .selectFrom("phone_codes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("phone", "=", phone)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .where("tries", "<", MAX_PHONE_CODE_TRIES)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

async function limit(rules: RateRule[], now: Date): Promise<void> {
  const verdict = await consumeRateLimits(rules, now);
  if (!verdict.allowed) throw new DomainError("too-many", rateLimitMessage(verdict.retryAfterSeconds), { retryAfterSeconds: verdict.retryAfterSeconds });
}

/** Texts a new code to the account's number (any older code stops working). */
export async function sendPhoneCode(userId: number, ip: string, now: Date = new Date()): Promise<void> {
  const status = await phoneStatus(userId, now);
  if (!status.phone) throw new DomainError("invalid", "Please add your phone number to your profile first.", { field: "code" });
  if (!status.textable)
    throw new DomainError("invalid", "We can only text Nigerian mobile numbers. Please check the number on your profile.", { field: "code" });
  if (status.confirmedAt) throw new DomainError("conflict", "Your phone number is already confirmed.", { field: "code" });
  await limit(
    [
      { key: `phone-code:send:user:${userId}`, ...PHONE_CODE_LIMITS.send.user },
      { key: `phone-code:send:ip:${ip}`, ...PHONE_CODE_LIMITS.send.ip },
    ],
    now,
  );
  const phone = status.phone;
  const code = sixDigitCode();
  const db = await getDb();
  await db.transaction().execute(async (tx) => {
    const nowIso = now.toISOString();
    await tx.updateTable("phone_codes").set({ used_at: nowIso }).where("user_id", "=", userId).where("used_at", "is", null).execute();
    const expires = new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000).toISOString();
    const { id } = await tx
      .insertInto("phone_codes")
      .values({ user_id: userId, phone, code_hash: "", created_at: nowIso, expires_at: expires, used_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .updateTable("phone_codes")
      .set({ code_hash: hashCode(id, code, "phone") })
      .where("id", "=", id)
      .execute();
    await queueSms(
      tx,
      {
        to: phone,
        text: `Your Glow code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Never share it: Glow will never ask you for it.`,
        userId,
      },
      now,
    );
  });
}

const WRONG_CODE = "That code is not right. Please check the text message and try again.";
const NO_CODE = "That code has expired or was already used. Please send a new one.";

/** Checks a code against the account's newest one; right, it confirms the number it was sent to. */
export async function confirmPhoneCode(userId: number, input: string, now: Date = new Date()): Promise<void> {
  const code = input.replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) throw new DomainError("invalid", "Please enter the 6 digits of the code we texted you.", { field: "code" });
  await limit([{ key: `phone-code:check:user:${userId}`, ...PHONE_CODE_LIMITS.check.user }], now);
  const status = await phoneStatus(userId, now);
  if (!status.phone) throw new DomainError("invalid", "Please add your phone number to your profile first.", { field: "code" });
  const row = await liveCode(userId, status.phone, now);
  if (!row) throw new DomainError("invalid", NO_CODE, { field: "code" });
  const db = await getDb();
  if (!codesMatch(row.code_hash, row.id, code, "phone")) {
    await db
      .updateTable("phone_codes")
      .set((eb) => ({ tries: eb("tries", "+", 1) }))
      .where("id", "=", row.id)
      .execute();
    throw new DomainError("invalid", WRONG_CODE, { field: "code" });
  }
  await db.transaction().execute(async (tx) => {
    // Used once: of two requests with the same code, only the one that marks it confirms.
    const used = await tx
      .updateTable("phone_codes")
      .set({ used_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw new DomainError("invalid", NO_CODE, { field: "code" });
    // The number may have changed since the code was sent: only the number it went to is confirmed.
    const raw = await tx.selectFrom("users").select("phone").where("id", "=", userId).executeTakeFirstOrThrow();
    if (!raw.phone || normalisePhone(raw.phone) !== row.phone) throw new DomainError("invalid", NO_CODE, { field: "code" });
    await tx.updateTable("users").set({ phone_confirmed_at: now.toISOString() }).where("id", "=", userId).execute();
    // Appointments a salon booked for this number become the account's own (docs/domain.md, "Clients").
    await claimGuestClients(tx, userId);
  });
}
