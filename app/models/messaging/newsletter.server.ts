import { getDb } from "~/db/db.server";

/** Subscribes an address (already validated and lower-cased). Says whether it was already on the list. */
export async function subscribe(email: string): Promise<"subscribed" | "already"> {
  const db = await getDb();
  const result = await db
    .insertInto("newsletter")
    .values({ email, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? "subscribed" : "already";
}
