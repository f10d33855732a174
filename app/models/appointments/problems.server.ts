import { getDb } from "~/db/db.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import { reportDeadline } from "./rules.server";
import { DomainError } from "~/models/refusal";
import { completeVisit } from "./transitions.server";
import { customerMail, vendorMail } from "./notices.server";
import { transition, type AppointmentRow } from "./store.server";
import type { Mail } from "~/models/messaging/mail.server";
import { refundPayment } from "~/models/money/refunds.server";
import { releaseEarnings } from "~/models/money/ledger.server";
import { releaseGifts } from "~/models/redemption/redeem.server";
import { releasePromo } from "~/models/promos/promo-use.server";

// Reported problems (docs/domain.md "Reported problems"). A visit that has ended is completed by its vendor or,
// AUTO_COMPLETE_AFTER_HOURS after its end, automatically; until then its booker may report a problem. A reported
// visit is not completed (automatically or by the vendor) and its money stays pending until an admin resolves it,
// once: release (the visit is completed through the same transition as the vendor's button, so pending money
// becomes available), refund (all of it goes back to whoever paid, the way they paid, through refundPayment), or
// vendor no-show (the stylist did not come: the visit is cancelled as the vendor's no-show, whatever was paid goes
// back as a refund does, and no fee is charged because nothing is completed). Each step runs through the appointment's `transition`, inside the vendor's booking lock, and
// the resolution is written with a "still open" condition, so two admins at once get exactly one outcome.

export { reportDeadline };

export type Resolution = "release" | "refund" | "vendor-no-show";

/** How a resolution is recorded (visit_problems.resolution). */
const RECORDED = { release: "released", refund: "refunded", "vendor-no-show": "vendor_no_show" } as const;

/** What the vendor's and the customer's appointment say of a visit the vendor did not come to. */
export const VENDOR_NO_SHOW_REASON = "Vendor no-show: the stylist did not come (found by Glow on the customer's report)";

/**
 * Whether the booker may report a problem now, until the visit's reporting window ends (reportDeadline): with a
 * confirmed visit once it has ended, with one its vendor already marked completed, and with a no-show (a dispute),
 * whatever the vendor clicked and when.
 */
export function mayReportProblem(row: { status: string; ends_at: string }, now: Date = new Date()): boolean {
  const at = now.toISOString();
  if (at >= reportDeadline(row.ends_at)) return false;
  if (row.status === "completed" || row.status === "no_show") return true;
  return row.status === "confirmed" && row.ends_at <= at;
}

export interface ProblemView {
  /** A problem with a visit, or the booker's dispute of a no-show the vendor marked. */
  kind: "problem" | "no_show_dispute";
  reason: string;
  reportedAt: string;
  resolution: ProblemResolution | null;
  resolvedAt: string | null;
}

export type ProblemResolution = (typeof RECORDED)[Resolution];

/** The problem reported with one appointment, if any (for the booker's and the vendor's pages). */
export async function problemOf(appointmentId: number): Promise<ProblemView | null> {
  const db = await getDb();
  const row = await db
    .selectFrom("visit_problems")
    .select(["kind", "reason", "reported_at", "resolution", "resolved_at"])
    .where("appointment_id", "=", appointmentId)
    .executeTakeFirst();
  return row ? { kind: row.kind, reason: row.reason, reportedAt: row.reported_at, resolution: row.resolution, resolvedAt: row.resolved_at } : null;
}

/** The booker reports a problem with an ended, not yet completed visit. Anyone else finds no such appointment. */
export function reportProblem(customerId: number, ref: string, reason: string, now: Date = new Date()): Promise<AppointmentRow> {
  return transition({ customerId }, { ref }, async (tx, row) => {
    const already = await tx.selectFrom("visit_problems").select("kind").where("appointment_id", "=", row.id).executeTakeFirst();
    if (already?.kind === "no_show_dispute") throw new DomainError("conflict", "You already disputed this no-show. Glow is looking into it.");
    if (already) throw new DomainError("conflict", "You already reported a problem with this visit. Glow is looking into it.");
    const kind = row.status === "no_show" ? "no_show_dispute" : "problem";
    const deadline = reportDeadline(row.ends_at);
    if (now.toISOString() >= deadline) {
      const what = kind === "no_show_dispute" ? "dispute this no-show" : "report a problem";
      throw new DomainError("invalid", `The time to ${what} ended on ${formatDate(deadline)} at ${formatTime(deadline)}.`);
    }
    if (!["confirmed", "completed", "no_show"].includes(row.status))
      throw new DomainError("invalid", "You can only report a problem with a visit that took place.");
    if (row.status === "confirmed" && row.ends_at > now.toISOString()) throw new DomainError("invalid", "You can report a problem once the visit has ended.");
    await tx.insertInto("visit_problems").values({ appointment_id: row.id, reported_by: customerId, reason, reported_at: now.toISOString(), kind }).execute();
    return kind === "no_show_dispute" ? disputeMails(row, reason) : problemMails(row, reason);
  });
}

