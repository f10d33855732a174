import crypto from "node:crypto";
import type { ConsentChannel } from "~/db/schema";
import { getDb, type Executor } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";

export type { ConsentChannel };

// Consent per channel (docs/domain.md, Consent): appointment messages by WhatsApp, by SMS, and news and offers
// (marketing). Silence is not consent: a person with no row has given none. Each choice keeps when and where it was
// made; withdrawing is as easy as giving (a link in every message, no sign-in). E-mail about one's own
// appointments is not a choice: it always goes.

export const CONSENT_CHANNELS = ["whatsapp", "sms", "marketing"] as const satisfies readonly ConsentChannel[];
export type Consents = Record<ConsentChannel, { given: boolean; changedAt: string | null; source: string | null }>;
export type ConsentChoices = Partial<Record<ConsentChannel, boolean>>;

/** Where a choice was made, as stored. */
export type ConsentSource = "sign-up" | "profile" | "vendor profile" | "opt-out link";

export const CONSENT_LABELS: Record<ConsentChannel, string> = {
  whatsapp: "Appointment messages by WhatsApp",
  sms: "Appointment messages by SMS (text message)",
  marketing: "News and offers from Glow",
};

export async function getConsents(db: Executor, userId: number): Promise<Consents> {
  const rows = await db.selectFrom("message_consents").selectAll().where("user_id", "=", userId).execute();
  const out = Object.fromEntries(CONSENT_CHANNELS.map((c) => [c, { given: false, changedAt: null, source: null }])) as Consents;
  for (const row of rows) out[row.channel] = { given: row.given === 1, changedAt: row.changed_at, source: row.source };
  return out;
}

/** Records the choices that differ from what is stored (an unchanged choice keeps its first time and place). */
export async function setConsents(db: Executor, userId: number, choices: ConsentChoices, source: ConsentSource, now = new Date()): Promise<void> {
  const current = await getConsents(db, userId);
  for (const channel of CONSENT_CHANNELS) {
    const given = choices[channel];
    if (given === undefined) continue;
    // Unchanged, nothing to record; except that an objection through an opt-out link is kept even with no row.
    if (given === current[channel].given && (current[channel].changedAt !== null || source !== "opt-out link")) continue;
    const values = { given: given ? 1 : 0, changed_at: now.toISOString(), source };
    await db
      .insertInto("message_consents")
      .values({ user_id: userId, channel, ...values })
      .onConflict((oc) => oc.columns(["user_id", "channel"]).doUpdateSet(values))
      .execute();
  }
  // Objecting to marketing stops it everywhere, the home page's newsletter list included.
  if (choices.marketing === false) {
    const user = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
    if (user) await db.deleteFrom("newsletter").where("email", "=", user.email).execute();
  }
}

// ---------------------------------------------------------------------------------------------
// The opt-out link: /stop/{token}. The token names one person and one channel and is signed with SESSION_SECRET,
// so it can withdraw that one consent and nothing else (it never gives consent, never shows who it is for).

const TOKEN_CHANNEL: Record<ConsentChannel, string> = { whatsapp: "w", sms: "s", marketing: "m" };
// 48 bits of HMAC: a guessed token could only withdraw one person's consent, and the link must fit an SMS page.
const SIGNATURE_LENGTH = 8;

function signature(text: string): string {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`stop:${text}`).digest("base64url").slice(0, SIGNATURE_LENGTH);
}

export function optOutToken(userId: number, channel: ConsentChannel): string {
  const body = `${userId}${TOKEN_CHANNEL[channel]}`;
  return `${body}.${signature(body)}`;
}

export function optOutUrl(userId: number, channel: ConsentChannel): string {
  return `${getEnv().APP_URL}/stop/${optOutToken(userId, channel)}`;
}

/** The person and channel a token names, or null when it is not one of ours. */
export function readOptOutToken(token: string): { userId: number; channel: ConsentChannel } | null {
  const match = /^(\d{1,10})([wsm])\.([A-Za-z0-9_-]{8})$/.exec(token);
  if (!match) return null;
  const body = `${match[1]}${match[2]}`;
  const expected = signature(body);
  if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(match[3]!))) return null;
  const channel = CONSENT_CHANNELS.find((c) => TOKEN_CHANNEL[c] === match[2])!;
  return { userId: Number(match[1]), channel };
}

/** Who gets marketing: the newsletter's list and every account that said yes to news and offers, minus objections. */
export async function marketingAudience(db: Executor): Promise<string[]> {
  const subscribers = await db.selectFrom("newsletter").select("email").execute();
  const consenting = await db
    .selectFrom("message_consents as mc")
    .innerJoin("users as u", "u.id", "mc.user_id")
    .select(["u.email", "mc.given"])
    .where("mc.channel", "=", "marketing")
    .execute();
  const refused = new Set(consenting.filter((r) => r.given !== 1).map((r) => r.email));
  const all = new Set([...subscribers.map((r) => r.email), ...consenting.filter((r) => r.given === 1).map((r) => r.email)]);
  return [...all].filter((email) => !refused.has(email)).sort();
}

/** Reads the three checkboxes of a sign-up or profile form (present and "on" means given). */
export function consentChoicesFromForm(form: FormData): Record<ConsentChannel, boolean> {
  return {
    whatsapp: form.get("consent_whatsapp") === "on",
    sms: form.get("consent_sms") === "on",
    marketing: form.get("consent_marketing") === "on",
  };
}

/** Saves a person's choices (the profile and sign-up forms). */
export async function recordConsents(userId: number, choices: ConsentChoices, source: ConsentSource, now = new Date()): Promise<void> {
  await (await getDb()).transaction().execute((tx) => setConsents(tx, userId, choices, source, now));
}

/** A person's choices, as their profile shows them. */
export async function consentsOf(userId: number): Promise<Consents> {
  return getConsents(await getDb(), userId);
}

/** The opt-out link's one act: withdraws the consent its token names. Returns the channel, or null for a bad token. */
export async function optOut(token: string, now = new Date()): Promise<ConsentChannel | null> {
  const named = readOptOutToken(token);
  if (!named) return null;
  const db = await getDb();
  const user = await db.selectFrom("users").select("id").where("id", "=", named.userId).executeTakeFirst();
  if (!user) return null;
  await db.transaction().execute((tx) => setConsents(tx, named.userId, { [named.channel]: false }, "opt-out link", now));
  return named.channel;
}

/**
 * The choices ticked at sign-up, once the account exists in this database (with an outside accounts backend,
 * AUTH_API_URL, there is no local account to attach them to until the person signs in; they choose on the profile).
 */
export async function recordSignUpConsents(email: string, choices: ConsentChoices, now = new Date()): Promise<void> {
  if (!Object.values(choices).some(Boolean)) return;
  const db = await getDb();
  const user = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  if (user) await db.transaction().execute((tx) => setConsents(tx, user.id, choices, "sign-up", now));
}
