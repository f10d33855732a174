import { autoCompleteVisits, expireUnansweredRequests } from "~/models/appointments/transitions.server";
import { HOUR, JOB_KEEP_DONE, MINUTE } from "~/models/jobs/durations";
import { pruneFinishedJobs, type DueWork } from "~/models/jobs/queue.server";
import { MAIL_DELIVERY, mailDelivery } from "~/models/messaging/mail.server";
import { SMS_DELIVERY, smsDelivery } from "~/models/messaging/sms.server";
import { WHATSAPP_DELIVERY, whatsappDelivery } from "~/models/messaging/whatsapp.server";
import { UNREAD_MESSAGE_EMAIL, unreadMessageEmail } from "~/models/messaging/unread-messages.server";
import { scheduleVisitReminders, VISIT_REMINDER, visitReminder } from "~/models/appointments/reminders.server";
import { sweepOrphanObjects } from "~/models/media/orphan-sweep.server";

// Everything that runs in the background, in one list. A one-off job is scheduled with `scheduleJob(db, { kind,
// key, runAt, payload })` and handled by the entry of its kind below; a sweep runs every `every` ms (once per
// interval across all processes) and gets `now`, so the domain function it calls is tested with any clock.
// Handlers and sweeps belong to their domain modules; this file only says what runs.

export const dueWork: DueWork = {
  jobs: {
    [MAIL_DELIVERY]: mailDelivery,
    [VISIT_REMINDER]: visitReminder,
    [SMS_DELIVERY]: smsDelivery,
    [WHATSAPP_DELIVERY]: whatsappDelivery,
    [UNREAD_MESSAGE_EMAIL]: unreadMessageEmail,
  },
  sweeps: {
    "schedule-visit-reminders": { every: MINUTE, run: ({ db, now }) => scheduleVisitReminders(db, now) },
    "prune-finished-jobs": { every: HOUR, run: ({ now }) => pruneFinishedJobs(new Date(now.getTime() - JOB_KEEP_DONE)) },
    // Requests past their answer deadline expire (slot freed, money back the way it came, both sides told).
    "expire-unanswered-requests": { every: MINUTE, run: async ({ now }) => void (await expireUnansweredRequests(now)) },
    // Visits AUTO_COMPLETE_AFTER_HOURS past their end, unmarked, are completed: their pending money becomes available.
    "auto-complete-visits": { every: 15 * MINUTE, run: async ({ now }) => void (await autoCompleteVisits(now)) },
    // Stored objects no row names (a crash mid-upload or mid-delete), older than ORPHAN_OBJECT_GRACE, are deleted.
    "sweep-orphan-objects": { every: HOUR, run: async ({ now }) => void (await sweepOrphanObjects(now)) },
  },
};
