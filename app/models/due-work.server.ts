import { HOUR, JOB_KEEP_DONE } from "./due-times";
import { pruneFinishedJobs, type DueWork } from "./jobs.server";
import { MAIL_DELIVERY, mailDelivery } from "./mail.server";

// Everything that runs in the background, in one list. A one-off job is scheduled with `scheduleJob(db, { kind,
// key, runAt, payload })` and handled by the entry of its kind below; a sweep runs every `every` ms (once per
// interval across all processes) and gets `now`, so the domain function it calls is tested with any clock.
// Handlers and sweeps belong to their domain modules; this file only says what runs.

export const dueWork: DueWork = {
  jobs: {
    [MAIL_DELIVERY]: mailDelivery,
  },
  sweeps: {
    "prune-finished-jobs": { every: HOUR, run: ({ now }) => pruneFinishedJobs(new Date(now.getTime() - JOB_KEEP_DONE)) },
  },
};
