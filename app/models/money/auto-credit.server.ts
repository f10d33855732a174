import { getDb, type Executor } from "~/db/db.server";

// AutoCredit: a customer's credit balance, the sum of their credit entries. Refunds of cancelled paid
// appointments add to it; paying with AutoCredit takes from it, in the same transaction as the payment.

/** A customer's credit balance now (for pages; inside a transaction use creditBalance). */
export async function getCreditBalance(userId: number): Promise<number> {
  return creditBalance(await getDb(), userId);
}

export async function creditBalance(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom("credit_entries")
    .select((eb) => eb.fn.sum<number>("amount_kobo").as("balance"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

export async function addCredit(db: Executor, entry: { userId: number; amountKobo: number; reason: string; appointmentId?: number | null }): Promise<void> {
  await db
    .insertInto("credit_entries")
    .values({
      user_id: entry.userId,
      amount_kobo: entry.amountKobo,
      reason: entry.reason,
      appointment_id: entry.appointmentId ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
