import { sql } from "kysely";
import { closeDb, getDb } from "~/db/db.server";

// The database as start-up, /healthz and shut-down see it.

/** Opens the database now (migrated, and seeded on a first start) rather than when the first request needs it. */
export function openDatabase(): Promise<unknown> {
  return getDb();
}

/** True once the database is migrated and answers a query; false while starting or when it fails. */
export async function databaseAnswers(): Promise<boolean> {
  try {
    const db = await getDb();
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Closes the database once the server has drained (shut-down): a pool's connections end cleanly. */
export function closeDatabase(): Promise<void> {
  return closeDb();
}
