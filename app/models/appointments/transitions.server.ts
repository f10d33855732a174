import type { Updateable } from "kysely";
import { getDb, type Tx } from "~/db/db.server";
import type { AppointmentStatus, Database } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { CUSTOMER_STATUS_LABEL, VENDOR_STATUS_LABEL } from "./views";
import { formatDate, formatTime } from "~/utils/time";
import { formatNaira } from "~/utils/money";
import { atVisitKobo, depositKobo, onlineKobo } from "~/models/money/cancellation-policy";
import { platformFeeKobo } from "~/utils/fees";
import { addLedgerEntries, releaseEarnings } from "~/models/money/ledger.server";
import { refundPayment } from "~/models/money/refunds.server";
import type { Mail } from "~/models/messaging/mail.server";
import { checkFreeSlot } from "~/models/schedule/slots.server";
import {
  answerDeadline,
  AUTO_COMPLETE_AFTER_HOURS,
  effectiveStatus,
  giftKeptOnCancel,
  promoBackOnCancel,
  HOUR_MS,
  keptOnCancel,
  minutesAfter,
  notPayableMessage,
  reportWindowOver,
} from "./rules.server";
import { DomainError } from "~/models/refusal";
import { requireConfirmedEmail } from "~/models/system/confirmed-email.server";
import { rowById, transition, transitionEach, type AppointmentRow } from "./store.server";
import { bookedStatus, earningEntries } from "./payment.server";
import { bookedMails, customerMail, vendorMail } from "./notices.server";
import { assertMayPayLater } from "~/models/client-rules/client-rules.server";
import { releaseGifts, settleGifts, spendGifts } from "~/models/redemption/redeem.server";
import { releasePromo } from "~/models/promos/promo-use.server";

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
// transaction: paid appointments write the vendor's earning and the platform fee on the vendor's "pending" account;
// declining, cancelling or expiring a paid booking gives the money back the way it came (refundPayment) and writes a
// refund entry on "pending" too, so it never touches money the vendor may withdraw. Completing the visit (by the
// vendor, or automatically AUTO_COMPLETE_AFTER_HOURS after its end) releases what is pending to "available".
// A "Pay to vendor" booking is paid in person: when the visit is completed, the ledger gets the earning and the
// fee, and an equal "Collected in person" payout, so Net Income counts the job while the Balance (money we hold for
// the vendor) changes only by the fee the vendor owes us.
//
// A request must be answered by its deadline (answerDeadline); unanswered, expireUnansweredRequests expires it.
// The booker may report a problem with an ended visit before it is completed (models/appointments/problems.server.ts): it is then
// not completed automatically, and an admin releases its money to the vendor or refunds the payer.
//
// The rules these transitions apply are models/appointments/rules.server.ts; the lock and the frame they run in,
// models/appointments/store.server.ts; paying, models/appointments/payment.server.ts; the e-mails, models/appointments/notices.server.ts.

/** Moves `row` from its current status to `to`, failing if another writer changed it first. */
async function setStatus(tx: Tx, row: AppointmentRow, to: AppointmentStatus, now: Date, extra: Updateable<Database["appointments"]> = {}) {
  const result = await tx
    .updateTable("appointments")
    .set({ status: to, updated_at: now.toISOString(), ...extra } as never)
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError("conflict", "This appointment changed meanwhile. Please reload the page.");
}

function refuse(row: AppointmentRow, now: Date, verb: string, labels: Record<AppointmentStatus, string>, already?: AppointmentStatus): never {
  const status = effectiveStatus(row, now);
  if (status === already || (status === "cancelled" && verb.startsWith("cancel"))) {
    throw new DomainError("invalid", `This appointment is already ${labels[status].toLowerCase()}.`);
  }
  throw new DomainError("invalid", `You can't ${verb} an appointment that is ${labels[status].toLowerCase()}.`);
}

// ---------------------------------------------------------------------------------------------
// Transitions

