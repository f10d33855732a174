import { getDb } from "~/db/db.server";
import type { PromoStatus } from "~/db/schema";
import { DomainError } from "~/models/refusal";
import { lagosToday } from "~/utils/time";
import { normalisePromoCode, promoProblem, type PromoInput } from "./promo-rules";

// A vendor's promo codes (docs/domain.md, "Promo codes"): created on /vendor/offers, listed with their uses, paused,
// resumed or ended. A code's terms never change once made (bookings hold uses of it); a new code replaces it.

export interface VendorPromo {
  id: number;
  code: string;
  percentOff: number | null;
  amountOffKobo: number | null;
  startsOn: string;
  endsOn: string;
  maxUses: number;
  maxUsesPerCustomer: number;
  newCustomersOnly: boolean;
  minSpendKobo: number;
  status: PromoStatus;
  usesTaken: number;
  services: string[];
  /** What its bookings took off in all (their uses still held). */
  discountKobo: number;
}

/** Creates a code of `vendorId`; a bad field is refused beside it ("invalid", with its field), and changes nothing. */
export async function createPromo(vendorId: number, input: PromoInput, now = new Date()): Promise<number> {
  const problem = promoProblem(input, lagosToday(now));
  if (problem) throw new DomainError("invalid", problem.message, { field: problem.field });
  const code = normalisePromoCode(input.code)!;
  const db = await getDb();
  const serviceIds = [...new Set(input.serviceIds)];
  if (serviceIds.length > 0) {
    const own = await db.selectFrom("services").select("id").where("vendor_id", "=", vendorId).where("id", "in", serviceIds).execute();
    if (own.length !== serviceIds.length) throw new DomainError("invalid", "Choose services from your list.", { field: "services" });
  }
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom("promo_codes").select("id").where("vendor_id", "=", vendorId).where("code", "=", code).executeTakeFirst();
    if (taken) throw new DomainError("invalid", `You already have a code ${code}. Choose another.`, { field: "code" });
    const { id } = await tx
      .insertInto("promo_codes")
      .values({
        vendor_id: vendorId,
        code,
        percent_off: input.percentOff,
        amount_off_kobo: input.amountOffKobo,
        starts_on: input.startsOn,
        ends_on: input.endsOn,
        max_uses: input.maxUses,
        max_uses_per_customer: input.maxUsesPerCustomer,
        new_customers_only: input.newCustomersOnly ? 1 : 0,
        min_spend_kobo: input.minSpendKobo,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (serviceIds.length > 0)
      await tx
        .insertInto("promo_code_services")
        .values(serviceIds.map((service_id) => ({ promo_id: id, service_id })))
        .execute();
    return id;
  });
}

/** Pauses, resumes or ends one of the vendor's codes; an ended code stays ended. */
export async function setPromoStatus(vendorId: number, promoId: number, status: PromoStatus, now = new Date()): Promise<string> {
  const db = await getDb();
  const row = await db.selectFrom("promo_codes").select(["code", "status"]).where("id", "=", promoId).where("vendor_id", "=", vendorId).executeTakeFirst();
  if (!row) throw new DomainError("not-found", "We couldn't find that code.");
  if (row.status === "ended") throw new DomainError("conflict", `${row.code} has ended, so it can't be changed. Create a new code instead.`);
  await db
    .updateTable("promo_codes")
    .set({ status, updated_at: now.toISOString() })
    .where("id", "=", promoId)
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "ended")
    .execute();
  return row.code;
}

/** The vendor's codes, newest first, with the services each is limited to and what its uses took off. */
export async function vendorPromos(vendorId: number): Promise<VendorPromo[]> {
  const db = await getDb();
  const rows = await db.selectFrom("promo_codes").selectAll().where("vendor_id", "=", vendorId).orderBy("id", "desc").limit(200).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const services = await db
    .selectFrom("promo_code_services as ps")
    .innerJoin("services as s", "s.id", "ps.service_id")
    .select(["ps.promo_id", "s.title"])
    .where("ps.promo_id", "in", ids)
    .orderBy("s.title")
    .execute();
  const given = await db
    .selectFrom("promo_uses")
    .select(["promo_id", (eb) => eb.fn.sum<number>("discount_kobo").as("kobo")])
    .where("promo_id", "in", ids)
    .where("status", "=", "taken")
    .groupBy("promo_id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    percentOff: r.percent_off,
    amountOffKobo: r.amount_off_kobo,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    maxUses: r.max_uses,
    maxUsesPerCustomer: r.max_uses_per_customer,
    newCustomersOnly: r.new_customers_only === 1,
    minSpendKobo: r.min_spend_kobo,
    status: r.status,
    usesTaken: r.uses_taken,
    services: services.filter((s) => s.promo_id === r.id).map((s) => s.title),
    discountKobo: Number(given.find((g) => g.promo_id === r.id)?.kobo ?? 0),
  }));
}

/**
 * What the vendor's promo codes took off its completed visits (starting in [fromIso, toIso) when given): the money
 * the salon chose not to charge. Finance shows it beside the ledger's figures, which count only what was paid.
 */
export async function discountsGiven(vendorId: number, range: { fromIso?: string; toIso?: string } = {}): Promise<{ kobo: number; visits: number }> {
  const db = await getDb();
  let query = db
    .selectFrom("appointments")
    .select((eb) => [eb.fn.sum<number>("promo_kobo").as("kobo"), eb.fn.countAll<number>().as("visits")])
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "completed")
    .where("promo_kobo", ">", 0);
  if (range.fromIso) query = query.where("starts_at", ">=", range.fromIso);
  if (range.toIso) query = query.where("starts_at", "<", range.toIso);
  const row = await query.executeTakeFirstOrThrow();
  return { kobo: Number(row.kobo ?? 0), visits: Number(row.visits) };
}

/** The vendor's services a code may be limited to: those customers can book. */
export async function promoServiceChoices(vendorId: number): Promise<{ id: number; title: string }[]> {
  const db = await getDb();
  return db
    .selectFrom("services")
    .select(["id", "title"])
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "active")
    .where("revision_of", "is", null)
    .orderBy("title")
    .limit(200)
    .execute();
}
