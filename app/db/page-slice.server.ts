import { sql, type SelectQueryBuilder } from "kysely";

/**
 * A page of a list query, with its LIMIT and OFFSET written into the SQL as numbers instead of bound parameters.
 * SQLite ran the same statement several times slower with a bound LIMIT once its WHERE held IN or OR terms: a
 * customer's upcoming visits 26 µs against 3.5 µs, a salon's tab 163 against 127 µs, on the bench's database
 * (docs/decisions/029-signed-in-page-cost.md). Each page is then a statement text of its own, prepared once and kept
 * like any other; only whole numbers are written.
 */
export function pageSlice<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, limit: number, offset: number): SelectQueryBuilder<DB, TB, O> {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0) {
    throw new RangeError(`a page is whole rows: limit ${limit}, offset ${offset}`);
  }
  return query.limit(sql.lit(limit)).offset(sql.lit(offset));
}
