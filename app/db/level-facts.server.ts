import { sql, type Kysely } from "kysely";
import type { LevelFacts } from "~/utils/levels";
import type { Database } from "./schema";

// The facts the verification levels' rules read (app/utils/levels.ts), for some vendors, through any handle or
// transaction: background work recomputes levels with it (models/trust/levels.server.ts), and the seed gives its
// vendors the levels their seeded data earns with the same query.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Cancelled appointments that are not the vendor's doing: the customer's own, and Glow's refund after a reported problem. */
const NOT_BY_VENDOR = ["Cancelled by the customer", "Refunded by Glow after a reported problem"];

export async function levelFacts(db: Kysely<Database>, vendorIds: number[], now: Date): Promise<Map<number, LevelFacts>> {
  const facts = new Map<number, LevelFacts>();
  if (vendorIds.length === 0) return facts;
  const since = new Date(now.getTime() - 90 * DAY_MS).toISOString();
  const nowIso = now.toISOString();
  const [vendors, checks, visits] = await Promise.all([
    db
      .selectFrom("vendors as v")
      .innerJoin("users as u", "u.id", "v.user_id")
      .select([
        "v.id",
        "v.vendor_rating_sum",
        "v.vendor_rating_count",
        "u.email_confirmed_at",
        "u.phone_confirmed_at",
        "u.phone",
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom("bank_accounts as b")
                .select("b.id")
                .whereRef("b.vendor_id", "=", "v.id")
                .where("b.verified_at", "is not", null)
                .where("b.deleted_at", "is", null),
            )
            .as("has_verified_account"),
      ])
      .where("v.id", "in", vendorIds)
      .execute(),
    db
      .selectFrom("identity_checks")
      .select(["vendor_id", "kind", "outcome", "created_at", "id"])
      .where("vendor_id", "in", vendorIds)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("appointments")
      .select([
        "vendor_id",
        (eb) => eb.fn.sum<number>(sql`case when status = 'completed' then 1 else 0 end`).as("completed"),
        (eb) =>
          eb.fn
            .sum<number>(sql`case when starts_at >= ${since} and starts_at <= ${nowIso} and status in ('completed', 'no_show', 'cancelled') then 1 else 0 end`)
            .as("visits90"),
        (eb) =>
          eb.fn
            .sum<number>(
              sql`case when starts_at >= ${since} and starts_at <= ${nowIso} and status = 'cancelled' and (status_reason is null or status_reason not in (${sql.join(NOT_BY_VENDOR)})) then 1 else 0 end`,
            )
            .as("cancelled90"),
      ])
      .where("vendor_id", "in", vendorIds)
      .groupBy("vendor_id")
      .execute(),
  ]);
  // The latest check of each kind decides.
  const latest = new Map<string, string>();
  for (const c of checks) latest.set(`${c.vendor_id}:${c.kind}`, c.outcome);
  const visitsOf = new Map(visits.map((v) => [v.vendor_id, v]));
  for (const v of vendors) {
    const counted = visitsOf.get(v.id);
    facts.set(v.id, {
      // An e-mailed code entered for a payout account proves the e-mail as well as a confirmation link does.
      emailConfirmed: v.email_confirmed_at !== null || Boolean(Number(v.has_verified_account)),
      phoneConfirmed: v.phone_confirmed_at !== null && v.phone !== null,
      identityVerified: latest.get(`${v.id}:nin`) === "verified",
      businessVerified: latest.get(`${v.id}:cac`) === "verified",
      completedVisits: Number(counted?.completed ?? 0),
      rating: v.vendor_rating_count > 0 ? Math.round((v.vendor_rating_sum / v.vendor_rating_count) * 100) / 100 : 0,
      visits90: Number(counted?.visits90 ?? 0),
      vendorCancelled90: Number(counted?.cancelled90 ?? 0),
    });
  }
  return facts;
}
