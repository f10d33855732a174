import { autoCompleteVisits, releaseDueVisits, expireUnansweredRequests } from "~/models/appointments/transitions.server";
import { HOUR, JOB_KEEP_DONE, MINUTE } from "~/models/jobs/durations";
import { pruneFinishedJobs, type DueWork, type JobDefinition } from "~/models/jobs/queue.server";
import { MAIL_DELIVERY, mailDelivery } from "~/models/messaging/mail.server";
import { SMS_DELIVERY, smsDelivery } from "~/models/messaging/sms.server";
import { WHATSAPP_DELIVERY, whatsappDelivery } from "~/models/messaging/whatsapp.server";
import { UNREAD_MESSAGE_EMAIL, unreadMessageEmail } from "~/models/messaging/unread-messages.server";
import { scheduleVisitReminders, VISIT_REMINDER, visitReminder } from "~/models/appointments/reminders.server";
import { sweepOrphanObjects } from "~/models/media/orphan-sweep.server";
import { PAYMENT_VERIFY } from "~/models/booking/payment-checks";
import { paymentVerify, PROVIDER_EVENT } from "~/models/booking/reconcile.server";
import { providerEventWithGifts } from "~/models/gifts/provider-events.server";
import { expireGifts, refundGiftsOfClosedVendors, releaseRunOutHolds } from "~/models/gifts/gift-money.server";
import { cancelVisitsOfSuspendedVendors } from "~/models/suspension/suspension.server";
import { GIFT_PAYMENT_VERIFY, giftPaymentVerify } from "~/models/gifts/pay-gift.server";
import { TRANSFER_CHECK, transferCheck } from "~/models/money/transfers.server";
import { scheduleWeeklyPayouts, WEEKLY_PAYOUT, weeklyPayout } from "~/models/money/weekly-payouts.server";
import { recomputeLevels } from "~/models/trust/levels.server";

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
    // Payments and payouts with the provider (docs/domain.md "Money"): checks until a verdict, and webhook events.
    [PAYMENT_VERIFY]: paymentVerify as JobDefinition,
    [PROVIDER_EVENT]: providerEventWithGifts as JobDefinition,
    [GIFT_PAYMENT_VERIFY]: giftPaymentVerify as JobDefinition,
    [TRANSFER_CHECK]: transferCheck as JobDefinition,
    [WEEKLY_PAYOUT]: weeklyPayout as JobDefinition,
  },
  sweeps: {
    "schedule-visit-reminders": { every: MINUTE, run: ({ db, now }) => scheduleVisitReminders(db, now) },
    "prune-finished-jobs": { every: HOUR, run: ({ now }) => pruneFinishedJobs(new Date(now.getTime() - JOB_KEEP_DONE)) },
    // Requests past their answer deadline expire (slot freed, money back the way it came, both sides told).
    "expire-unanswered-requests": { every: MINUTE, run: async ({ now }) => void (await expireUnansweredRequests(now)) },
    // Visits AUTO_COMPLETE_AFTER_HOURS past their end (the reporting window), unmarked, are completed; those their
    // vendor marked completed or missed earlier get their pending money released. Either way it becomes available.
    "auto-complete-visits": {
      every: 15 * MINUTE,
      run: async ({ now }) => {
        await autoCompleteVisits(now);
        await releaseDueVisits(now);
      },
    },
    // Gifts past their expiry: what they still hold becomes the vendor's available money; gifts of closed or
    // suspended salons are refunded to their payers (docs/domain.md, "Gifts and offers").
    "gifts-expire-and-refund": {
      every: HOUR,
      run: async ({ now }) => {
        await releaseRunOutHolds(now);
        await expireGifts(now);
        // Visits of suspended salons not cancelled at once (a refund that could not be made) come first: what
        // they give back to gifts is then refunded with the rest.
        await cancelVisitsOfSuspendedVendors(now);
        await refundGiftsOfClosedVendors(now);
      },
    },
    // Stored objects no row names (a crash mid-upload or mid-delete), older than ORPHAN_OBJECT_GRACE, are deleted.
    "sweep-orphan-objects": { every: HOUR, run: async ({ now }) => void (await sweepOrphanObjects(now)) },
    // Vendors on automatic weekly payouts are paid their available balance on Mondays (one payout a week).
    "weekly-payouts": { every: HOUR, run: ({ db, now }) => scheduleWeeklyPayouts(db, now) },
    // Verification levels follow what vendors deliver (visits, ratings, cancellations): every vendor's is worked out again.
    "recompute-levels": { every: 6 * HOUR, run: async ({ now }) => void (await recomputeLevels(now)) },
  },
};
