import { Form } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { PROBLEM_REASON_MAX_LENGTH, PROBLEM_REASON_MIN_LENGTH } from "~/models/appointments/problem-rules";
import { formatDate, formatTime } from "~/utils/time";

export interface ReportedProblem {
  reason: string;
  reportedAt: string;
  resolution: "released" | "refunded" | null;
}

const OUTCOME: Record<"released" | "refunded", string> = {
  released: "Glow looked into it and released the payment to the vendor.",
  refunded: "Glow looked into it and refunded this visit.",
};

/**
 * The booker's "Report a problem" on an ended visit that is not completed yet (docs/domain.md "Reported problems"),
 * or what became of the problem they reported. A plain POST form: it works without JavaScript.
 */
export function ReportProblem({
  appointmentRef,
  problem,
  reportBy,
  errors,
  defaultReason,
}: {
  appointmentRef: string;
  problem: ReportedProblem | null;
  /** Until when a problem may be reported; null when it may not be (now). */
  reportBy: string | null;
  errors: string[];
  /** What a refused report said, so it is not typed again (the page is server-rendered without JavaScript). */
  defaultReason?: string;
}) {
  if (problem) {
    return (
      <section id="problem" className="problem-box" aria-labelledby="problem-title" tabIndex={-1}>
        <h3 id="problem-title" className="booking__sub">
          Problem reported
        </h3>
        <p>
          You reported on {formatDate(problem.reportedAt)}: <q>{problem.reason}</q>
        </p>
        <p className="notice">
          {problem.resolution
            ? OUTCOME[problem.resolution]
            : "Glow is looking into it. The payment stays with us until we decide, and we will e-mail you both."}
        </p>
      </section>
    );
  }
  if (!reportBy) return null;
  return (
    <section id="problem" className="problem-box" aria-labelledby="problem-title" tabIndex={-1}>
      <details className="appt-more" open={errors.length > 0}>
        <summary className="btn btn--outline" id="problem-title">
          Report a problem
        </summary>
        <div className="appt-more__body">
          <Form method="post" action={`/user/appointment?tab=past&ref=${appointmentRef}#problem`} className="form">
            <ErrorList id="problem-errors" errors={errors} />
            <input type="hidden" name="intent" value="report" />
            <input type="hidden" name="ref" value={appointmentRef} />
            <label htmlFor="problem-reason" className="field__label">
              What went wrong?
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
              Until {formatDate(reportBy)}, {formatTime(reportBy)}. The payment then stays with Glow until we have looked into it; the vendor sees what you
              write.
            </p>
            <button type="submit" className="btn btn--danger-solid">
              Report this problem
            </button>
          </Form>
        </div>
      </details>
    </section>
  );
}
