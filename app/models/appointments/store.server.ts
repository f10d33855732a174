import { compiledReads } from "~/db/compiled-read.server";
import { getDb, type Executor, type Tx } from "~/db/db.server";
import { deliverMail, queueMails } from "~/models/messaging/mail.server";
import { DomainError } from "~/models/refusal";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import type { Mail } from "~/models/messaging/mail.server";
import { releaseGifts } from "~/models/redemption/redeem.server";
import { releasePromo } from "~/models/promos/promo-use.server";

// One appointment's record: the row with what the rules and e-mails need, and the frame every transition of
// models/appointments/transitions.server.ts runs in (under the vendor's booking lock, models/schedule/booking-lock.server.ts).

/**
 * A customer's open unpaid appointments, the ones MAX_LIVE_HOLDS caps: running holds, and "Pay to vendor" requests the
 * vendor has not answered yet (an accepted one is a real appointment, paid at the visit).
 */
export async function openUnpaidAppointments(db: Executor, customerId: number, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const row = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("customer_id", "=", customerId)
    .where("payment_status", "=", "unpaid")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "held"), eb("hold_expires_at", ">", nowIso)]),
        eb.and([eb("status", "=", "requested"), eb("starts_at", ">", nowIso), eb.or([eb("answer_by", "is", null), eb("answer_by", ">", nowIso)])]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records run-out holds of a vendor as expired (inside the vendor's lock), giving back what gifts and promo codes they reserved. */
export async function expireHolds(tx: Tx, vendorId: number, now: Date): Promise<void> {
  const runOut = await tx
    .updateTable("appointments")
    .set({ status: "expired", updated_at: now.toISOString() })
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "held")
    .where("hold_expires_at", "<=", now.toISOString())
    .returning(["id", "gift_kobo", "promo_kobo"])
    .execute();
  for (const hold of runOut) {
    if (hold.gift_kobo > 0) await releaseGifts(tx, { id: hold.id, vendor_id: vendorId, service_title: "", group_name: null }, now);
    if (hold.promo_kobo > 0) await releasePromo(tx, hold.id, now);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading one appointment with what its rules and e-mails need

function rowQuery(db: Executor) {
  return (
    db
      .selectFrom("appointments as a")
      .innerJoin("services as s", "s.id", "a.service_id")
      .innerJoin("categories as cat", "cat.id", "s.category_id")
      .innerJoin("vendors as v", "v.id", "a.vendor_id")
      .innerJoin("users as c", "c.id", "a.customer_id")
      .innerJoin("users as vu", "vu.id", "v.user_id")
      .leftJoin("team_members as tm", "tm.id", "a.member_id")
      .selectAll("a")
      .select([
        "s.title as service_title",
        "s.group_name",
        // Whether a customer's cancellation is refunded (the rules in ./rules.server.ts read it).
        "cat.refundable",
        "s.duration_min",
        "v.business_name",
        "v.auto_accept",
        "v.cancellation_policy",
        "v.deposit_percent",
        "v.no_show_grace_minutes",
        "v.opens_hour",
        "v.closes_hour",
        "v.open_days",
        "c.email as customer_email",
        "c.first_name as customer_first_name",
        "c.last_name as customer_last_name",
        "vu.email as vendor_email",
        "tm.name as member_name",
      ])
      // How many members the vendor's team has: a team of one names no stylist (stylistOf in ./views.ts).
      .select((eb) =>
        eb
          .selectFrom("team_members as tc")
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .whereRef("tc.vendor_id", "=", "a.vendor_id")
          .as("team_size"),
      )
  );
}

export type AppointmentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof rowQuery>["executeTakeFirst"]>>>;

/** Whose appointment it is: a customer's, a vendor's, or (with memberId) one team member's of that vendor. */
export type Scope = { customerId: number } | { vendorId: number; memberId?: number };
export type AppointmentKey = { ref: string } | { id: number };

/** One appointment as its owner (the customer or the vendor) may see it; anyone else gets nothing. */
export async function findScoped(db: Executor, scope: Scope, key: AppointmentKey): Promise<AppointmentRow | undefined> {
  const by = "ref" in key ? "ref" : "id";
  const keyValue = "ref" in key ? key.ref : key.id;
  const [whose, ownerId] = "customerId" in scope ? (["customer", scope.customerId] as const) : (["vendor", scope.vendorId] as const);
  const memberId = "memberId" in scope ? scope.memberId : undefined;
  return (await scopedRow([by, whose, memberId !== undefined], db, keyValue, ownerId, memberId ?? 0))[0];
}

/**
 * findScoped's query, compiled once per kind of key and owner (a member's value is unsent without one): every appointment page (the customer's, the salon's)
 * and every change of an appointment asks it (db/compiled-read.server.ts).
 */
const scopedRow = compiledReads(
  8,
  ([by, whose, member]: readonly ["ref" | "id", "customer" | "vendor", boolean], db, key: string | number, ownerId: number, memberId: number) => {
    const query = rowQuery(db)
      .where(by === "ref" ? "a.ref" : "a.id", "=", key)
      .where(whose === "customer" ? "a.customer_id" : "a.vendor_id", "=", ownerId);
    return member ? query.where("a.member_id", "=", memberId) : query;
  },
);

export async function rowById(db: Executor, id: number): Promise<AppointmentRow> {
  return rowQuery(db).where("a.id", "=", id).executeTakeFirstOrThrow();
}

const NOT_FOUND = "We couldn't find that appointment.";

/**
 * Due work: applies `change` to each of `due` through `transition`, one at a time. An appointment another process
 * (or the person) moved on meanwhile is refused by `change` with a DomainError and skipped. Returns how many
 * changed.
 */
export async function transitionEach(due: { id: number; vendor_id: number }[], change: (tx: Tx, row: AppointmentRow) => Promise<Mail[]>): Promise<number> {
  let done = 0;
  for (const a of due) {
    try {
      await transition({ vendorId: a.vendor_id }, { id: a.id }, change);
      done++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return done;
}

/**
 * The frame of every transition: find the appointment in the caller's scope, lock its vendor's book, read it again
 * under the lock, let `change` check and apply the transition, record the e-mails it asked for in the outbox in the
 * same transaction, commit, then send them.
 */
export async function transition(
  scope: Scope,
  key: AppointmentKey,
  change: (tx: Tx, row: AppointmentRow) => Promise<Mail[]>,
  options: { lockCustomer?: boolean } = {},
): Promise<AppointmentRow> {
  const db = await getDb();
  const found = await findScoped(db, scope, key);
  if (!found) throw new DomainError("not-found", NOT_FOUND);
  const { mails, row } = await withBookingLock(
    { vendorId: found.vendor_id, ...(options.lockCustomer ? { customerId: found.customer_id } : {}) },
    async (tx) => {
      const current = await rowById(tx, found.id);
      // Moved to another member before the lock: no longer this member's to act on.
      if ("memberId" in scope && scope.memberId !== undefined && current.member_id !== scope.memberId) throw new DomainError("not-found", NOT_FOUND);
      const mails = await queueMails(tx, await change(tx, current));
      return { mails, row: await rowById(tx, found.id) };
    },
  );
  for (const mail of mails) await deliverMail(mail);
  return row;
}
