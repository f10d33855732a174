import { Form } from "@remix-run/react";

/**
 * The reminder where a missing e-mail confirmation blocks something ("Pay to vendor", messages), with "Send the
 * link again" (POST /confirm-email, back to this page).
 */
export function ConfirmEmailNotice({ redirectTo, blocks }: { redirectTo: string; blocks: string }) {
  return (
    <div className="notice" role="status">
      <p>Please confirm your e-mail address to {blocks}: open the link we e-mailed you when you signed up.</p>
      <Form method="post" action="/confirm-email">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" className="btn btn--outline btn--small">
          Send the link again
        </button>
      </Form>
    </div>
  );
}
