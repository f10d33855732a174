import { sql, type ExpressionBuilder, type Kysely, type Transaction } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import type { AppointmentStatus, CancellationPolicy, Database, PaymentMethod } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { CUSTOMER_STATUS_LABEL, SEARCH_MAX, VENDOR_STATUS_LABEL, VENDOR_TABS, type VendorTab } from "./booking";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import { cancellationCharge, POLICY_SUMMARY } from "./cancellation";
import { platformFeeKobo } from "./fees";
import { addLedgerEntries, releaseEarnings } from "./ledger.server";
import { refundPayment } from "./refunds.server";
import { deliverMail, queueMails, type Mail } from "./mail.server";
import { checkFreeSlot } from "./slots.server";

// The life of an appointment, one checked function per transition, used by the customer's and the
// vendor's pages alike:
//
//   held ──(payment chosen or paid)──> requested ──(vendor accepts)──> confirmed ──> completed | no_show
//     │                                   │  └─(vendor declines)──> declined          │
//     └─> expired | cancelled             └─(customer cancels)──> cancelled <─────────┘ (either side, before it starts)
//   requested | confirmed ──(customer reschedules)──> requested (the vendor confirms the new time)
//
// Every mutation runs inside `withBookingLock`, which serialises all changes to one vendor's book, so the overlap
// check and the write can never interleave with another booking of the same vendor. Money moves in the same
// transaction: paid bookings write the vendor's earning and the platform fee on the vendor's "pending" account;
// declining, cancelling or expiring a paid booking gives the money back the way it came (refundPayment) and writes a
// refund entry on "pending" too, so it never touches money the vendor may withdraw. Completing the visit (by the
// vendor, or automatically AUTO_COMPLETE_AFTER_HOURS after its end) releases what is pending to "available".
// A "Pay to vendor" booking is paid in person: when the visit is completed, the ledger gets the earning and the
// fee, and an equal "Collected in person" payout, so Net Income counts the job while the Balance (money we hold for
// the vendor) changes only by the fee the vendor owes us.
//
// A request must be answered by its deadline (answerDeadline); unanswered, expireUnansweredRequests expires it.

type Tx = Transaction<Database>;
type Executor = Kysely<Database> | Tx;

export class AppointmentError extends Error {
  constructor(message: string, readonly code: "not_found" | "conflict" | "refused" = "refused") {
    super(message);
    this.name = "AppointmentError";
  }

  /** The HTTP status a page answers with when it shows this refusal. */
  get status(): 404 | 409 | 400 {
    return this.code === "not_found" ? 404 : this.code === "conflict" ? 409 : 400;
  }
}

/** How long step 1 holds a slot while the customer chooses how to pay. */
export const HOLD_MINUTES = 30;
/** Starting an online payment keeps the hold for at least this long, so a payer is not cut off at the checkout... */
export const CHECKOUT_GRACE_MINUTES = 15;
/** ...but a hold never outlives this, counted from the booking. */
export const MAX_HOLD_MINUTES = 60;
/** Unpaid bookings one customer may have open at once (running holds and unpaid "Pay to vendor" requests
 * together), so nobody can hold a vendor's whole day without paying. */
export const MAX_LIVE_HOLDS = 3;
/** A visit nobody marked is completed automatically this long after its end. */
export const AUTO_COMPLETE_AFTER_HOURS = 48;
/** A vendor answers a request within this long of its making... */
export const ANSWER_WITHIN_HOURS = 24;
/** ...and never later than this long before its start, so the customer still has time to go elsewhere. */
export const ANSWER_BEFORE_START_HOURS = 2;

const HOUR_MS = 3_600_000;

/**
 * When the vendor must have answered a request made (or moved) at `requestedAt` for a visit at `startsAt`:
 * ANSWER_WITHIN_HOURS after the request, but no later than ANSWER_BEFORE_START_HOURS before the start. A request
 * made closer to its start than that has until the start itself, so a short-notice booking is not expired at once.
 */
export function answerDeadline(requestedAt: Date | string, startsAt: Date | string): string {
  const made = new Date(requestedAt).getTime();
  const start = new Date(startsAt).getTime();
  const deadline = Math.min(made + ANSWER_WITHIN_HOURS * HOUR_MS, start - ANSWER_BEFORE_START_HOURS * HOUR_MS);
  return new Date(deadline > made ? deadline : start).toISOString();
}

export const minutesAfter = (instant: Date | string, minutes: number) => new Date(new Date(instant).getTime() + minutes * 60_000).toISOString();

/** A held order whose hold has run out is expired everywhere, even before a writer records it. */
export function effectiveStatus(a: { status: AppointmentStatus; hold_expires_at: string | null }, now: Date = new Date()): AppointmentStatus {
  return a.status === "held" && (a.hold_expires_at ?? "") <= now.toISOString() ? "expired" : a.status;
}

/** Spa services are non-refundable (the note shown with every appointment says so): a customer who cancels a paid spa booking gets nothing back. */
export function refundableOnCustomerCancel(groupName: string): boolean {
  return groupName !== "Spa";
}

