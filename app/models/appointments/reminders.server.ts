import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { formatDate, formatTime } from "~/utils/time";
import { rowById } from "./store.server";
import { MINUTE, REMINDER_LATE_LIMIT, REMINDERS_BEFORE_VISIT } from "~/models/jobs/durations";
import { manageUrl } from "./manage-link.server";
import { shortWhen } from "./notices.server";
import { planReminder, QUIET_HOURS_SHIFT, reminderMoment, type ReminderName } from "./reminder-plan";
import { scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import { queueMails, type Mail } from "~/models/messaging/mail.server";
import { publicVendorAddress } from "~/models/accounts/public-address";

// Visit reminders: the customer is told 24 h and 2 h before a confirmed visit (REMINDERS_BEFORE_VISIT), by
// e-mail and, as they agreed, by WhatsApp or SMS, each with the manage link; when is ./reminder-plan.ts (quiet
// hours, nothing in the past). A sweep looks a little ahead and schedules one job per reminder, keyed by the
// appointment, the reminder and the visit's start time: scheduling twice changes nothing, and a rescheduled visit
// (a new start time) gets reminders of its own, while the job of the old time finds the time changed and sends
// nothing. The job re-reads the appointment when it runs, so a visit cancelled meanwhile is never reminded of.

export const VISIT_REMINDER = "visit.reminder";

/** How far ahead the sweep schedules reminders (more than its interval, so none is scheduled late). */
const LOOKAHEAD = 10 * MINUTE;

export interface ReminderPayload {
  appointmentId: number;
  reminder: ReminderName;
  startsAt: string;
}

/** Schedules the reminders that come due soon for confirmed visits. Safe to run any number of times. */
export async function scheduleVisitReminders(db: Kysely<Database>, now: Date): Promise<number> {
  let scheduled = 0;
  for (const { name, before } of REMINDERS_BEFORE_VISIT) {
    // A reminder is meant for starts_at - before (quiet hours move a 24 h one earlier): take the visits whose
    // reminder may be due between (now - late limit) and (now + lookahead), then plan each exactly.
    const from = new Date(now.getTime() - REMINDER_LATE_LIMIT + before).toISOString();
    const to = new Date(now.getTime() + LOOKAHEAD + before + (name === "24h" ? QUIET_HOURS_SHIFT : 0)).toISOString();
    const visits = await db
      .selectFrom("appointments")
      .select(["id", "starts_at", "created_at"])
      .where("status", "=", "confirmed")
      .where("starts_at", ">", from)
      .where("starts_at", "<=", to)
      .where("starts_at", ">", now.toISOString())
      .execute();
    for (const visit of visits) {
      const runAt = planReminder({ startsAt: visit.starts_at, bookedAt: visit.created_at }, name, now);
      if (!runAt || runAt.getTime() > now.getTime() + LOOKAHEAD) continue;
      const payload: ReminderPayload = { appointmentId: visit.id, reminder: name, startsAt: visit.starts_at };
      if (await scheduleJob(db, { kind: VISIT_REMINDER, key: `${visit.id}:${name}:${visit.starts_at}`, runAt, payload }, now)) scheduled++;
    }
  }
  return scheduled;
}

/** Sends one reminder if it still applies; the messages are queued in the job's own transaction (exactly once). */
export const visitReminder: JobDefinition<ReminderPayload> = {
  async run({ db, payload, now }) {
    const reminder = REMINDERS_BEFORE_VISIT.find((r) => r.name === payload.reminder);
    const row = await rowById(db, payload.appointmentId).catch(() => undefined);
    if (!reminder || !row) return;
    const moment = reminderMoment(payload.startsAt, reminder.name);
    const stillApplies =
      row.status === "confirmed" &&
      row.starts_at === payload.startsAt &&
      now.toISOString() < row.starts_at &&
      now.getTime() <= moment.getTime() + REMINDER_LATE_LIMIT;
    if (!stillApplies) return;
    // The vendor's public address, as the calendar file shows it (never the personal one).
    const vendor = await db.selectFrom("vendors").select(["business_address", "area", "city"]).where("id", "=", row.vendor_id).executeTakeFirstOrThrow();
    const place =
      row.location_type === "home" && row.location_address
        ? `At your address: ${row.location_address}`
        : `${row.business_name}, ${publicVendorAddress(vendor)}`;
    const mail = reminderMail({ ...row, place, manageUrl: manageUrl(row.id) }, reminder.name);
    const when = shortWhen(row.starts_at);
    mail.customerText = {
      userId: row.customer_id,
      vendorId: row.vendor_id,
      appointmentId: row.id,
      ref: row.ref,
      firstName: row.customer_first_name,
      summary: `Reminder: ${when}, ${row.service_title}, ${row.business_name}`,
      manageUrl: manageUrl(row.id),
      reminder: { service: row.service_title, business: row.business_name, when },
    };
    await queueMails(db, [mail], now);
  },
};

export function reminderMail(
  a: {
    ref: string;
    customer_email: string;
    customer_first_name: string;
    service_title: string;
    business_name: string;
    starts_at: string;
    place: string;
    manageUrl: string;
  },
  reminder: ReminderPayload["reminder"],
): Mail {
  const app = getEnv().APP_URL;
  const when = `${formatDate(a.starts_at)} at ${formatTime(a.starts_at)}`;
  // A 24 h reminder moved out of the quiet hours is not 24 h ahead: it names the time instead.
  const shifted = reminder === "24h" && reminderMoment(a.starts_at, "24h").getTime() !== Date.parse(a.starts_at) - 24 * 3600_000;
  const inHours = shifted ? `on ${when}` : reminder === "24h" ? "in 24 hours" : "in 2 hours";
  return {
    to: a.customer_email,
    subject: `Reminder: ${a.service_title} on ${when}`,
    text: [
      `Hi ${a.customer_first_name},`,
      "",
      `A reminder of your visit to ${a.business_name} ${inHours}.`,
      "",
      `Service: ${a.service_title}`,
      `Date: ${formatDate(a.starts_at)}`,
      `Time: ${formatTime(a.starts_at)}`,
      `Where: ${a.place}`,
      `Booking reference: ${a.ref}`,
      "",
      `Add it to your calendar: ${app}/user/appointment/calendar.ics?ref=${a.ref}`,
      `Reschedule or cancel (no sign-in needed): ${a.manageUrl}`,
      `Or in your appointments: ${app}/user/appointment?ref=${a.ref}#detail`,
      "",
      "Glow",
    ].join("\n"),
  };
}
