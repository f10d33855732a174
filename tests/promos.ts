import crypto from "node:crypto";
import { getDb } from "~/db/db.server";
import { addDaysToDay, lagosToday } from "~/utils/time";

// A promo code of the test's own, written as /vendor/offers writes one (app/models/promos/promo-codes.server.ts),
// live from yesterday to a month ahead unless told; its code is unique, so tests sharing a database never meet.

export async function plantPromo(
  vendorId: number,
  options: Partial<{
    percentOff: number | null;
    amountOffKobo: number | null;
    startsOn: string;
    endsOn: string;
    maxUses: number;
    perCustomer: number;
    newOnly: boolean;
    minSpendKobo: number;
    status: "live" | "paused" | "ended";
    serviceIds: number[];
  }> = {},
): Promise<{ id: number; code: string }> {
  const db = await getDb();
  const code = `T${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
  const today = lagosToday();
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("promo_codes")
    .values({
      vendor_id: vendorId,
      code,
      percent_off: options.amountOffKobo ? null : (options.percentOff ?? 10),
      amount_off_kobo: options.amountOffKobo ?? null,
      starts_on: options.startsOn ?? addDaysToDay(today, -1),
      ends_on: options.endsOn ?? addDaysToDay(today, 30),
      max_uses: options.maxUses ?? 100,
      max_uses_per_customer: options.perCustomer ?? 1,
      new_customers_only: options.newOnly ? 1 : 0,
      min_spend_kobo: options.minSpendKobo ?? 0,
      status: options.status ?? "live",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (options.serviceIds?.length)
    await db
      .insertInto("promo_code_services")
      .values(options.serviceIds.map((service_id) => ({ promo_id: id, service_id })))
      .execute();
  return { id, code };
}

/** A code's uses held now, and its uses' states in order. */
export async function promoUses(promoId: number): Promise<{ taken: number; uses: string[] }> {
  const db = await getDb();
  const { uses_taken } = await db.selectFrom("promo_codes").select("uses_taken").where("id", "=", promoId).executeTakeFirstOrThrow();
  const uses = await db.selectFrom("promo_uses").select("status").where("promo_id", "=", promoId).orderBy("id").execute();
  return { taken: uses_taken, uses: uses.map((u) => u.status) };
}