/** The policy shown before a customer confirms a cancellation. */
/**
 * What the vendor keeps if the customer cancels at `now` (or does not come): the vendor's cancellation policy
 * (app/models/cancellation.ts), except that spa services keep everything paid.
 */
export function keptOnCancel(
  a: { payment_status: string; total_kobo: number; group_name: string; cancellation_policy: CancellationPolicy; deposit_percent: number; starts_at: string },
  now: Date
): number {
  if (a.payment_status !== "paid") return 0;
  if (!refundableOnCustomerCancel(a.group_name)) return a.total_kobo;
  return cancellationCharge(a.cancellation_policy, { paidKobo: a.total_kobo, totalKobo: a.total_kobo, depositPercent: a.deposit_percent, startsAt: a.starts_at }, now);
}

/** The policy and its exact amounts, shown before a customer confirms a cancellation. */
export function cancellationPolicy(
  a: {
    payment_status: string;
    payment_method: PaymentMethod | null;
    paid_by_name: string | null;
    total_kobo: number;
    group_name: string;
    cancellation_policy: CancellationPolicy;
    deposit_percent: number;
    starts_at: string;
    business_name: string;
  },
  now: Date = new Date()
): string {
  const rule = `${POLICY_SUMMARY[a.cancellation_policy].name}: ${POLICY_SUMMARY[a.cancellation_policy].text}.`;
  if (a.payment_status !== "paid") return `${rule} Nothing has been paid for this booking, so there is nothing to refund.`;
  if (!refundableOnCustomerCancel(a.group_name)) return "Spa services are non-refundable: the amount paid is not returned when you cancel.";
  const kept = keptOnCancel(a, now);
  const back = a.total_kobo - kept;
  const keptText = kept > 0 ? ` If you cancel now, ${a.business_name} keeps ${formatNaira(kept)}.` : "";
  if (back === 0) return `${rule}${keptText} Nothing is refunded.`;
  const amount = formatNaira(back);
  if (a.payment_method === "credit") return `${rule}${keptText} ${amount} returns to your AutoCredit at once, to spend on any booking.`;
  if (a.paid_by_name) return `${rule}${keptText} ${amount} goes back to ${a.paid_by_name}, to the card or account they paid with.`;
  return `${rule}${keptText} ${amount} goes back to the card or account you paid with, or, if you choose, to your AutoCredit at once.`;
}

/** Whether the booker may choose AutoCredit for a refund: they paid online themselves. */
export function mayRefundToCredit(a: { payment_status: string; payment_method: PaymentMethod | null; paid_by_name: string | null }): boolean {
  return a.payment_status === "paid" && a.payment_method === "online" && !a.paid_by_name;
}

// ---------------------------------------------------------------------------------------------
// Locking

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

/**
 * A customer's open unpaid bookings, the ones MAX_LIVE_HOLDS caps: running holds, and "Pay to vendor" requests the
 * vendor has not answered yet (an accepted one is a real appointment, paid at the visit).
 */
