import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { cancelVisitsOfSuspendedVendor } from "~/models/appointments/transitions.server";
import { refundGiftsOfClosedVendors } from "~/models/gifts/gift-money.server";
import { DomainError } from "~/models/refusal";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { suspensionReasonProblem } from "./suspension-rules";

// Glow's admin suspends a vendor, and lifts the suspension (docs/decisions/037-vendor-suspension.md; docs/domain.md,
// "Gone for good"). While suspended the vendor is listed nowhere and its pages answer 404 (catalogue/listed-vendor
// .server.ts), it takes no booking (booking/hold.server.ts) and sells no gift (gifts/buy-gift.server.ts), and its
// withdrawals are held (money/withdrawals.server.ts); it can still sign in and sees why. Suspending also cancels and
// refunds every visit still to come, as the salon cancelling would, and refunds every unexpired gift's balance to
// whoever paid for it, as its closing would. Lifting gives back its listing and its bookings; what was refunded stays
// refunded. The flag is set under the vendor's booking lock, the lock every booking takes, so a booking and a
// suspension at the same moment are one before the other, and the cancellation that follows finds every booking made.

export interface Suspension {
  suspendedAt: string;
  reason: string;
}

export interface SuspensionOutcome {
  businessName: string;
  /** Visits cancelled and refunded now. */
  cancelled: number;
  /** Visits whose refund could not be made now (the provider unreachable): the hourly gifts sweep tries them again. */
  left: number;
  /** Gifts whose balance went back to their payers. */
  giftsRefunded: number;
}

/** Suspends a vendor with the reason it will read, then cancels its visits to come and refunds its gifts. */
export async function suspendVendor(vendorId: number, reason: string, now: Date = new Date()): Promise<SuspensionOutcome> {
  const problem = suspensionReasonProblem(reason);
  if (problem) throw new DomainError("invalid", problem, { field: "reason" });
  const db = await getDb();
  const found = await db.selectFrom("vendors").select("id").where("id", "=", vendorId).executeTakeFirst();
  if (!found) throw new DomainError("not-found", "We couldn't find that vendor.");
  const businessName = await withBookingLock({ vendorId }, async (tx) => {
    const vendor = await tx.selectFrom("vendors").select(["business_name", "closed_at", "suspended_at"]).where("id", "=", vendorId).executeTakeFirstOrThrow();
    if (vendor.closed_at !== null) throw new DomainError("conflict", `${vendor.business_name} has closed on Glow, so there is nothing to suspend.`);
    if (vendor.suspended_at !== null) throw new DomainError("conflict", `${vendor.business_name} is already suspended.`);
    await tx.updateTable("vendors").set({ suspended_at: now.toISOString(), suspension_reason: reason.trim() }).where("id", "=", vendorId).execute();
    return vendor.business_name;
  });
  return { businessName, ...(await applySuspension(vendorId, now)) };
}

/**
 * What a suspension does to money already taken: every visit to come cancelled and refunded, then every unexpired
 * gift's balance (what those cancellations gave back included) refunded to whoever paid. Safe to repeat: the hourly
 * gifts sweep does both again for what could not be done at once.
 */
async function applySuspension(vendorId: number, now: Date): Promise<Omit<SuspensionOutcome, "businessName">> {
  const { cancelled, left } = await cancelVisitsOfSuspendedVendor(vendorId, now);
  const giftsRefunded = await refundGiftsOfClosedVendors(now, vendorId);
  return { cancelled, left, giftsRefunded };
}

/**
 * The hourly gifts sweep's part (background/work-list.server.ts): visits of suspended vendors still to come, whose
 * refund could not be made when the suspension was applied, are tried again. Returns how many were cancelled.
 */
export async function cancelVisitsOfSuspendedVendors(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const vendors = await db
    .selectFrom("vendors as v")
    .select("v.id")
    .where("v.suspended_at", "is not", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("appointments as a")
          .select("a.id")
          .whereRef("a.vendor_id", "=", "v.id")
          .where("a.status", "in", ["held", "requested", "confirmed"])
          .where("a.starts_at", ">", now.toISOString()),
      ),
    )
    .limit(200)
    .execute();
  let cancelled = 0;
  for (const v of vendors) cancelled += (await cancelVisitsOfSuspendedVendor(v.id, now)).cancelled;
  return cancelled;
}