/** Step 2 "Pay to vendor": the held order becomes a request, paid in person at the appointment. */
export function choosePayToVendor(customerId: number, ref: string, comment: string | null, now: Date = new Date()) {
  return transition({ customerId }, { ref }, async (tx, row) => {
    if (effectiveStatus(row, now) !== "held") throw new DomainError("invalid", notPayableMessage(row, now));
    // Unpaid bookings are capped per account; an account whose e-mail nobody confirmed must not multiply the cap.
    await requireConfirmedEmail(tx, row.customer_id);
    // The salon's no-show rule asks some clients to pay in full online (docs/domain.md, "Clients").
    await assertMayPayLater(tx, row.vendor_id, row.customer_id, now);
    // A vendor who asks for a deposit takes "Pay to vendor" only with the deposit paid online (app/models/booking/payments.server.ts).
    if (depositKobo(row.total_kobo, row.deposit_percent) > 0) {
      throw new DomainError(
        "invalid",
        `${row.business_name} asks for a ${row.deposit_percent} % deposit with "Pay to vendor". Please pay the deposit to book.`,
      );
    }
    const to = bookedStatus(row);
    await setStatus(tx, row, to, now, {
      payment_method: "vendor",
      deposit_kobo: 0,
      comment,
      hold_expires_at: null,
      answer_by: to === "requested" ? answerDeadline(now, row.starts_at) : null,
    });
    return bookedMails(await rowById(tx, row.id));
  });
}

/** The vendor acting on an appointment: the vendor's id (its whole book), or one member's own appointments. */
export type VendorScope = number | { vendorId: number; memberId: number };
const vendorScope = (vendor: VendorScope) => (typeof vendor === "number" ? { vendorId: vendor } : vendor);