export async function openUnpaidBookings(db: Executor, customerId: number, now: Date): Promise<number> {
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
      ])
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records run-out holds of a vendor as expired (inside the vendor's lock). */
export async function expireHolds(tx: Tx, vendorId: number, now: Date): Promise<void> {
  await tx
    .updateTable("appointments")
    .set({ status: "expired", updated_at: now.toISOString() })
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "held")
    .where("hold_expires_at", "<=", now.toISOString())
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Reading one appointment with what its rules and e-mails need

function rowQuery(db: Executor) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("vendors as v", "v.id", "a.vendor_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .innerJoin("users as vu", "vu.id", "v.user_id")
    .selectAll("a")
    .select([
      "s.title as service_title",
      "s.group_name",
      "s.duration_min",
      "v.business_name",
      "v.auto_accept",
      "v.cancellation_policy",
      "v.deposit_percent",
      "v.opens_hour",
      "v.closes_hour",
      "v.open_days",
      "c.email as customer_email",
      "c.first_name as customer_first_name",
      "c.last_name as customer_last_name",
      "vu.email as vendor_email",
    ]);
}

export type AppointmentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof rowQuery>["executeTakeFirst"]>>>;

export type Scope = { customerId: number } | { vendorId: number };
export type AppointmentKey = { ref: string } | { id: number };

/** One appointment as its owner (the customer or the vendor) may see it; anyone else gets nothing. */
export async function findScoped(db: Executor, scope: Scope, key: AppointmentKey): Promise<AppointmentRow | undefined> {
  let query = rowQuery(db);
  query = "ref" in key ? query.where("a.ref", "=", key.ref) : query.where("a.id", "=", key.id);
  query = "customerId" in scope ? query.where("a.customer_id", "=", scope.customerId) : query.where("a.vendor_id", "=", scope.vendorId);
  return query.executeTakeFirst();
}

export async function rowById(db: Executor, id: number): Promise<AppointmentRow> {
  return rowQuery(db).where("a.id", "=", id).executeTakeFirstOrThrow();
}

const NOT_FOUND = "We couldn't find that appointment.";

/**
 * The frame of every transition: find the appointment in the caller's scope, lock its vendor's book, read it again
 * under the lock, let `change` check and apply the transition, record the e-mails it asked for in the outbox in the
 * same transaction, commit, then send them.
 */
async function transition(
  scope: Scope,
  key: AppointmentKey,
  change: (tx: Tx, row: AppointmentRow) => Promise<Mail[]>,
  options: { lockCustomer?: boolean } = {}
): Promise<AppointmentRow> {
  const db = await getDb();
  const found = await findScoped(db, scope, key);
  if (!found) throw new AppointmentError(NOT_FOUND, "not_found");
  const { mails, row } = await withBookingLock(
    { vendorId: found.vendor_id, ...(options.lockCustomer ? { customerId: found.customer_id } : {}) },
    async (tx) => {
      const current = await rowById(tx, found.id);
      const mails = await queueMails(tx, await change(tx, current));
      return { mails, row: await rowById(tx, found.id) };
    }
  );
  for (const mail of mails) await deliverMail(mail);
  return row;
}

/** Moves `row` from its current status to `to`, failing if another writer changed it first. */
async function setStatus(tx: Tx, row: AppointmentRow, to: AppointmentStatus, now: Date, extra: Partial<Database["appointments"]> = {}) {
  const result = await tx
    .updateTable("appointments")
    .set({ status: to, updated_at: now.toISOString(), ...extra } as never)
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppointmentError("This appointment changed meanwhile. Please reload the page.", "conflict");
}

function refuse(row: AppointmentRow, now: Date, verb: string, labels: Record<AppointmentStatus, string>, already?: AppointmentStatus): never {
  const status = effectiveStatus(row, now);
  if (status === already || (status === "cancelled" && verb.startsWith("cancel"))) {
    throw new AppointmentError(`This appointment is already ${labels[status].toLowerCase()}.`);
  }
  throw new AppointmentError(`You can't ${verb} an appointment that is ${labels[status].toLowerCase()}.`);
}

// ---------------------------------------------------------------------------------------------
// Money inside transitions

/** What a booking becomes once its payment is settled: confirmed at once when the vendor accepts automatically. */
export function bookedStatus(row: { auto_accept: number }): "requested" | "confirmed" {
  return row.auto_accept === 1 ? "confirmed" : "requested";
}

/** Marks an order paid and writes the vendor's earning and the platform fee. A held order becomes a request. */
export async function recordPayment(tx: Tx, row: AppointmentRow, payment: { method: PaymentMethod; paidByName?: string | null }, now: Date): Promise<void> {
  const result = await tx
    .updateTable("appointments")
    .set({
      payment_status: "paid",
      payment_method: payment.method,
      paid_at: now.toISOString(),
      paid_by_name: payment.paidByName ?? null,
      status: row.status === "held" ? bookedStatus(row) : row.status,
      ...(row.status === "held" ? { answer_by: bookedStatus(row) === "requested" ? answerDeadline(now, row.starts_at) : null } : {}),
      hold_expires_at: null,
      updated_at: now.toISOString(),
    })
    .where("id", "=", row.id)
    .where("payment_status", "=", "unpaid")
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppointmentError("This order changed meanwhile. Please reload the page.", "conflict");
  await addLedgerEntries(tx, earningEntries(row, now));
}

function earningEntries(row: AppointmentRow, now: Date, account: "pending" | "available" = "pending") {
  const at = now.toISOString();
  return [
    {
      vendorId: row.vendor_id,
      kind: "earning" as const,
      amountKobo: row.total_kobo,
      title: row.service_title,
      groupName: row.group_name,
      appointmentId: row.id,
      account,
      at,
    },
    {
      vendorId: row.vendor_id,
      kind: "fee" as const,
      amountKobo: -platformFeeKobo(row.total_kobo),
      title: `Platform fee: ${row.service_title}`,
      groupName: row.group_name,
      appointmentId: row.id,
      account,
      at,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Transitions

/** Step 2 "Pay to vendor": the held order becomes a request, paid in person at the appointment. */
export function choosePayToVendor(customerId: number, ref: string, comment: string | null, now: Date = new Date()) {
  return transition({ customerId }, { ref }, async (tx, row) => {
    if (effectiveStatus(row, now) !== "held") throw new AppointmentError(notPayableMessage(row, now));
    const to = bookedStatus(row);
    await setStatus(tx, row, to, now, { payment_method: "vendor", comment, hold_expires_at: null, answer_by: to === "requested" ? answerDeadline(now, row.starts_at) : null });
    return bookedMails(await rowById(tx, row.id));
  });
}

/** Saves the optional comment of step 2 on a held order (before an online payment starts). */
export async function saveComment(tx: Tx, id: number, comment: string | null): Promise<void> {
  await tx.updateTable("appointments").set({ comment }).where("id", "=", id).execute();
}

export function acceptRequest(vendorId: number, id: number, now: Date = new Date()) {
  return transition({ vendorId }, { id }, async (tx, row) => {
    if (row.status !== "requested") refuse(row, now, "accept", VENDOR_STATUS_LABEL, "confirmed");
    if (row.starts_at <= now.toISOString()) throw new AppointmentError("This request's time has already passed. Decline it instead.");
    if (row.answer_by && row.answer_by <= now.toISOString()) {
      throw new AppointmentError(`The time to answer this request ended on ${formatDate(row.answer_by)} at ${formatTime(row.answer_by)}, so it has expired.`);
    }
    await setStatus(tx, row, "confirmed", now, { answer_by: null, previous_starts_at: null, previous_ends_at: null });
    return [
      customerMail(row, `Confirmed: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `${row.business_name} has confirmed your appointment. See you then!`,
      ]),
    ];
  });
}

export function declineRequest(vendorId: number, id: number, reason: string, now: Date = new Date()) {
  return transition({ vendorId }, { id }, async (tx, row) => {
    if (row.status !== "requested") refuse(row, now, "decline", VENDOR_STATUS_LABEL, "declined");
    if (row.previous_starts_at && row.previous_ends_at) return keepPreviousTime(tx, row, reason, now);
    return endByVendor(tx, row, "declined", reason, now);
  });
}

/**
 * Declining a move of a confirmed appointment: it goes back to the time it had, still confirmed. That time stayed
 * held while the move waited (see overlappingAppointments), so it is still free.
 */
async function keepPreviousTime(tx: Tx, row: AppointmentRow, reason: string, now: Date): Promise<Mail[]> {
  const previous = row.previous_starts_at!;
  await setStatus(tx, row, "confirmed", now, { starts_at: previous, ends_at: row.previous_ends_at!, previous_starts_at: null, previous_ends_at: null, answer_by: null });
  const when = `${formatDate(previous)} at ${formatTime(previous)}`;
  return [
    customerMail({ ...row, starts_at: previous }, `New time declined: ${row.service_title} stays on ${formatDate(previous)}`, [
      `${row.business_name} could not take ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)}, so your appointment stays at ${when}, confirmed.`,
      `Their reason: ${reason}`,
    ]),
  ];
}

/** Declining or cancelling on the vendor's side: the reason goes to the customer, a paid amount back to whoever paid. */
async function endByVendor(tx: Tx, row: AppointmentRow, to: "declined" | "cancelled", reason: string, now: Date): Promise<Mail[]> {
  await setStatus(tx, row, to, now, { status_reason: reason, answer_by: null });
  const refund = await refundPayment(tx, row, row.total_kobo, now);
  return [
    customerMail(row, `${to === "declined" ? "Declined" : "Cancelled"}: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      to === "declined" ? `${row.business_name} could not take this booking.` : `${row.business_name} had to cancel your appointment.`,
      `Their reason: ${reason}`,
      refund?.summary ?? "",
    ]),
    ...(refund?.mails ?? []),
  ];
}

/**
 * The completion transition, the same for the vendor's "Complete" and for automatic completion: the visit becomes
 * completed, its pending money becomes available, and money collected in person is recorded.
 */
async function completeVisit(tx: Tx, row: AppointmentRow, now: Date): Promise<Mail[]> {
  if (row.status !== "confirmed") refuse(row, now, "complete", VENDOR_STATUS_LABEL, "completed");
  if (row.starts_at > now.toISOString()) throw new AppointmentError("You can mark it completed once its time has come.");
  const collectInPerson = row.payment_status === "unpaid";
  await setStatus(tx, row, "completed", now, collectInPerson ? { payment_status: "paid", paid_at: now.toISOString() } : {});
  await releaseEarnings(tx, row, now.toISOString());
  if (collectInPerson) {
    // Paid at the visit: nothing was ever pending, so the entries go straight to "available".
    await addLedgerEntries(tx, [
      ...earningEntries(row, now, "available"),
      {
        vendorId: row.vendor_id,
        kind: "withdrawal",
        amountKobo: -row.total_kobo,
        title: `Collected in person: ${row.service_title}`,
        groupName: row.group_name,
        appointmentId: row.id,
        at: now.toISOString(),
      },
    ]);
  }
  // The review invitation goes out here, in the one completion transition, however the visit got completed.
  return [
    customerMail(row, `Thank you for visiting ${row.business_name}`, [
      `Your ${row.service_title} is marked completed. We hope you love it!`,
      `How was it? Rate your visit and help others choose: ${getEnv().APP_URL}/user/appointment?tab=past&ref=${row.ref}#review`,
    ]),
  ];
}

export function completeAppointment(vendorId: number, id: number, now: Date = new Date()) {
  return transition({ vendorId }, { id }, (tx, row) => completeVisit(tx, row, now));
}

/**
 * Completes every confirmed visit that ended AUTO_COMPLETE_AFTER_HOURS ago or more and that nobody marked otherwise
 * (a no-show or a cancellation takes it out of "confirmed"), through the same transition as the vendor's button.
 * Returns how many it completed. Safe to run from several processes: a visit another run completed first is skipped.
 */
export async function autoCompleteVisits(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - AUTO_COMPLETE_AFTER_HOURS * HOUR_MS).toISOString();
  const due = await db
    .selectFrom("appointments")
    .select(["id", "vendor_id"])
    .where("status", "=", "confirmed")
    .where("ends_at", "<=", cutoff)
    .orderBy("id")
    .limit(500)
    .execute();
  let done = 0;
  for (const a of due) {
    try {
      await transition({ vendorId: a.vendor_id }, { id: a.id }, (tx, row) => completeVisit(tx, row, now));
      done++;
    } catch (error) {
      if (!(error instanceof AppointmentError)) throw error;
    }
  }
  return done;
}

export function markNoShow(vendorId: number, id: number, now: Date = new Date()) {
  return transition({ vendorId }, { id }, async (tx, row) => {
    if (row.status !== "confirmed") refuse(row, now, "mark as no-show", VENDOR_STATUS_LABEL, "no_show");
    if (row.starts_at > now.toISOString()) throw new AppointmentError("You can mark a no-show once its time has come.");
    await setStatus(tx, row, "no_show", now);
    // The customer did not come: the vendor keeps what the policy says for the latest cancellation (now is past
    // the start), to withdraw now; the rest goes back the way it was paid.
    const kept = keptOnCancel(row, now);
    const back = row.payment_status === "paid" ? row.total_kobo - kept : 0;
    const refund = back > 0 ? await refundPayment(tx, row, back, now) : null;
    if (kept > 0) await releaseEarnings(tx, row, now.toISOString());
    return [
      customerMail(row, `Missed appointment: ${row.service_title}`, [
        `${row.business_name} marked your appointment as missed. If this is a mistake, please message them.`,
        refund?.summary ?? "",
      ]),
      ...(refund?.mails ?? []),
    ];
  });
}

export function cancelByVendor(vendorId: number, id: number, reason: string, now: Date = new Date()) {
  return transition({ vendorId }, { id }, async (tx, row) => {
    if (row.status !== "confirmed") refuse(row, now, "cancel", VENDOR_STATUS_LABEL);
    if (row.starts_at <= now.toISOString()) throw new AppointmentError("Its time has already come: mark it completed or no-show instead.");
    return endByVendor(tx, row, "cancelled", reason, now);
  });
}

export function cancelByCustomer(customerId: number, ref: string, now: Date = new Date(), options: { refundToCredit?: boolean } = {}) {
  return transition(
    { customerId },
    { ref },
    async (tx, row) => {
      const status = effectiveStatus(row, now);
      if (status !== "held" && status !== "requested" && status !== "confirmed") refuse(row, now, "cancel", CUSTOMER_STATUS_LABEL);
      if (row.starts_at <= now.toISOString()) throw new AppointmentError("This appointment has already started, so it can no longer be cancelled.");
      await setStatus(tx, row, "cancelled", now, { status_reason: "Cancelled by the customer", hold_expires_at: null, answer_by: null });
      // The vendor's policy decides what is kept (late cancellations); the rest goes back the way it was paid.
      const kept = keptOnCancel(row, now);
      const back = row.payment_status === "paid" ? row.total_kobo - kept : 0;
      const refund = back > 0 ? await refundPayment(tx, row, back, now, { toCredit: options.refundToCredit }) : null;
      // What the vendor keeps has nothing left to wait for, so it is theirs to withdraw.
      if (kept > 0) await releaseEarnings(tx, row, now.toISOString());
      if (status === "held") return [];
      return [
        customerMail(row, `Cancelled: ${row.service_title} on ${formatDate(row.starts_at)}`, ["You cancelled this appointment.", refund?.summary ?? ""]),
        ...(refund?.mails ?? []),
        vendorMail(row, `Cancelled by the customer: ${row.service_title} on ${formatDate(row.starts_at)}`, [
          `${row.customer_first_name} ${row.customer_last_name} cancelled this appointment; the time is free again.`,
        ]),
      ];
    },
    { lockCustomer: true }
  );
}

/**
 * Expires every request whose answer deadline has passed: the slot is free again, a paid amount goes back the way it
 * came, and both sides are told. Returns how many it expired. Each one goes through the vendor's booking lock and a
 * status check, so a vendor answering at the same moment, or another process running this, cannot both win.
 */
export async function expireUnansweredRequests(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .selectFrom("appointments")
    .select(["id", "vendor_id"])
    .where("status", "=", "requested")
    .where("answer_by", "<=", now.toISOString())
    .orderBy("id")
    .limit(500)
    .execute();
  let done = 0;
  for (const a of due) {
    try {
      await transition({ vendorId: a.vendor_id }, { id: a.id }, async (tx, row) => {
        if (row.status !== "requested" || !row.answer_by || row.answer_by > now.toISOString()) {
          throw new AppointmentError("This request was answered meanwhile.", "conflict");
        }
        // An unanswered move of a confirmed appointment lapses: the appointment keeps its confirmed time.
        if (row.previous_starts_at && row.previous_ends_at) return keepPreviousTime(tx, row, "The new time was not answered in time.", now);
        await setStatus(tx, row, "expired", now, { status_reason: "Not answered in time", answer_by: null });
        const refund = await refundPayment(tx, row, row.total_kobo, now);
        return [
          customerMail(row, `Not answered: ${row.service_title} on ${formatDate(row.starts_at)}`, [
            `${row.business_name} did not answer your request in time, so it has expired and the time is free again.`,
            refund?.summary ?? "Nothing was paid, so there is nothing to refund.",
            "You can book another time or another salon whenever you like.",
          ]),
          ...(refund?.mails ?? []),
          vendorMail(row, `Expired: ${row.service_title} on ${formatDate(row.starts_at)}`, [
            `The request from ${row.customer_first_name} ${row.customer_last_name} was not answered by ${formatDate(row.answer_by)} at ${formatTime(
              row.answer_by
            )}, so it has expired and the customer was told.`,
            row.payment_status === "paid" ? "The payment went back to whoever paid it." : "",
          ]),
        ];
      });
      done++;
    } catch (error) {
      if (!(error instanceof AppointmentError)) throw error;
    }
  }
  return done;
}

/** Moves a request or an upcoming appointment to another free slot; the vendor confirms the new time. */
export function rescheduleAppointment(customerId: number, ref: string, day: string, hour: number, now: Date = new Date()) {
  return transition({ customerId }, { ref }, async (tx, row) => {
    if (row.status !== "requested" && row.status !== "confirmed") refuse(row, now, "reschedule", CUSTOMER_STATUS_LABEL);
    if (row.starts_at <= now.toISOString()) throw new AppointmentError("This appointment has already started, so it can no longer be moved.");
    const checked = await checkFreeSlot(tx, { vendorId: row.vendor_id, durationMin: row.duration_min, day, hour, now, excludeId: row.id });
    if ("error" in checked) throw new AppointmentError(checked.error, checked.taken ? "conflict" : "refused");
    const { slot } = checked;
    if (slot.startsAt === row.starts_at) throw new AppointmentError("That is the time you already have. Please pick another time.");
    const to = bookedStatus(row);
    // A confirmed time is remembered (and stays held) until the vendor answers the move; a second move before the
    // answer keeps the first confirmed time. With automatic acceptance the move is confirmed at once.
    const previous =
      to === "confirmed"
        ? { previous_starts_at: null, previous_ends_at: null }
        : row.previous_starts_at
        ? { previous_starts_at: row.previous_starts_at, previous_ends_at: row.previous_ends_at }
        : row.status === "confirmed"
        ? { previous_starts_at: row.starts_at, previous_ends_at: row.ends_at }
        : { previous_starts_at: null, previous_ends_at: null };
    await setStatus(tx, row, to, now, { starts_at: slot.startsAt, ends_at: slot.endsAt, ...previous, answer_by: to === "requested" ? answerDeadline(now, slot.startsAt) : null });
    const when = `${formatDate(slot.startsAt)} at ${formatTime(slot.startsAt)}`;
    if (to === "confirmed") {
      return [
        customerMail(row, `Moved: ${row.service_title}`, [`Your appointment is moved to ${when} and confirmed.`]),
        vendorMail(row, `Moved by the customer: ${row.service_title}`, [
          `${row.customer_first_name} ${row.customer_last_name} moved their booking from ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)} to ${when}.`,
          "It was accepted automatically, as your booking rules say.",
        ]),
      ];
    }
    return [
      customerMail(row, `Reschedule requested: ${row.service_title}`, [
        `You asked to move your appointment to ${when}. ${row.business_name} will confirm the new time.`,
      ]),
      vendorMail(row, `Reschedule request: ${row.service_title}`, [
        `${row.customer_first_name} ${row.customer_last_name} moved their booking from ${formatDate(row.starts_at)} at ${formatTime(
          row.starts_at
        )} to ${when}.`,
        "Please accept or decline the new time under New Request.",
      ], `${row.customer_first_name} asks to move ${row.service_title} from ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)} to ${when}`),
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// E-mails

function mailLines(row: AppointmentRow, lines: string[]): string {
  return [
    ...lines.filter(Boolean),
    "",
    `Service: ${row.service_title}`,
    `Vendor: ${row.business_name}`,
    `Date: ${formatDate(row.starts_at)}`,
    `Time: ${formatTime(row.starts_at)}`,
    `Booking reference: ${row.ref}`,
    `Total: ${formatNaira(row.total_kobo)}`,
  ].join("\n");
}

export function customerMail(row: AppointmentRow, subject: string, lines: string[]): Mail {
  const link = `${getEnv().APP_URL}/user/appointment?ref=${row.ref}`;
  return { to: row.customer_email, subject, text: `Hi ${row.customer_first_name},\n\n${mailLines(row, lines)}\n\nSee your appointment: ${link}\n\nGlow` };
}

function vendorMail(row: AppointmentRow, subject: string, lines: string[], textMessage = `${subject} at ${formatTime(row.starts_at)}`): Mail {
  const link = `${getEnv().APP_URL}/vendor/appointment?q=${row.ref}`;
  return {
    to: row.vendor_email,
    subject,
    text: `Hello ${row.business_name},\n\n${mailLines(row, lines)}\n\nOpen it in your dashboard: ${link}\n\nGlow`,
    // Everything a vendor is e-mailed about also comes by text message when their switch is on.
    vendorText: { vendorId: row.vendor_id, text: `Glow: ${textMessage}. Ref ${row.ref}.` },
  };
}

/** A new booking (the moment a held order becomes a request, or is confirmed at once): both sides hear of it. */
export function bookedMails(row: AppointmentRow): Mail[] {
  const payment = row.payment_status === "paid" ? "Paid online" : "Pay to vendor at the appointment";
  if (row.status === "confirmed") {
    return [
      customerMail(row, `Confirmed: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `Your booking with ${row.business_name} is confirmed. See you then!`,
        `Payment: ${payment}`,
      ]),
      vendorMail(row, `New booking: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `${row.customer_first_name} ${row.customer_last_name} has booked ${row.service_title}. It was accepted automatically and is under Upcoming.`,
        `Payment: ${payment}`,
      ]),
    ];
  }
  return [
    customerMail(row, `Booking received: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      `Thank you for booking with ${row.business_name}. We'll e-mail you as soon as they confirm.`,
      `Payment: ${payment}`,
    ]),
    vendorMail(row, `New booking request: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      `${row.customer_first_name} ${row.customer_last_name} has booked ${row.service_title}. Please accept or decline it under New Request.`,
      `Payment: ${payment}`,
    ]),
  ];
}

/** Why an order cannot be paid or confirmed any more, in words for the person trying. */
export function notPayableMessage(row: { status: AppointmentStatus; hold_expires_at: string | null; payment_status: string }, now: Date = new Date()): string {
  if (row.payment_status === "paid") return "This order has already been paid. Thank you!";
  switch (effectiveStatus(row, now)) {
    case "expired":
      return `We held this time for ${HOLD_MINUTES} minutes and the hold has expired, so it can no longer be paid. Please book again.`;
    case "cancelled":
    case "declined":
      return "This order was cancelled, so it can no longer be paid.";
    case "completed":
    case "no_show":
      return "This appointment is over, so it can no longer be paid.";
    default:
      return "This order can no longer be paid.";
  }
}

/** Whether an order takes money now: unpaid, and held (hold running), requested or confirmed. */
export function isPayable(row: { status: AppointmentStatus; hold_expires_at: string | null; payment_status: string }, now: Date = new Date()): boolean {
  const status = effectiveStatus(row, now);
  return row.payment_status === "unpaid" && (status === "held" || status === "requested" || status === "confirmed");
}

/** Keeps a hold alive while its payer is at the checkout, within MAX_HOLD_MINUTES of the booking. */
export async function extendHoldForCheckout(tx: Tx, row: AppointmentRow, now: Date): Promise<void> {
  if (row.status !== "held" || !row.hold_expires_at) return;
  const wanted = minutesAfter(now, CHECKOUT_GRACE_MINUTES);
  const cap = minutesAfter(row.created_at, MAX_HOLD_MINUTES);
  const next = [wanted, cap].sort()[0]!;
  if (next > row.hold_expires_at) await tx.updateTable("appointments").set({ hold_expires_at: next }).where("id", "=", row.id).execute();
}

// ---------------------------------------------------------------------------------------------
// Lists and details for the customer's and the vendor's pages

export const PAGE_SIZE = 20;

async function itemsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { kind: string; name: string; priceKobo: number }[]>();
  const items = await db
    .selectFrom("appointment_items")
    .select(["appointment_id", "kind", "name", "price_kobo"])
    .where("appointment_id", "in", ids)
    .orderBy("id")
    .execute();
  const byAppointment = new Map<number, { kind: string; name: string; priceKobo: number }[]>();
  for (const i of items) {
    const list = byAppointment.get(i.appointment_id) ?? [];
    list.push({ kind: i.kind, name: i.name, priceKobo: i.price_kobo });
    byAppointment.set(i.appointment_id, list);
  }
  return byAppointment;
}

export type CustomerTab = "upcoming" | "past";

/** The customer's upcoming appointments (soonest first) or past ones (latest first), a page at a time. */
export async function listCustomerAppointments(customerId: number, tab: CustomerTab, page: number, now: Date = new Date()) {
  const db = await getDb();
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("vendors as v", "v.id", "a.vendor_id")
    .select([
      "a.id",
      "a.ref",
      "a.status",
      "a.hold_expires_at",
      "a.payment_status",
      "a.starts_at",
      "a.total_kobo",
      "a.location_type",
      "s.title as service_title",
      "s.image as service_image",
      "v.business_name",
      "v.area",
      "v.city",
    ])
    .where("a.customer_id", "=", customerId)
    .where((eb) => {
      const upcoming = eb.or([
        eb.and([eb("a.status", "in", ["requested", "confirmed"]), eb("a.ends_at", ">", nowIso)]),
        eb.and([eb("a.status", "=", "held"), eb("a.hold_expires_at", ">", nowIso)]),
      ]);
      return tab === "upcoming" ? upcoming : eb.not(upcoming);
    })
    .orderBy("a.starts_at", tab === "upcoming" ? "asc" : "desc")
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  const items = await itemsOf(
    db,
    rows.map((r) => r.id)
  );
  return {
    hasMore: rows.length > PAGE_SIZE,
    rows: rows.slice(0, PAGE_SIZE).map((r) => ({
      ...r,
      status: effectiveStatus(r, now),
      priceKobo: items.get(r.id)?.find((i) => i.kind === "service")?.priceKobo ?? r.total_kobo,
    })),
  };
}

/** One appointment of the customer with everything its detail shows. */
export async function getCustomerAppointment(customerId: number, ref: string, now: Date = new Date()) {
  const db = await getDb();
  const row = await findScoped(db, { customerId }, { ref });
  if (!row) return undefined;
  const [extra, items] = await Promise.all([
    db
      .selectFrom("services as s")
      .innerJoin("vendors as v", "v.id", "s.vendor_id")
      .select(["s.image", "v.address", "v.area", "v.city", "v.slug as vendor_slug"])
      .where("s.id", "=", row.service_id)
      .executeTakeFirstOrThrow(),
    itemsOf(db, [row.id]),
  ]);
  return { ...row, ...extra, status: effectiveStatus(row, now), items: items.get(row.id) ?? [] };
}

type VendorBookDb = Database & { a: Database["appointments"]; s: Database["services"]; cat: Database["categories"]; c: Database["users"] };
type AppointmentsEb = ExpressionBuilder<VendorBookDb, "a" | "s" | "cat" | "c">;

function vendorBase(db: Executor, vendorId: number) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("categories as cat", "cat.id", "s.category_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .where("a.vendor_id", "=", vendorId);
}

/** Which appointments each tab of the vendor's page holds. Held orders are not the vendor's business yet. */
function inTab(eb: AppointmentsEb, tab: VendorTab, nowIso: string) {
  switch (tab) {
    case "new":
      return eb("a.status", "=", "requested");
    case "upcoming":
      return eb.and([eb("a.status", "=", "confirmed"), eb("a.starts_at", ">", nowIso)]);
    case "past":
      return eb.or([eb.and([eb("a.status", "=", "confirmed"), eb("a.starts_at", "<=", nowIso)]), eb("a.status", "=", "no_show")]);
    case "completed":
      return eb("a.status", "=", "completed");
    case "canceled":
      return eb("a.status", "in", ["declined", "cancelled"]);
  }
}

/** The vendor's appointments in one tab, optionally searched by customer name, service or booking reference. */
export async function listVendorAppointments(vendorId: number, args: { tab: VendorTab; q: string; page: number }, now: Date = new Date()) {
  const db = await getDb();
  const nowIso = now.toISOString();
  const q = args.q.trim().slice(0, SEARCH_MAX).toLowerCase();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let query = vendorBase(db, vendorId).where((eb) => inTab(eb, args.tab, nowIso));
  if (q) {
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(c.first_name || ' ' || c.last_name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(s.title) like ${pattern} escape '\\'`,
        sql<boolean>`lower(a.ref) like ${pattern} escape '\\'`,
      ])
    );
  }
  const [rows, counts] = await Promise.all([
    query
      .select([
        "a.id",
        "a.ref",
        "a.status",
        "a.starts_at",
        "a.total_kobo",
        "a.payment_status",
        "a.payment_method",
        "a.location_type",
        "a.location_address",
        "a.status_reason",
        "a.comment",
        "a.previous_starts_at",
        "s.title as service_title",
        "s.group_name",
        "cat.title as category_title",
        "c.first_name",
        "c.last_name",
        "c.address as customer_address",
        "c.city as customer_city",
      ])
      .orderBy("a.starts_at", args.tab === "new" || args.tab === "upcoming" ? "asc" : "desc")
      .limit(PAGE_SIZE + 1)
      .offset((args.page - 1) * PAGE_SIZE)
      .execute(),
    Promise.all(
      VENDOR_TABS.map(async (tab) => {
        const row = await vendorBase(db, vendorId)
          .where((eb) => inTab(eb, tab, nowIso))
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        return [tab, Number(row.n)] as const;
      })
    ),
  ]);
  const items = await itemsOf(
    db,
    rows.map((r) => r.id)
  );
  return {
    counts: Object.fromEntries(counts) as Record<VendorTab, number>,
    hasMore: rows.length > PAGE_SIZE,
    rows: rows.slice(0, PAGE_SIZE).map((r) => ({
      ...r,
      address: r.location_address ?? ([r.customer_address, r.customer_city].filter(Boolean).join(", ") || null),
      items: items.get(r.id) ?? [],
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar file (RFC 5545)

const icsText = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
const icsInstant = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Lines longer than 75 octets continue on the next line after a space. */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join("\r\n ");
}

export function calendarFile(
  a: {
    ref: string;
    starts_at: string;
    ends_at: string;
    status: AppointmentStatus;
    service_title: string;
    business_name: string;
    place: string;
    total_kobo: number;
  },
  now: Date = new Date()
): string {
  const status =
    a.status === "confirmed" ? "CONFIRMED" : a.status === "cancelled" || a.status === "declined" || a.status === "expired" ? "CANCELLED" : "TENTATIVE";
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Glow//Bookings//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${a.ref}@glow`,
    `DTSTAMP:${icsInstant(now.toISOString())}`,
    `DTSTART:${icsInstant(a.starts_at)}`,
    `DTEND:${icsInstant(a.ends_at)}`,
    `SUMMARY:${icsText(`${a.service_title} at ${a.business_name}`)}`,
    `LOCATION:${icsText(a.place)}`,
    `DESCRIPTION:${icsText(`Booking reference ${a.ref}. Total ${formatNaira(a.total_kobo)}.`)}`,
    `STATUS:${status}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ]
    .map(fold)
    .join("\r\n")
    .concat("\r\n");
}
