import { Form } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { PROBLEM_REASON_MAX_LENGTH, PROBLEM_REASON_MIN_LENGTH } from "~/models/appointments/problem-rules";
import { formatDate, formatTime } from "~/utils/time";

export interface ReportedProblem {
  /** A problem with a visit, or the booker's dispute of the no-show the vendor marked. */
  kind: "problem" | "no_show_dispute";
  reason: string;
  reportedAt: string;
  resolution: "released" | "refunded" | "vendor_no_show" | null;
  /** Whether anything was paid through Glow (a pay-at-the-visit booking has no money with Glow to hold). */
  paid: boolean;
}

const OUTCOME: Record<"released" | "refunded" | "vendor_no_show", { paid: string; unpaid: string }> = {
  released: { paid: "Glow looked into it and released the payment to the vendor.", unpaid: "Glow looked into it and closed it: the visit is completed." },
  refunded: { paid: "Glow looked into it and refunded this visit.", unpaid: "Glow looked into it and cancelled this visit." },
  vendor_no_show: {
    paid: "Glow looked into it: the vendor did not come. What you paid goes back to you, and the visit is recorded as the vendor's no-show.",
    unpaid: "Glow looked into it: the vendor did not come. Nothing is charged, and the visit is recorded as the vendor's no-show.",
  },
};

/** The words of the box: a problem with a visit, or a dispute of the no-show the vendor marked (its own case). */
const WORDS = {
  problem: {
    open: "Report a problem",
    label: "What went wrong?",
    button: "Report this problem",
    hint: "The payment then stays with Glow until we have looked into it; the vendor sees what you write.",
    done: "Problem reported",
    said: "You reported on",
    waiting: {
      paid: "Glow is looking into it. The payment stays with us until we decide, and we will e-mail you both.",
      unpaid: "Glow is looking into it, and we will e-mail you both what we decide. Nothing is paid until then.",
    },
  },
  no_show_dispute: {
    open: "Dispute this no-show",
    label: "The vendor marked you as a no-show. What happened?",
    button: "Dispute this no-show",
    hint: "What the vendor would keep for the no-show then stays with Glow until we have looked into it; the vendor sees what you write. You can dispute it once.",
    done: "No-show disputed",
    said: "You disputed the no-show on",
    waiting: {
      paid: "Glow is looking into it. What the vendor would keep stays with us until we decide, and we will e-mail you both.",
      unpaid: "Glow is looking into it, and we will e-mail you both what we decide.",
    },
  },
} as const;

/**
 * The booker's "Report a problem" on an ended visit that is not completed yet, or "Dispute this no-show" on a visit
 * the vendor marked as a no-show (docs/domain.md "Reported problems"), or what became of it. A plain POST form: it
 * works without JavaScript.
 */
export function ReportProblem({
  appointmentRef,
  kind,
  problem,
  reportBy,
  errors,
  defaultReason,
}: {
  appointmentRef: string;
  /** What the form would send: a dispute when the vendor marked the visit a no-show. */
  kind: ReportedProblem["kind"];
  problem: ReportedProblem | null;
  /** Until when a problem may be reported; null when it may not be (now). */
  reportBy: string | null;
  errors: string[];
  /** What a refused report said, so it is not typed again (the page is server-rendered without JavaScript). */
  defaultReason?: string;
}) {
  if (problem) {
    const words = WORDS[problem.kind];
    return (
      <section id="problem" className="problem-box" aria-labelledby="problem-title" tabIndex={-1}>
        <h3 id="problem-title" className="booking__sub">
          {words.done}
        </h3>
        <p>
          {words.said} {formatDate(problem.reportedAt)}: <q>{problem.reason}</q>
        </p>
        <p className="notice">
          {problem.resolution ? OUTCOME[problem.resolution][problem.paid ? "paid" : "unpaid"] : words.waiting[problem.paid ? "paid" : "unpaid"]}
        </p>
      </section>
    );
  }
  if (!reportBy) return null;
  const words = WORDS[kind];
  return (
    <section id="problem" className="problem-box" aria-labelledby="problem-title" tabIndex={-1}>
      <details className="appt-more" open={errors.length > 0}>
        <summary className="btn btn--outline" id="problem-title">
          {words.open}
        </summary>
        <div className="appt-more__body">
          <Form method="post" action={`/user/appointment?tab=past&ref=${appointmentRef}#problem`} className="form">
            <ErrorList id="problem-errors" errors={errors} />
            <input type="hidden" name="intent" value="report" />
            <input type="hidden" name="ref" value={appointmentRef} />
            <label htmlFor="problem-reason" className="field__label">
              {words.label}
            </label>
            <textarea
              id="problem-reason"
              name="reason"
              className="input textarea"
              required
              minLength={PROBLEM_REASON_MIN_LENGTH}
              maxLength={PROBLEM_REASON_MAX_LENGTH}
              rows={3}
              defaultValue={defaultReason}
              aria-describedby="problem-hint"
              aria-invalid={errors.length > 0 ? true : undefined}
            />
            <p id="problem-hint" className="field__hint">
              Until {formatDate(reportBy)}, {formatTime(reportBy)}. {words.hint}
            </p>
            <button type="submit" className="btn btn--danger-solid">
              {words.button}
            </button>
          </Form>
        </div>
      </details>
    </section>
  );
}
