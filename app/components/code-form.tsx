import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CodeBoxes } from "~/components/code-boxes";
import { formatTime } from "~/utils/time";

// The form that asks for an e-mailed 6-digit code (a withdrawal, a new bank account): the same words, boxes and
// hints on every page that asks for one. A plain POST with intent "verify" and the boxes' `code` parts, read by
// VerifySchema (app/routes/vendor.withdraw.verify/schema.ts).

const tries = (n: number) => `${n} ${n === 1 ? "try" : "tries"} left.`;

/** The message for a wrong code, with the tries that are left. */
export const wrongCodeMessage = (triesLeft: number) => `That code is not right. ${tries(triesLeft)}`;

/**
 * The frame of a page that asks for an e-mailed code: the way back through Finance and Withdraw, the heading, the
 * page's notice, and a card saying what the code is for (`what`) above the page's form or outcome (`children`).
 */
export function CodePage({ step, title, notice, what, children }: { step: string; title: string; notice?: ReactNode; what: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className="dash-head">
        <div>
          <p className="dash-sub">
            <Link to="/vendor/finance">Finance</Link> / <Link to="/vendor/withdraw">Withdraw</Link> / {step}
          </p>
          <h1>{title}</h1>
        </div>
      </div>
      {notice}
      <div className="card verify">
        <p className="verify__what">{what}</p>
        {children}
      </div>
    </>
  );
}

export function CodeForm({ error, expiresAt, triesLeft, submitLabel }: { error?: string; expiresAt: string | null; triesLeft: number; submitLabel: string }) {
  return (
    <>
      <p>We've sent a 6 digit number to you via mail kindly input below</p>
      {/* A new key after each refusal empties the boxes for the next try. */}
      <Form method="post" className="form" key={error ?? "code"}>
        <input type="hidden" name="intent" value="verify" />
        <CodeBoxes error={error} />
        <p className="field__hint">
          The code expires at {expiresAt ? formatTime(expiresAt) : "—"}. {tries(triesLeft)}
        </p>
        <button type="submit" className="btn btn--primary btn--block">
          {submitLabel}
        </button>
      </Form>
    </>
  );
}
