import { sql } from "kysely";
import { getDb, getDialect, type Tx } from "~/db/db.server";

// The vendor's booking lock: every change to a vendor's time (a booking, a transition, a payment, a schedule edit)
// runs under it, so two changes never decide on the same free slot from the same snapshot.

/**
 * Runs `fn` in one transaction that holds the vendor's booking lock, and the customer's when AutoCredit moves.
 * PostgreSQL: row locks (SELECT ... FOR UPDATE), vendor first, then customer, always in that order.
 * SQLite: the transaction's first statement is a write, which takes the database's write lock at once; the busy
 * timeout then queues other processes behind it instead of letting them read a stale snapshot and fail later.
 */
export async function withBookingLock<T>(locks: { vendorId: number; customerId?: number }, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  const postgres = getDialect() === "postgres";
  return db.transaction().execute(async (tx) => {
    if (postgres) {
      await tx.selectFrom("vendors").select("id").where("id", "=", locks.vendorId).forUpdate().execute();
      if (locks.customerId !== undefined) await tx.selectFrom("users").select("id").where("id", "=", locks.customerId).forUpdate().execute();
    } else {
      await tx
        .updateTable("vendors")
        .set({ opens_hour: sql`opens_hour` })
        .where("id", "=", locks.vendorId)
        .execute();
    }
    return fn(tx);
  });
}