/** Lifts a suspension: the vendor is listed and bookable again. */
export async function liftSuspension(vendorId: number): Promise<{ businessName: string }> {
  const db = await getDb();
  const found = await db.selectFrom("vendors").select("id").where("id", "=", vendorId).executeTakeFirst();
  if (!found) throw new DomainError("not-found", "We couldn't find that vendor.");
  return withBookingLock({ vendorId }, async (tx) => {
    const vendor = await tx.selectFrom("vendors").select(["business_name", "suspended_at"]).where("id", "=", vendorId).executeTakeFirstOrThrow();
    if (vendor.suspended_at === null) throw new DomainError("conflict", `${vendor.business_name} is not suspended.`);
    await tx.updateTable("vendors").set({ suspended_at: null, suspension_reason: null }).where("id", "=", vendorId).execute();
    return { businessName: vendor.business_name };
  });
}

/** The vendor's suspension, for its dashboard's banner; null when it is not suspended. */
export async function suspensionOf(vendorId: number): Promise<Suspension | null> {
  const db = await getDb();
  const row = await db.selectFrom("vendors").select(["suspended_at", "suspension_reason"]).where("id", "=", vendorId).executeTakeFirst();
  return row?.suspended_at ? { suspendedAt: row.suspended_at, reason: row.suspension_reason ?? "" } : null;
}

// ---------------------------------------------------------------------------------------------------------
// The admin's list of vendors

export const ADMIN_VENDORS_PER_PAGE = 20;

export interface AdminVendorRow {
  id: number;
  businessName: string;
  ownerName: string;
  email: string;
  city: string;
  area: string;
  state: "active" | "suspended" | "closed";
  suspendedAt: string | null;
  suspensionReason: string | null;
  closedAt: string | null;
}

const ADMIN_COLUMNS = [
  "v.id",
  "v.business_name",
  "v.city",
  "v.area",
  "v.suspended_at",
  "v.suspension_reason",
  "v.closed_at",
  "u.email",
  "u.first_name",
  "u.last_name",
] as const;

function toAdminRow(r: {
  id: number;
  business_name: string;
  city: string;
  area: string;
  suspended_at: string | null;
  suspension_reason: string | null;
  closed_at: string | null;
  email: string;
  first_name: string;
  last_name: string;
}): AdminVendorRow {
  return {
    id: r.id,
    businessName: r.business_name,
    ownerName: `${r.first_name} ${r.last_name}`,
    email: r.email,
    city: r.city,
    area: r.area,
    state: r.closed_at !== null ? "closed" : r.suspended_at !== null ? "suspended" : "active",
    suspendedAt: r.suspended_at,
    suspensionReason: r.suspension_reason,
    closedAt: r.closed_at,
  };
}

/** Vendors by name, whose business name or owner's e-mail contains `search` (any case), ADMIN_VENDORS_PER_PAGE a page. */
export async function listVendorsForAdmin(search: string, page: number): Promise<{ items: AdminVendorRow[]; pageCount: number; total: number }> {
  const db = await getDb();
  const needle = `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const base = db
    .selectFrom("vendors as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .$if(search.trim() !== "", (qb) =>
      qb.where((eb) => eb.or([sql<boolean>`lower(v.business_name) like ${needle} escape '\\'`, sql<boolean>`lower(u.email) like ${needle} escape '\\'`])),
    );
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select(ADMIN_COLUMNS)
      .orderBy("v.business_name")
      .orderBy("v.id")
      .limit(ADMIN_VENDORS_PER_PAGE)
      .offset((page - 1) * ADMIN_VENDORS_PER_PAGE)
      .execute(),
  ]);
  const total = Number(n);
  return {
    total,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_VENDORS_PER_PAGE)),
    items: rows.map(toAdminRow),
  };
}

/** One vendor as the list shows it, for the suspension's confirmation; null when there is none. */
export async function vendorForAdmin(vendorId: number): Promise<AdminVendorRow | null> {
  const db = await getDb();
  const row = await db
    .selectFrom("vendors as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .select(ADMIN_COLUMNS)
    .where("v.id", "=", vendorId)
    .executeTakeFirst();
  return row ? toAdminRow(row) : null;
}

/** What a suspension would do now, for its confirmation: the visits it cancels and the gifts it refunds. */
export async function suspensionFacts(vendorId: number, now: Date = new Date()): Promise<{ upcoming: number; gifts: number }> {
  const db = await getDb();
  const [visits, gifts] = await Promise.all([
    db
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("vendor_id", "=", vendorId)
      .where("status", "in", ["held", "requested", "confirmed"])
      .where("starts_at", ">", now.toISOString())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("gifts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("vendor_id", "=", vendorId)
      .where("status", "=", "active")
      .where("expires_at", ">=", now.toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  return { upcoming: Number(visits.n), gifts: Number(gifts.n) };
}
