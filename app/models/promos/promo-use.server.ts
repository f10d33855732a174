import type { Executor, Tx } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { formatNaira } from "~/utils/money";
import { formatDay, lagosToday } from "~/utils/time";
import { normalisePromoCode, promoDiscount, type PromoOff } from "./promo-rules";

// A promo code used at Book Now (docs/domain.md, "Promo codes"; docs/decisions/036-promo-codes.md). "Apply" reads it
// and reserves nothing; Book Now reads it again under the salon's booking lock and takes a use (promo_uses "taken",
// and `uses_taken` raised only while below `max_uses`, so the last use is never taken twice). The use is given back
// at the moments a booking's gifts are: its hold runs out, it is declined or expires unanswered, it is cancelled in
// time, or Glow refunds it.

export interface BookingPromo extends PromoOff {
  id: number;
  code: string;
  discountKobo: number;
}

export interface PromoBooking {
  vendorId: number;
  businessName: string;
  serviceId: number;
  serviceTitle: string;
  customerId: number;
  items: { kind: "service" | "material"; priceKobo: number }[];
}

const refuse = (message: string, code: "invalid" | "not-found" = "invalid") => new DomainError(code, message, { field: "promo" });

/** The promo code `input` for this booking, with what it takes off; each reason it does not apply, its own sentence. */
export async function promoForBooking(db: Executor, input: string, booking: PromoBooking, now: Date = new Date()): Promise<BookingPromo> {
  const code = normalisePromoCode(input);
  const unknown = () =>
    refuse(`We couldn't find the promo code ${input.trim().slice(0, 20).toUpperCase()} at ${booking.businessName}. Check it and try again.`, "not-found");
  if (!code) throw unknown();
  const promo = await db.selectFrom("promo_codes").selectAll().where("vendor_id", "=", booking.vendorId).where("code", "=", code).executeTakeFirst();
  if (!promo) {
    const elsewhere = await db
      .selectFrom("promo_codes as p")
      .innerJoin("vendors as v", "v.id", "p.vendor_id")
      .select("v.business_name")
      .where("p.code", "=", code)
      .where("p.status", "=", "live")
      .orderBy("p.id")
      .executeTakeFirst();
    if (elsewhere) throw refuse(`${code} is a code of ${elsewhere.business_name}, so it can't be used at ${booking.businessName}.`);
    throw unknown();
  }
  const today = lagosToday(now);
  if (promo.status === "ended" || promo.ends_on < today) throw refuse(`${code} expired on ${formatDay(promo.ends_on)}.`);
  if (promo.status === "paused") throw refuse(`${code} is paused by ${booking.businessName} for now.`);
  if (promo.starts_on > today) throw refuse(`${code} starts on ${formatDay(promo.starts_on)}: it can't be used before then.`);
  if (promo.uses_taken >= promo.max_uses) throw refuse(`${code} has been used up.`);
  const mine = await db
    .selectFrom("promo_uses")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("promo_id", "=", promo.id)
    .where("customer_id", "=", booking.customerId)
    .where("status", "=", "taken")
    .executeTakeFirstOrThrow();
  if (Number(mine.n) >= promo.max_uses_per_customer)
    throw refuse(
      promo.max_uses_per_customer === 1
        ? `You have already used ${code}: it is once per customer.`
        : `You have already used ${code} ${promo.max_uses_per_customer} times, as many as it allows per customer.`,
    );
  const services = await db.selectFrom("promo_code_services").select("service_id").where("promo_id", "=", promo.id).execute();
  if (services.length > 0 && !services.some((s) => s.service_id === booking.serviceId)) throw refuse(`${code} is not for ${booking.serviceTitle}.`);
  if (promo.new_customers_only === 1 && (await hasVisited(db, booking.customerId, booking.vendorId)))
    throw refuse(`${code} is for new customers of ${booking.businessName} only.`);
  const spend = booking.items.reduce((sum, i) => sum + i.priceKobo, 0);
  if (spend < promo.min_spend_kobo)
    throw refuse(`${code} needs a booking of at least ${formatNaira(promo.min_spend_kobo)}; this one is ${formatNaira(spend)}.`);
  const off = { percentOff: promo.percent_off, amountOffKobo: promo.amount_off_kobo };
  return { id: promo.id, code, ...off, discountKobo: promoDiscount(booking.items, off) };
}

/** A customer who has a completed or paid visit with the salon is not new to it (a refund does not make them new). */
async function hasVisited(db: Executor, customerId: number, vendorId: number): Promise<boolean> {
  const row = await db
    .selectFrom("appointments")
    .select("id")
    .where("customer_id", "=", customerId)
    .where("vendor_id", "=", vendorId)
    .where((eb) => eb.or([eb("status", "=", "completed"), eb("payment_status", "in", ["paid", "refunded"])]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes one use of `promo` for the appointment just booked (inside its salon's booking lock). */
export async function takePromo(tx: Tx, appointmentId: number, customerId: number, promo: BookingPromo, now: Date): Promise<void> {
  // Conditional: of bookings racing for the last use, one raises the count and the others find it used up.
  const raised = await tx
    .updateTable("promo_codes")
    .set((eb) => ({ uses_taken: eb("uses_taken", "+", 1) }))
    .where("id", "=", promo.id)
    .where("status", "=", "live")
    .whereRef("uses_taken", "<", "max_uses")
    .executeTakeFirst();
  if (Number(raised.numUpdatedRows) !== 1) throw refuse(`${promo.code} has been used up.`);
  await tx
    .insertInto("promo_uses")
    .values({ promo_id: promo.id, appointment_id: appointmentId, customer_id: customerId, discount_kobo: promo.discountKobo, created_at: now.toISOString() })
    .execute();
}

/** Gives back the use an appointment took, if it still holds one. Returns whether it did. */
export async function releasePromo(tx: Tx, appointmentId: number, now: Date): Promise<boolean> {
  const use = await tx
    .updateTable("promo_uses")
    .set({ status: "released", released_at: now.toISOString() })
    .where("appointment_id", "=", appointmentId)
    .where("status", "=", "taken")
    .returning("promo_id")
    .executeTakeFirst();
  if (!use) return false;
  await tx
    .updateTable("promo_codes")
    .set((eb) => ({ uses_taken: eb("uses_taken", "-", 1) }))
    .where("id", "=", use.promo_id)
    .where("uses_taken", ">", 0)
    .execute();
  return true;
}
