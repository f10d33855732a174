import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { formatDate, formatTime } from "~/utils/time";
import { rowById } from "./store.server";
import { MINUTE, REMINDER_LATE_LIMIT, REMINDERS_BEFORE_VISIT } from "~/models/jobs/durations";
import { scheduleJob, type JobDefinition } from "~/models/jobs/queue.server";
import { queueMails, type Mail } from "~/models/messaging/mail.server";
import { publicVendorAddress } from "~/models/accounts/public-address";

// Visit reminders: the customer is e-mailed 24 h and 2 h before a confirmed visit (REMINDERS_BEFORE_VISIT).
// A sweep looks a little ahead and schedules one job per reminder, keyed by the appointment, the reminder and the
// visit's start time: scheduling twice changes nothing, and a rescheduled visit (a new start time) gets reminders
// of its own, while the job of the old time finds the time changed and sends nothing. The job re-reads the
// appointment when it runs, so a visit cancelled meanwhile is never reminded of.

export const VISIT_REMINDER = "visit.reminder";

/** How far ahead the sweep schedules reminders (more than its interval, so none is scheduled late). */
const LOOKAHEAD = 10 * MINUTE;

export interface ReminderPayload {
  appointmentId: number;
  reminder: (typeof REMINDERS_BEFORE_VISIT)[number]["name"];
  startsAt: string;
}

/** Schedules the reminders that come due soon for confirmed visits. Safe to run any number of times. */
export async function scheduleVisitReminders(db: Kysely<Database>, now: Date): Promise<number> {
  let scheduled = 0;
  for (const { name, before } of REMINDERS_BEFORE_VISIT) {
    // A reminder is due at starts_at - before; take those due between (now - late limit) and (now + lookahead).
    const from = new Date(now.getTime() - REMINDER_LATE_LIMIT + before).toISOString();
    const to = new Date(now.getTime() + LOOKAHEAD + before).toISOString();
    const visits = await db
      .selectFrom("appointments")
      .select(["id", "starts_at"])
      .where("status", "=", "confirmed")
      .where("starts_at", ">", from)
      .where("starts_at", "<=", to)
      .where("starts_at", ">", now.toISOString())
      .execute();
    for (const visit of visits) {
      const runAt = new Date(Date.parse(visit.starts_at) - before);
      const payload: ReminderPayload = { appointmentId: visit.id, reminder: name, startsAt: visit.starts_at };
      if (await scheduleJob(db, { kind: VISIT_REMINDER, key: `${visit.id}:${name}:${visit.starts_at}`, runAt, payload }, now)) scheduled++;
    }
  }
  return scheduled;
}

/** Sends one reminder if it still applies; the e-mail is queued in the job's own transaction (exactly once). */
export const visitReminder: JobDefinition<ReminderPayload> = {
  async run({ db, payload, now }) {
    const reminder = REMINDERS_BEFORE_VISIT.find((r) => r.name === payload.reminder);
    const row = await rowById(db, payload.appointmentId).catch(() => undefined);
    if (!reminder || !row) return;
    const dueAt = Date.parse(payload.startsAt) - reminder.before;
    const stillApplies =
      row.status === "confirmed" && row.starts_at === payload.startsAt && now.toISOString() < row.starts_at && now.getTime() <= dueAt + REMINDER_LATE_LIMIT;
    if (!stillApplies) return;
    // The vendor's public address, as the calendar file shows it (never the personal one).
    const vendor = await db.selectFrom("vendors").select(["business_address", "area", "city"]).where("id", "=", row.vendor_id).executeTakeFirstOrThrow();
    const place =
      row.location_type === "home" && row.location_address
        ? `At your address: ${row.location_address}`
        : `${row.business_name}, ${publicVendorAddress(vendor)}`;
    await queueMails(db, [reminderMail({ ...row, place }, reminder.name)], now);
  },
};

export function reminderMail(
  a: { ref: string; customer_email: string; customer_first_name: string; service_title: string; business_name: string; starts_at: string; place: string },
  reminder: ReminderPayload["reminder"],
): Mail {
  const app = getEnv().APP_URL;
  const when = `${formatDate(a.starts_at)} at ${formatTime(a.starts_at)}`;
  const inHours = reminder === "24h" ? "in 24 hours" : "in 2 hours";
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
      `Reschedule or cancel: ${app}/user/appointment?ref=${a.ref}#detail`,
      "",
      "Glow",
    ].join("\n"),
  };
}
