// Verification levels (docs/domain.md, "Verification levels"): earned from what a vendor has proved and delivered,
// never sold, recomputed by background work (models/trust/levels.server.ts). Pure, so the public "What our badges
// mean" page, the vendor's own page, the recomputation and the seed (which gives its vendors the levels their data
// earns) read the same rules.

export type Level = 0 | 1 | 2 | 3;

export interface LevelFacts {
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  /** The NIN check found the person, and the name matches the payout account's resolved name. */
  identityVerified: boolean;
  /** A registered business: the CAC number checked. */
  businessVerified: boolean;
  completedVisits: number;
  /** The rating the vendor's pages show (0 without ratings). */
  rating: number;
  /** Visits of the last 90 days the vendor had taken on (completed, missed or cancelled), and those the vendor cancelled. */
  visits90: number;
  vendorCancelled90: number;
}

export const LEVEL_2_VISITS = 10;
export const LEVEL_2_RATING = 4.0;
export const LEVEL_3_VISITS = 50;
export const LEVEL_3_RATING = 4.5;
/** Under this share of the last 90 days' visits cancelled by the vendor. */
export const LEVEL_3_MAX_CANCELLED = 0.02;

/** The rules as the badges page states them, word for word. */
export const LEVEL_RULES: { level: Level; title: string; rules: string[] }[] = [
  {
    level: 1,
    title: "Level 1: identity checked",
    rules: ["Phone number and e-mail confirmed.", "Identity checked with the NIN, and the name matches the name on the bank account Glow pays."],
  },
  {
    level: 2,
    title: "Level 2: established",
    rules: [
      "Level 1, and either:",
      "a registered business (CAC number checked), or",
      `at least ${LEVEL_2_VISITS} completed visits with a rating of ${LEVEL_2_RATING.toFixed(1)} or more.`,
    ],
  },
  {
    level: 3,
    title: "Level 3: top rated",
    rules: [
      "Level 2, and:",
      `at least ${LEVEL_3_VISITS} completed visits,`,
      `a rating of ${LEVEL_3_RATING.toFixed(1)} or more, and`,
      `under ${LEVEL_3_MAX_CANCELLED * 100} % of the last 90 days' visits cancelled by the vendor.`,
    ],
  },
];

const cancelledShare = (f: LevelFacts) => (f.visits90 > 0 ? f.vendorCancelled90 / f.visits90 : 0);

/** The steps of Level 1 that a page can link to where they are done. */
export const CONFIRM_EMAIL = "Confirm your e-mail address.";
export const CONFIRM_PHONE = "Confirm your phone number.";
export const CHECK_IDENTITY = "Check your identity with your NIN (the name must match your payout bank account).";

/** What a vendor still lacks for `level`, one sentence each; empty when they have it. */
export function missingFor(level: Level, f: LevelFacts): string[] {
  if (level === 0) return [];
  const missing = level > 1 ? missingFor((level - 1) as Level, f) : [];
  if (level === 1) {
    if (!f.emailConfirmed) missing.push(CONFIRM_EMAIL);
    if (!f.phoneConfirmed) missing.push(CONFIRM_PHONE);
    if (!f.identityVerified) missing.push(CHECK_IDENTITY);
  }
  if (level === 2 && !f.businessVerified && (f.completedVisits < LEVEL_2_VISITS || f.rating < LEVEL_2_RATING)) {
    missing.push(
      `Check your CAC registration, or complete ${LEVEL_2_VISITS} visits with a rating of ${LEVEL_2_RATING.toFixed(1)} or more (now ${f.completedVisits} visits, rating ${f.rating.toFixed(2)}).`,
    );
  }
  if (level === 3) {
    if (f.completedVisits < LEVEL_3_VISITS) missing.push(`Complete ${LEVEL_3_VISITS} visits (now ${f.completedVisits}).`);
    if (f.rating < LEVEL_3_RATING) missing.push(`Reach a rating of ${LEVEL_3_RATING.toFixed(1)} (now ${f.rating.toFixed(2)}).`);
    if (cancelledShare(f) >= LEVEL_3_MAX_CANCELLED) {
      missing.push(`Cancel under ${LEVEL_3_MAX_CANCELLED * 100} % of your visits (last 90 days: ${f.vendorCancelled90} of ${f.visits90}).`);
    }
  }
  return missing;
}

export function earnedLevel(f: LevelFacts): Level {
  for (const level of [3, 2, 1] as const) if (missingFor(level, f).length === 0) return level;
  return 0;
}
