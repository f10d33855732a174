import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";
import type { Dialect } from "./dialect.server";
import * as m0001 from "./migrations/0001_init.server";
import * as m0002 from "./migrations/0002_accounts.server";
import * as m0003 from "./migrations/0003_browse.server";
import * as m0004 from "./migrations/0004_booking.server";
import * as m0005 from "./migrations/0005_vendor.server";
import * as m0006 from "./migrations/0006_vendor_rating_totals.server";
import * as m0011 from "./migrations/0011_reviews.server";
import * as m0008 from "./migrations/0008_background_work.server";
import * as m0009 from "./migrations/0009_money.server";
import * as m0010 from "./migrations/0010_vendor_time.server";
import * as m0012 from "./migrations/0012_upload_variants.server";
import * as m0013 from "./migrations/0013_visit_problems.server";
import * as m0014 from "./migrations/0014_deposits.server";
import * as m0016 from "./migrations/0016_email_changes.server";
import * as m0017 from "./migrations/0017_refundable_categories.server";
import * as m0018 from "./migrations/0018_team.server";
import * as m0020 from "./migrations/0020_hardening.server";
import * as m0021 from "./migrations/0021_money_moves.server";
import * as m0022 from "./migrations/0022_discovery.server";
import * as m0023 from "./migrations/0023_reach.server";
import * as m0024 from "./migrations/0024_finish.server";
import * as m0028 from "./migrations/0028_delivery_receipts.server";
import * as m0029 from "./migrations/0029_gone_and_phone_codes.server";
import * as m0032 from "./migrations/0032_clients.server";
import * as m0034 from "./migrations/0034_gifts.server";
import * as m0036 from "./migrations/0036_gift_redemption.server";
import * as m0037 from "./migrations/0037_promo_codes.server";
import * as m0038 from "./migrations/0038_gift_refunds_and_suspension.server";
import * as m0039 from "./migrations/0039_vendor_status_index.server";

// Migrations are listed here in order (bundled into the server build, so no files are read at run time).
// Each takes the dialect so it can pick the few column types that differ.
const migrations: Record<string, { up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void> }> = {
  "0001_init": m0001,
  "0002_accounts": m0002,
  "0003_browse": m0003,
  "0004_booking": m0004,
  "0005_vendor": m0005,
  "0006_vendor_rating_totals": m0006,
  "0011_reviews": m0011,
  "0008_background_work": m0008,
  "0009_money": m0009,
  "0010_vendor_time": m0010,
  "0012_upload_variants": m0012,
  "0013_visit_problems": m0013,
  "0014_deposits": m0014,
  "0016_email_changes": m0016,
  "0017_refundable_categories": m0017,
  "0018_team": m0018,
  "0020_hardening": m0020,
  "0021_money_moves": m0021,
  "0022_discovery": m0022,
  "0023_reach": m0023,
  "0024_finish": m0024,
  "0028_delivery_receipts": m0028,
  "0029_gone_and_phone_codes": m0029,
  "0032_clients": m0032,
  "0034_gifts": m0034,
  "0036_gift_redemption": m0036,
  "0037_promo_codes": m0037,
  "0038_gift_refunds_and_suspension": m0038,
  "0039_vendor_status_index": m0039,
};

/** Every migration's name in the order they apply (Kysely runs them sorted by name); a schema's releases are its prefixes. */
export const MIGRATION_NAMES = Object.keys(migrations).sort();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely<Database> is not assignable to Kysely<unknown>, and the migrations run against past schemas, not Database
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, schema?: string): Promise<void> {
  await migrate(db, dialect, schema, (migrator) => migrator.migrateToLatest());
}

/** Up to and including the named migration: a database as an earlier release left it (the upgrade test's start). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function migrateUpTo(db: Kysely<any>, dialect: Dialect, name: string, schema?: string): Promise<void> {
  await migrate(db, dialect, schema, (migrator) => migrator.migrateTo(name));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function migrate(db: Kysely<any>, dialect: Dialect, schema: string | undefined, run: (migrator: Migrator) => Promise<MigrationResultSet>) {
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(Object.entries(migrations).map(([name, m]): [string, Migration] => [name, { up: (k) => m.up(k, dialect) }]));
    },
  };
  const { error, results } = await run(
    new Migrator({
      db,
      provider,
      // Branches add migrations in parallel (each additive); a database that ran a later-numbered one first must
      // still accept an earlier-numbered one that arrives with a later merge.
      allowUnorderedMigrations: true,
      ...(schema ? { migrationTableSchema: schema } : {}),
    }),
  );
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
