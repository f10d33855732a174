import { sql, type Expression, type SqlBool } from "kysely";

// A suspended vendor (docs/decisions/037-vendor-suspension.md) is listed nowhere and its pages answer 404, while its
// services keep their own status, so lifting the suspension gives back exactly what was listed before. Every public
// query that already asks for active services asks this too; one with the vendors table joined asks
// `v.suspended_at is null` directly.

/** True when the vendor whose id is in `vendorIdColumn` (e.g. "s.vendor_id") is not suspended. */
export function vendorNotSuspended(vendorIdColumn: string): Expression<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from vendors sv where sv.id = ${sql.ref(vendorIdColumn)} and sv.suspended_at is not null)`;
}