function problemMails(row: AppointmentRow, reason: string) {
  return [
    customerMail(row, `Problem reported: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      "Thank you for telling us. The payment for this visit stays with Glow until we have looked into it; we will e-mail you what we decide.",
      `What you told us: ${reason}`,
    ]),
    vendorMail(
      row,
      `Problem reported: ${row.service_title} on ${formatDate(row.starts_at)}`,
      [
        `${row.customer_first_name} ${row.customer_last_name} reported a problem with this visit, so it is not completed for now and its payment stays pending.`,
        `What they told us: ${reason}`,
        "Glow will look into it and tell you what it decides. You can reply to the customer in Messages.",
      ],
      `${row.customer_first_name} reported a problem with ${row.service_title} on ${formatDate(row.starts_at)}`,
    ),
  ];
}

/** The booker says the no-show the vendor marked is wrong (docs/domain.md, "Reported problems"). */
function disputeMails(row: AppointmentRow, reason: string) {
  return [
    customerMail(row, `No-show disputed: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      "Thank you for telling us. What the vendor would keep for this no-show stays with Glow until we have looked into it; we will e-mail you what we decide.",
      `What you told us: ${reason}`,
    ]),
    vendorMail(
      row,
      `No-show disputed: ${row.service_title} on ${formatDate(row.starts_at)}`,
      [
        `${row.customer_first_name} ${row.customer_last_name} disputes the no-show you marked for this visit, so what you would keep for it stays pending.`,
        `What they told us: ${reason}`,
        "Glow will look into it and tell you what it decides. You can reply to the customer in Messages.",
      ],
      `${row.customer_first_name} disputes the no-show for ${row.service_title} on ${formatDate(row.starts_at)}`,
    ),
  ];
}

/**
 * An admin resolves a reported problem: "release" completes the visit (its pending money becomes available to the
 * vendor), "refund" gives all of it back to whoever paid and cancels the visit. Exactly once: a second resolution,
 * even at the same moment, is refused with a conflict and changes nothing.
 */