export function acceptRequest(vendor: VendorScope, id: number, now: Date = new Date()) {
  return transition(vendorScope(vendor), { id }, async (tx, row) => {
    if (row.status !== "requested") refuse(row, now, "accept", VENDOR_STATUS_LABEL, "confirmed");
    if (row.starts_at <= now.toISOString()) throw new DomainError("invalid", "This request's time has already passed. Decline it instead.");
    if (row.answer_by && row.answer_by <= now.toISOString()) {
      throw new DomainError(
        "invalid",
        `The time to answer this request ended on ${formatDate(row.answer_by)} at ${formatTime(row.answer_by)}, so it has expired.`,
      );
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
  await setStatus(tx, row, "confirmed", now, {
    starts_at: previous,
    ends_at: row.previous_ends_at!,
    previous_starts_at: null,
    previous_ends_at: null,
    answer_by: null,
  });
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
  const refund = await refundPayment(tx, row, onlineKobo(row), now);
  await releaseGifts(tx, row, now);
  await releasePromo(tx, row.id, now);
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
 * completed and money collected in person is recorded. Its pending money becomes available only once the visit's
 * reporting window is over (reportWindowOver), whenever the vendor clicks: until then its booker may still report a
 * problem, and releaseDueVisits releases it afterwards. An admin releasing a reported visit releases it at once.
 */
export async function completeVisit(tx: Tx, row: AppointmentRow, now: Date, options: { resolvingProblem?: boolean } = {}): Promise<Mail[]> {
  if (row.status !== "confirmed") refuse(row, now, "complete", VENDOR_STATUS_LABEL, "completed");
  if (row.starts_at > now.toISOString()) throw new DomainError("invalid", "You can mark it completed once its time has come.");
  if (!options.resolvingProblem) await refuseWhileProblemOpen(tx, row.id);
  const collectInPerson = row.payment_status === "unpaid";
  // Paid at the visit: all of it, or what a deposit left; its fee makes the fees add up to the fee on the total.
  const inPerson = collectInPerson ? row.total_kobo : atVisitKobo(row);
  const inPersonFee = collectInPerson ? platformFeeKobo(row.total_kobo) : platformFeeKobo(row.total_kobo) - platformFeeKobo(onlineKobo(row));
  await setStatus(tx, row, "completed", now, collectInPerson ? { payment_status: "paid", paid_at: now.toISOString() } : {});
  // What gifts covered is spent now, and released to the vendor with the visit's own money.
  await spendGifts(tx, row, now);
  if (options.resolvingProblem || reportWindowOver(row.ends_at, now)) await releaseEarnings(tx, row, now.toISOString());
  if (inPerson > 0) {
    // Paid at the visit: nothing was ever pending, so the entries go straight to "available".
    await addLedgerEntries(tx, [
      ...earningEntries(row, now, "available", { amountKobo: inPerson, feeKobo: inPersonFee }),
      {
        vendorId: row.vendor_id,
        kind: "withdrawal",
        amountKobo: -inPerson,
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

/** The customer reported a problem with this visit (models/appointments/problems.server.ts): until an admin resolves it, nobody
 * but the admin may complete it or mark it missed, so its money stays pending. */
async function refuseWhileProblemOpen(tx: Tx, appointmentId: number): Promise<void> {
  const open = await tx
    .selectFrom("visit_problems")
    .select("id")
    .where("appointment_id", "=", appointmentId)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  if (open)
    throw new DomainError("conflict", "The customer reported a problem with this visit. Glow is looking into it and will tell you both what it decides.");
}

export function completeAppointment(vendor: VendorScope, id: number, now: Date = new Date()) {
  return transition(vendorScope(vendor), { id }, (tx, row) => completeVisit(tx, row, now));
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
    // A visit with a reported problem waits for the admin (completeVisit refuses it too, should one be reported
    // between this read and the lock).
    .where((eb) => eb.not(eb.exists(eb.selectFrom("visit_problems as p").select("p.id").whereRef("p.appointment_id", "=", "appointments.id"))))
    .orderBy("id")
    .limit(500)
    .execute();
  return transitionEach(due, (tx, row) => completeVisit(tx, row, now));
}

/**
 * Releases the money still pending for visits its vendor marked completed or missed, once their reporting window is
 * over and no reported problem or dispute is open (an admin decides those). Returns how many it released. Safe to
 * repeat and to run from several processes: each release runs under the vendor's lock and releases what is pending
 * then, so a second run finds nothing.
 */
export async function releaseDueVisits(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - AUTO_COMPLETE_AFTER_HOURS * HOUR_MS).toISOString();
  const due = await db
    .selectFrom("appointments")
    .select(["id", "vendor_id"])
    .where("status", "in", ["completed", "no_show"])
    .where("ends_at", "<=", cutoff)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("ledger_entries as l")
          .select("l.appointment_id")
          .whereRef("l.appointment_id", "=", "appointments.id")
          .where("l.account", "=", "pending")
          .groupBy("l.appointment_id")
          .having((h) => h.fn.sum("l.amount_kobo"), "!=", 0),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom("visit_problems as p").select("p.id").whereRef("p.appointment_id", "=", "appointments.id").where("p.resolved_at", "is", null)),
      ),
    )
    .orderBy("id")
    .limit(500)
    .execute();
  return transitionEach(due, async (tx, row) => {
    if ((row.status !== "completed" && row.status !== "no_show") || !reportWindowOver(row.ends_at, now)) return [];
    const open = await tx.selectFrom("visit_problems").select("id").where("appointment_id", "=", row.id).where("resolved_at", "is", null).executeTakeFirst();
    if (!open) await releaseEarnings(tx, row, now.toISOString());
    return [];
  });
}

export function markNoShow(vendor: VendorScope, id: number, now: Date = new Date()) {
  return transition(vendorScope(vendor), { id }, async (tx, row) => {
    if (row.status !== "confirmed") refuse(row, now, "mark as no-show", VENDOR_STATUS_LABEL, "no_show");
    // A customer stuck in traffic is not a no-show: the vendor waits their grace period (docs/domain.md, "No-shows").
    const from = minutesAfter(row.starts_at, row.no_show_grace_minutes);
    if (now.toISOString() < from) {
      throw new DomainError("invalid", `You can mark a no-show from ${formatTime(from)} (${row.no_show_grace_minutes} minutes after the start).`);
    }
    await refuseWhileProblemOpen(tx, row.id);
    await setStatus(tx, row, "no_show", now);
    // The customer did not come: the vendor keeps what the policy says for the latest cancellation (now is past
    // the start), the rest goes back the way it was paid. What is kept stays pending until the reporting window is
    // over (releaseDueVisits), so the booker can dispute the no-show first.
    const kept = keptOnCancel(row, now);
    const back = row.payment_status === "paid" ? onlineKobo(row) - kept : 0;
    const refund = back > 0 ? await refundPayment(tx, row, back, now) : null;
    const giftKept = await settleGifts(tx, row, giftKeptOnCancel(row, now), now);
    if (kept + giftKept > 0 && reportWindowOver(row.ends_at, now)) await releaseEarnings(tx, row, now.toISOString());
    return [
      customerMail(row, `Missed appointment: ${row.service_title}`, [
        `${row.business_name} marked your appointment as missed. If this is a mistake, please message them, or dispute it on your appointment's page: ${getEnv().APP_URL}/user/appointment?tab=past&ref=${row.ref}#problem`,
        refund?.summary ?? "",
      ]),
      ...(refund?.mails ?? []),
    ];
  });
}

export function cancelByVendor(vendorId: number, id: number, reason: string, now: Date = new Date()) {
  return transition({ vendorId }, { id }, async (tx, row) => {
    if (row.status !== "confirmed") refuse(row, now, "cancel", VENDOR_STATUS_LABEL);
    if (row.starts_at <= now.toISOString()) throw new DomainError("invalid", "Its time has already come: mark it completed or no-show instead.");
    return endByVendor(tx, row, "cancelled", reason, now);
  });
}

/** Visits that a salon's suspension cancels: booked or being booked, not started yet. */
const CANCELLED_BY_SUSPENSION: AppointmentStatus[] = ["held", "requested", "confirmed"];

/**
 * A salon Glow suspended (models/suspension/suspension.server.ts) can take no visit: each one still to come is cancelled,
 * all that was paid goes back to whoever paid (refundPayment, as when the salon cancels), its gifts get their part
 * back, and the customer is told why. One whose refund cannot be made now (the provider unreachable) stays as it is
 * and is counted in `left`; the hourly gifts sweep tries it again (cancelVisitsOfSuspendedVendors, suspension.server.ts).
 */
export async function cancelVisitsOfSuspendedVendor(vendorId: number, now: Date = new Date()): Promise<{ cancelled: number; left: number }> {
  const db = await getDb();
  const due = await db
    .selectFrom("appointments")
    .select(["id", "vendor_id"])
    .where("vendor_id", "=", vendorId)
    .where("status", "in", CANCELLED_BY_SUSPENSION)
    .where("starts_at", ">", now.toISOString())
    .execute();
  const cancelled = await transitionEach(due, async (tx, row) => {
    if (!CANCELLED_BY_SUSPENSION.includes(row.status) || row.starts_at <= now.toISOString()) refuse(row, now, "cancel", VENDOR_STATUS_LABEL);
    await setStatus(tx, row, "cancelled", now, { status_reason: "The salon is suspended on Glow.", answer_by: null, hold_expires_at: null });
    const refund = await refundPayment(tx, row, onlineKobo(row), now);
    await releaseGifts(tx, row, now);
    await releasePromo(tx, row.id, now);
    return [
      customerMail(row, `Cancelled: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `${row.business_name} can't take visits on Glow for now, so your appointment on ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)} was cancelled.`,
        refund?.summary ?? "",
        row.gift_kobo > 0 ? `${formatNaira(row.gift_kobo)} went back onto your gift card, and what it holds is refunded to whoever paid for it.` : "",
        "You can book the same service with another salon on Glow.",
      ]),
      ...(refund?.mails ?? []),
    ];
  });
  return { cancelled, left: due.length - cancelled };
}

export function cancelByCustomer(customerId: number, ref: string, now: Date = new Date(), options: { refundToCredit?: boolean } = {}) {
  return transition(
    { customerId },
    { ref },
    async (tx, row) => {
      const status = effectiveStatus(row, now);
      if (status !== "held" && status !== "requested" && status !== "confirmed") refuse(row, now, "cancel", CUSTOMER_STATUS_LABEL);
      if (row.starts_at <= now.toISOString()) throw new DomainError("invalid", "This appointment has already started, so it can no longer be cancelled.");
      await setStatus(tx, row, "cancelled", now, { status_reason: "Cancelled by the customer", hold_expires_at: null, answer_by: null });
      // The vendor's policy decides what is kept (late cancellations); the rest goes back the way it was paid. A
      // booking made with a named member whom the salon replaced is given back in full (docs/domain.md, "The team").
      const kept = row.member_changed_at ? 0 : keptOnCancel(row, now);
      const back = row.payment_status === "paid" ? onlineKobo(row) - kept : 0;
      const refund = back > 0 ? await refundPayment(tx, row, back, now, { toCredit: options.refundToCredit }) : null;
      // Gifts follow the same policy; a hold is no booking yet, so it gives its gifts back whole.
      const giftKept = await settleGifts(tx, row, status === "held" ? 0 : giftKeptOnCancel(row, now), now);
      // A promo code's use comes back when the cancellation is in time: the salon's policy keeps nothing of it.
      if (status === "held" || promoBackOnCancel(row, now)) await releasePromo(tx, row.id, now);
      // What the vendor keeps has nothing left to wait for, so it is theirs to withdraw.
      if (kept + giftKept > 0) await releaseEarnings(tx, row, now.toISOString());
      if (status === "held") return [];
      return [
        customerMail(row, `Cancelled: ${row.service_title} on ${formatDate(row.starts_at)}`, [
          "You cancelled this appointment.",
          refund?.summary ?? "",
          row.gift_kobo > giftKept ? `${formatNaira(row.gift_kobo - giftKept)} went back onto your gift card.` : "",
        ]),
        ...(refund?.mails ?? []),
        vendorMail(row, `Cancelled by the customer: ${row.service_title} on ${formatDate(row.starts_at)}`, [
          `${row.customer_first_name} ${row.customer_last_name} cancelled this appointment; the time is free again.`,
        ]),
      ];
    },
    { lockCustomer: true },
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
  return transitionEach(due, async (tx, row) => {
    if (row.status !== "requested" || !row.answer_by || row.answer_by > now.toISOString()) {
      throw new DomainError("conflict", "This request was answered meanwhile.");
    }
    // An unanswered move of a confirmed appointment lapses: the appointment keeps its confirmed time.
    if (row.previous_starts_at && row.previous_ends_at) return keepPreviousTime(tx, row, "The new time was not answered in time.", now);
    await setStatus(tx, row, "expired", now, { status_reason: "Not answered in time", answer_by: null });
    const refund = await refundPayment(tx, row, onlineKobo(row), now);
    await releaseGifts(tx, row, now);
    await releasePromo(tx, row.id, now);
    return [
      customerMail(row, `Not answered: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `${row.business_name} did not answer your request in time, so it has expired and the time is free again.`,
        refund?.summary ?? "Nothing was paid, so there is nothing to refund.",
        "You can book another time or another salon whenever you like.",
      ]),
      ...(refund?.mails ?? []),
      vendorMail(row, `Expired: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `The request from ${row.customer_first_name} ${row.customer_last_name} was not answered by ${formatDate(row.answer_by)} at ${formatTime(
          row.answer_by,
        )}, so it has expired and the customer was told.`,
        row.payment_status === "paid" ? "The payment went back to whoever paid it." : "",
      ]),
    ];
  });
}

/** Moves a request or an upcoming appointment to another free slot; the vendor confirms the new time. */
export function rescheduleAppointment(
  customerId: number,
  ref: string,
  day: string,
  hour: number,
  now: Date = new Date(),
  options: { memberId?: number | null } = {},
) {
  return transition({ customerId }, { ref }, async (tx, row) => {
    if (row.status !== "requested" && row.status !== "confirmed") refuse(row, now, "reschedule", CUSTOMER_STATUS_LABEL);
    if (row.starts_at <= now.toISOString()) throw new DomainError("invalid", "This appointment has already started, so it can no longer be moved.");
    // The same member keeps the appointment (docs/domain.md, "The team"), for as long as it was booked, unless the
    // customer picks another who may be booked for the service.
    const switchTo = options.memberId != null && options.memberId !== row.member_id ? options.memberId : null;
    let switchedName: string | null = null;
    if (switchTo !== null) {
      const member = await tx
        .selectFrom("team_members as m")
        .innerJoin("team_member_services as ms", "ms.member_id", "m.id")
        .select(["m.id", "m.name"])
        .where("m.id", "=", switchTo)
        .where("m.vendor_id", "=", row.vendor_id)
        .where("m.active", "=", 1)
        .where("m.bookable", "=", 1)
        .where("ms.service_id", "=", row.service_id)
        .executeTakeFirst();
      if (!member) throw new DomainError("not-found", "That team member does not take bookings for this service. Please choose another, or anyone available.");
      switchedName = member.name;
    }
    const bookedMin = Math.round((Date.parse(row.ends_at) - Date.parse(row.starts_at)) / 60_000);
    const checked = await checkFreeSlot(tx, {
      vendorId: row.vendor_id,
      memberId: switchTo ?? row.member_id ?? undefined,
      durationMin: Math.max(row.duration_min, bookedMin),
      day,
      hour,
      now,
      excludeId: row.id,
    });
    if (!checked.ok) throw new DomainError(checked.reason === "taken" ? "conflict" : "invalid", checked.message);
    const { slot } = checked;
    if (slot.startsAt === row.starts_at && switchTo === null) throw new DomainError("invalid", "That is the time you already have. Please pick another time.");
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
    await setStatus(tx, row, to, now, {
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
      ...(switchTo !== null ? { member_id: switchTo, member_chosen: 1 } : {}),
      ...previous,
      answer_by: to === "requested" ? answerDeadline(now, slot.startsAt) : null,
    });
    const when = `${formatDate(slot.startsAt)} at ${formatTime(slot.startsAt)}`;
    // The notices' details (date, time, stylist) are the appointment as moved; the lines say where it came from.
    const moved = {
      ...row,
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
      ...(switchedName !== null ? { member_name: switchedName } : {}),
    };
    if (to === "confirmed") {
      return [
        customerMail(moved, `Moved: ${row.service_title}`, [`Your appointment is moved to ${when} and confirmed.`]),
        vendorMail(moved, `Moved by the customer: ${row.service_title}`, [
          `${row.customer_first_name} ${row.customer_last_name} moved their booking from ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)} to ${when}.`,
          "It was accepted automatically, as your booking rules say.",
        ]),
      ];
    }
    return [
      customerMail(moved, `Reschedule requested: ${row.service_title}`, [
        `You asked to move your appointment to ${when}. ${row.business_name} will confirm the new time.`,
      ]),
      vendorMail(
        moved,
        `Reschedule request: ${row.service_title}`,
        [
          `${row.customer_first_name} ${row.customer_last_name} moved their booking from ${formatDate(row.starts_at)} at ${formatTime(
            row.starts_at,
          )} to ${when}.`,
          "Please accept or decline the new time under New Request.",
        ],
        `${row.customer_first_name} asks to move ${row.service_title} from ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)} to ${when}`,
      ),
    ];
  });
}
