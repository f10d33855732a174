import { Form } from "@remix-run/react";

/**
 * Test mode only: the buttons that make a test payout fail or be reversed, so every state of a withdrawal can be
 * reached by hand (docs/domain.md, money). The vendor's withdraw page and the operator's payouts page both show them.
 */
export function TestPayoutControls({ withdrawalId, status }: { withdrawalId: number; status: string }) {
  return (
    <Form method="post" className="withdrawals__test">
      <input type="hidden" name="intent" value="test-outcome" />
      <input type="hidden" name="withdrawalId" value={withdrawalId} />
      <button type="submit" name="outcome" value="failed" className="btn btn--ghost btn--small">
        Test: make it fail
      </button>
      {status === "paid" ? (
        <button type="submit" name="outcome" value="reversed" className="btn btn--ghost btn--small">
          Test: make it reversed
        </button>
      ) : null}
    </Form>
  );
}
