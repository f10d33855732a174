// Every duration that background work and notifications depend on, in one place (milliseconds).
// Domain functions take `now` as an argument, so tests move time instead of waiting for it.

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** How long a runner may hold a claimed job before anyone else may take it again (its process may have died). */
export const JOB_LEASE = 2 * MINUTE;
/**
 * How long an SMTP delivery may wait on the provider: to connect, for its greeting, and for any answer (nodemailer's
 * defaults are 2, 0.5 and 10 minutes). A send that stalls fails and is retried, instead of outliving JOB_LEASE, after
 * which another runner would take the row and send it a second time while the first is still waiting.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15 * SECOND, greetingTimeout: 15 * SECOND, socketTimeout: 30 * SECOND };
/** How often an idle runner looks for due work. */
export const JOB_POLL_INTERVAL = 1 * SECOND;
/** Retries wait BASE, 2 x BASE, 4 x BASE ... up to MAX after a failure. */
export const JOB_RETRY_BASE = 30 * SECOND;
export const JOB_RETRY_MAX = 1 * HOUR;
/** A job that failed this many times stops being retried and stays with its last error for someone to read. */
export const JOB_MAX_ATTEMPTS = 10;
/** Finished jobs are kept this long (for looking into what happened), then deleted by a sweep. */
export const JOB_KEEP_DONE = 7 * DAY;

/** Customers are reminded of a confirmed visit this long before it starts (once each). */
export const REMINDERS_BEFORE_VISIT = [
  { name: "24h", before: 24 * HOUR },
  { name: "2h", before: 2 * HOUR },
] as const;
/**
 * A reminder whose moment passed more than this long ago (the visit was booked later, or no runner was up) is not
 * sent late: the next one, or the booking's own confirmation, already told the customer.
 */
export const REMINDER_LATE_LIMIT = 1 * HOUR;

/** A message to a phone (SMS or WhatsApp) is tried at most this many times, then it is marked failed (and falls back). */
export const PHONE_MESSAGE_TRIES = 3;
/**
 * Quiet hours, Lagos time: a 24 h reminder that would fall from 21:00 to 07:00 goes at 20:00 the evening before
 * (the 2 h one always goes at its time: the visit is near).
 */
export const QUIET_HOURS = { from: 21, until: 7, sendAt: 20 } as const;

/** A chat message still unread after this long is e-mailed to its recipient (once). */
export const UNREAD_MESSAGE_EMAIL_AFTER = 10 * MINUTE;

/**
 * A stored object no database row names is deleted by the orphan sweep once it is older than this: an upload
 * stores its objects before it writes its rows, and a photo's processing takes seconds, never an hour.
 */
export const ORPHAN_OBJECT_GRACE = 1 * HOUR;