export async function resolveProblem(adminId: number, appointmentId: number, resolution: Resolution, now: Date = new Date()): Promise<AppointmentRow> {
  const db = await getDb();
  const found = await db
    .selectFrom("visit_problems as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .select(["a.vendor_id"])
    .where("p.appointment_id", "=", appointmentId)
    .executeTakeFirst();
  if (!found) throw new DomainError("not-found", "We couldn't find a reported problem with that appointment.");
  return transition(
    { vendorId: found.vendor_id },
    { id: appointmentId },
    async (tx, row) => {
      const done = await tx
        .updateTable("visit_problems")
        .set({ resolution: RECORDED[resolution], resolved_by: adminId, resolved_at: now.toISOString() })
        .where("appointment_id", "=", row.id)
        .where("resolved_at", "is", null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", "This problem was already resolved. Please reload the page.");
      if (resolution === "release") {
        // A visit its vendor already marked completed or missed keeps its status; its held money is released now.
        if (row.status === "completed" || row.status === "no_show") {
          await releaseEarnings(tx, row, now.toISOString());
          return releasedMails(row);
        }
        return [...(await completeVisit(tx, row, now, { resolvingProblem: true })), ...releasedMails(row)];
      }
      if (resolution === "vendor-no-show") return vendorNoShow(tx, row, now);
      return refundVisit(tx, row, now);
    },
    { lockCustomer: true },
  );
}

function releasedMails(row: AppointmentRow): Mail[] {
  return [
    customerMail(row, `Your reported problem: ${row.service_title}`, [
      row.payment_status === "paid"
        ? `We looked into the problem you reported and released the payment to ${row.business_name}. If you disagree, please reply to this e-mail.`
        : `We looked into the problem you reported and closed it: the visit is recorded as completed. If you disagree, please reply to this e-mail.`,
    ]),
    vendorMail(row, `Problem resolved: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      row.payment_status === "paid"
        ? `We looked into the problem the customer reported and released the payment to you: the visit is completed and ${formatNaira(row.total_kobo)} (less the platform fee) moves from Pending to your Balance.`
        : "We looked into the problem the customer reported: the visit is completed.",
    ]),
  ];
}

type Tx = Parameters<Parameters<typeof transition>[2]>[0];

async function refundVisit(tx: Tx, row: AppointmentRow, now: Date): Promise<Mail[]> {
  if (!["confirmed", "completed", "no_show"].includes(row.status))
    throw new DomainError("conflict", "This visit is no longer open, so it cannot be refunded here.");
  const result = await tx
    .updateTable("appointments")
    .set({ status: "cancelled", status_reason: "Refunded by Glow after a reported problem", updated_at: now.toISOString() })
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError("conflict", "This appointment changed meanwhile. Please reload the page.");
  const refund = await refundPayment(tx, row, row.total_kobo, now);
  // Gifts still reserved for the visit go back to them; a part already spent stays spent (docs/decisions/034-gift-redemption.md).
  await releaseGifts(tx, row, now);
  await releasePromo(tx, row.id, now);
  const outcome = refund?.summary ?? "Nothing was paid through Glow for this visit, so there is nothing to refund.";
  return [
    customerMail(row, `Your reported problem: ${row.service_title}`, ["We looked into the problem you reported and refunded this visit.", outcome]),
    ...(refund?.mails ?? []),
    vendorMail(row, `Problem resolved: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      "We looked into the problem the customer reported and refunded the customer: the payment for this visit goes back to whoever paid, and it leaves your Pending.",
    ]),
  ];
}

/**
 * The stylist did not come: the visit is cancelled and recorded as the vendor's no-show. What was paid through Glow
 * (the whole, or a deposit) goes back to whoever paid; nothing is completed, so no earning and no fee is written,
 * and nothing is "collected in person".
 */
async function vendorNoShow(tx: Tx, row: AppointmentRow, now: Date): Promise<Mail[]> {
  if (row.status !== "confirmed") throw new DomainError("conflict", "This visit is no longer open, so it cannot be resolved here.");
  const result = await tx
    .updateTable("appointments")
    .set({ status: "cancelled", status_reason: VENDOR_NO_SHOW_REASON, updated_at: now.toISOString() })
    .where("id", "=", row.id)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError("conflict", "This appointment changed meanwhile. Please reload the page.");
  const refund = row.payment_status === "paid" ? await refundPayment(tx, row, row.total_kobo, now) : null;
  await releaseGifts(tx, row, now);
  await releasePromo(tx, row.id, now);
  const money = refund?.summary ?? "Nothing was paid through Glow for this visit, and nothing is charged.";
  return [
    customerMail(row, `Your reported problem: ${row.service_title}`, [
      `We looked into the problem you reported: ${row.business_name} did not come to your visit on ${formatDate(row.starts_at)} at ${formatTime(row.starts_at)}. We are sorry.`,
      money,
      "The visit is recorded as the vendor's no-show. You can book again at any time.",
    ]),
    ...(refund?.mails ?? []),
    vendorMail(row, `Recorded as your no-show: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      "We looked into the problem the customer reported and found that you did not come to this visit, so it is recorded as your no-show.",
      row.payment_status === "paid"
        ? "The payment goes back to whoever paid and leaves your Pending; no fee is charged."
        : "Nothing was paid through Glow and no fee is charged.",
      "If you think this is wrong, please reply to this e-mail.",
    ]),
  ];
}

export interface ReportedVisit {
  appointmentId: number;
  ref: string;
  serviceTitle: string;
  businessName: string;
  customerName: string;
  startsAt: string;
  totalKobo: number;
  paymentStatus: string;
  reason: string;
  reportedAt: string;
  resolution: ProblemResolution | null;
  resolvedAt: string | null;
  /** A problem with a visit, or the booker's dispute of a no-show. */
  kind: "problem" | "no_show_dispute";
}

export const REPORTED_PAGE_SIZE = 20;

/** Reported visits for the admin: open ones first (oldest first, so none waits forever), then resolved ones. */
export async function listReportedVisits(page: number): Promise<{ items: ReportedVisit[]; hasMore: boolean }> {
  const db = await getDb();
  const rows = await db
    .selectFrom("visit_problems as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("vendors as v", "v.id", "a.vendor_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .select([
      "a.id",
      "a.ref",
      "s.title",
      "v.business_name",
      "c.first_name",
      "c.last_name",
      "a.starts_at",
      "a.total_kobo",
      "a.payment_status",
      "p.reason",
      "p.reported_at",
      "p.resolution",
      "p.resolved_at",
      "p.kind",
    ])
    .orderBy((eb) => eb.case().when("p.resolved_at", "is", null).then(0).else(1).end())
    .orderBy("p.reported_at")
    .orderBy("p.id")
    .limit(REPORTED_PAGE_SIZE + 1)
    .offset((page - 1) * REPORTED_PAGE_SIZE)
    .execute();
  return {
    hasMore: rows.length > REPORTED_PAGE_SIZE,
    items: rows.slice(0, REPORTED_PAGE_SIZE).map((r) => ({
      appointmentId: r.id,
      ref: r.ref,
      serviceTitle: r.title,
      businessName: r.business_name,
      customerName: `${r.first_name} ${r.last_name}`,
      startsAt: r.starts_at,
      totalKobo: r.total_kobo,
      paymentStatus: r.payment_status,
      reason: r.reason,
      reportedAt: r.reported_at,
      resolution: r.resolution,
      resolvedAt: r.resolved_at,
      kind: r.kind,
    })),
  };
}
