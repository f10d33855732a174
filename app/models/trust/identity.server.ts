import { getDb } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { getEnv } from "~/utils/env.server";
import { earnedLevel, missingFor, type Level, type LevelFacts } from "~/utils/levels";
import { recomputeLevels } from "./levels.server";
import { levelFacts } from "~/db/level-facts.server";
import { isKycTestMode, kycProvider, KycUnavailable } from "./kyc.server";

// A vendor's identity (NIN) and business (CAC) checks through the KYC provider (kyc.server.ts), and what the
// vendor's verification page shows. The number typed goes to the provider and is then forgotten: the row keeps its
// mask ("*******8901") and the provider's reference, never the number, and nothing here logs it.

export const NIN_PATTERN = /^\d{11}$/;
/** An RC number (companies) or a BN number (business names) as the CAC issues them. */
export const CAC_PATTERN = /^(RC|BN)?\d{5,8}$/;
/** Checks cost money at the provider: at most this many a day per vendor, whatever their outcome. */
export const CHECKS_PER_DAY = 5;

export type CheckOutcome = "verified" | "name-mismatch" | "not-found";

export const maskNumber = (value: string) => `${"*".repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;

/** Names as the same person's: at least two words of the registered name (or its only word) in the bank account's. */
export function namesMatch(registered: string, account: string): boolean {
  const words = (s: string) =>
    s
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z\s]/g, " ")
      .split(/\s+/)
      .filter(Boolean);
  const held = new Set(words(account));
  const wanted = words(registered);
  const found = wanted.filter((w) => held.has(w)).length;
  return wanted.length > 0 && found >= Math.min(2, wanted.length);
}

async function guard(vendorId: number, now: Date) {
  if (getEnv().isProduction && isKycTestMode() && !/^https?:\/\/(localhost|127\.|\[::1\])/.test(getEnv().APP_URL)) {
    throw new DomainError("conflict", "Identity checks are not available yet. Please try again later.");
  }
  const db = await getDb();
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const recent = await db
    .selectFrom("identity_checks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("vendor_id", "=", vendorId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= CHECKS_PER_DAY) throw new DomainError("invalid", `You can run ${CHECKS_PER_DAY} checks a day. Please try again tomorrow.`);
}

async function record(vendorId: number, kind: "nin" | "cac", value: string, reference: string, outcome: CheckOutcome, now: Date) {
  const db = await getDb();
  await db
    .insertInto("identity_checks")
    .values({ vendor_id: vendorId, kind, masked: maskNumber(value), provider_ref: reference || "none", outcome, created_at: now.toISOString() })
    .execute();
  await recomputeLevels(now, [vendorId]);
}

function unavailable(error: unknown): never {
  if (error instanceof KycUnavailable)
    throw new DomainError("conflict", "The identity service did not answer. Nothing was saved; please try again in a few minutes.");
  throw error;
}

/** Checks the vendor's NIN, and the registered name against the payout account's; saves the outcome (masked). */
export async function checkIdentity(vendorId: number, nin: string, now: Date = new Date()): Promise<CheckOutcome> {
  if (!NIN_PATTERN.test(nin)) throw new DomainError("invalid", "Your NIN has 11 digits.", { field: "nin" });
  const db = await getDb();
  const account = await db
    .selectFrom("bank_accounts")
    .select("holder")
    .where("vendor_id", "=", vendorId)
    .where("deleted_at", "is", null)
    .where("verified_at", "is not", null)
    .orderBy("verified_at", "desc")
    .executeTakeFirst();
  if (!account) {
    throw new DomainError("invalid", "Add and confirm the bank account Glow pays you first: the name on your NIN is checked against it.", { field: "nin" });
  }
  await guard(vendorId, now);
  const answer = await kycProvider(account.holder).lookUpNin(nin).catch(unavailable);
  const outcome: CheckOutcome = !answer.found ? "not-found" : namesMatch(answer.fullName ?? "", account.holder) ? "verified" : "name-mismatch";
  await record(vendorId, "nin", nin, answer.reference, outcome, now);
  return outcome;
}

/** Checks the vendor's CAC registration number; saves the outcome (masked). */
export async function checkBusiness(vendorId: number, rcNumber: string, now: Date = new Date()): Promise<CheckOutcome> {
  const rc = rcNumber.replace(/\s+/g, "").toUpperCase();
  if (!CAC_PATTERN.test(rc)) throw new DomainError("invalid", "Enter the RC or BN number on your CAC certificate, e.g. RC1234567.", { field: "rc" });
  await guard(vendorId, now);
  const answer = await kycProvider("").lookUpCac(rc).catch(unavailable);
  await record(vendorId, "cac", rc, answer.reference, answer.found ? "verified" : "not-found", now);
  return answer.found ? "verified" : "not-found";
}

export interface VendorVerification {
  level: Level;
  /** The level the facts earn now (the saved one is what background work last worked out). */
  earned: Level;
  next: Level | null;
  missing: string[];
  facts: LevelFacts;
  checks: { kind: "nin" | "cac"; masked: string; outcome: CheckOutcome; at: string }[];
  hasPayoutAccount: boolean;
}

export async function vendorVerification(vendorId: number, now: Date = new Date()): Promise<VendorVerification> {
  const db = await getDb();
  const [vendor, facts, checks, account] = await Promise.all([
    db.selectFrom("vendors").select("level").where("id", "=", vendorId).executeTakeFirstOrThrow(),
    levelFacts(db, [vendorId], now),
    db
      .selectFrom("identity_checks")
      .select(["kind", "masked", "outcome", "created_at"])
      .where("vendor_id", "=", vendorId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(5)
      .execute(),
    db
      .selectFrom("bank_accounts")
      .select("id")
      .where("vendor_id", "=", vendorId)
      .where("deleted_at", "is", null)
      .where("verified_at", "is not", null)
      .executeTakeFirst(),
  ]);
  const f = facts.get(vendorId)!;
  const earned = earnedLevel(f);
  const next = earned < 3 ? ((earned + 1) as Level) : null;
  return {
    level: vendor.level as Level,
    earned,
    next,
    missing: next ? missingFor(next, f) : [],
    facts: f,
    checks: checks.map((c) => ({ kind: c.kind, masked: c.masked, outcome: c.outcome, at: c.created_at })),
    hasPayoutAccount: Boolean(account),
  };
}
