import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { CodeForm, CodePage, wrongCodeMessage } from "~/components/code-form";
import { assertSameOrigin, idQueryParam, invariantResponse, readForm } from "~/utils/http.server";
import { maskAccount } from "~/models/money/bank-accounts.server";
import { lockoutMessage } from "~/models/money/confirmation-codes.server";
import { getWithdrawal, resendCode, verifyWithdrawal } from "~/models/money/withdrawals.server";
import { refusalOf } from "~/http/refusal.server";
import { payoutProvider } from "~/models/money/payouts.server";
import { WITHDRAWAL_STATUS_LABELS } from "~/models/money/withdrawal-labels";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireVendor } from "~/http/session.server";
import { formatNaira } from "~/utils/money";
import { CODE_MESSAGE, readCodeForm } from "./schema";
import { auditRequest } from "~/http/audit.server";

// /vendor/withdraw/verify?id=: the six-box code entry. The withdrawal is executed
// only by the right code, in time and within the allowed tries; the code can be sent again.

export const meta: MetaFunction = () => [{ title: "Verify withdrawal | Vendor dashboard | Glow" }];

const NOT_FOUND = "We couldn't find that withdrawal.";

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "money");
  const w = await getWithdrawal(vendor.vendorId, idQueryParam(request, NOT_FOUND));
  invariantResponse(w, NOT_FOUND, 404);
  return data({ withdrawal: { ...w, number: maskAccount(w.number) }, testMode: payoutProvider().testMode });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "money");
  const id = idQueryParam(request, NOT_FOUND);
  const formData = await readForm(request);
  const parsed = readCodeForm(formData);
  const here = `/vendor/withdraw/verify?id=${id}`;
  if (!parsed.success) return data({ error: CODE_MESSAGE }, { status: 400 });

  if (parsed.data.intent === "resend") {
    const sent = await resendCode(vendor.vendorId, id);
    if (sent.ok) return redirectWithSuccess(here, "We've sent you a new code. The old one no longer works.", { status: 303 });
    invariantResponse(sent.reason !== "not-found", NOT_FOUND, 404);
    if (sent.reason === "limit")
      return redirectWithError(here, "You've had the most codes we send for one withdrawal. Start a new withdrawal if you need to.", { status: 303 });
    return redirectWithError("/vendor/withdraw", "That withdrawal is no longer waiting for a code.", { status: 303 });
  }

  let result;
  try {
    result = await verifyWithdrawal(vendor.vendorId, id, parsed.data.code);
  } catch (error) {
    // Held while the business is suspended: the only refusal it throws.
    return data({ error: refusalOf(error).message }, { status: refusalOf(error).status });
  }
  if (result.ok) {
    await auditRequest(request, {
      actor: vendor,
      action: "withdrawal.verify",
      record: { type: "withdrawal", id },
      vendorId: vendor.vendorId,
      detail: formatNaira(result.amountKobo),
    });
    const after = await getWithdrawal(vendor.vendorId, id);
    const message =
      after?.status === "paid"
        ? `Withdrawal of ${formatNaira(result.amountKobo)} paid to your bank.`
        : `Withdrawal of ${formatNaira(result.amountKobo)} is on its way to your bank.`;
    return redirectWithSuccess("/vendor/withdraw", message, { status: 303 });
  }
  switch (result.reason) {
    case "not-found":
      throw new Response(NOT_FOUND, { status: 404 });
    case "wrong":
      return data({ error: wrongCodeMessage(result.triesLeft) }, { status: 400 });
    case "locked":
      return data({ error: lockoutMessage(result.retryAt) }, { status: 429 });
    case "expired":
      return data({ error: "That code has expired. Send a new code below." }, { status: 400 });
    case "done":
      return redirectWithSuccess("/vendor/withdraw", "This withdrawal has already been sent: its state is below.", { status: 303 });
    case "cancelled":
      return redirectWithError("/vendor/withdraw", "Too many wrong codes, so this withdrawal was cancelled. Please start again.", { status: 303 });
    case "account-gone":
      return redirectWithError("/vendor/withdraw", "That bank account was deleted, so this withdrawal was cancelled. Please start again.", { status: 303 });
    case "insufficient":
      return redirectWithError("/vendor/withdraw", "Your balance is now lower than this withdrawal, so it was cancelled. Please start again.", { status: 303 });
  }
}

export default function VerifyWithdrawalPage() {
  const { withdrawal: w, testMode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <CodePage
      step="Verify"
      title="Verify withdrawal"
      notice={
        testMode ? (
          <p className="notice" role="note">
            Test mode: no real money moves.
          </p>
        ) : null
      }
      what={
        <>
          {formatNaira(w.amountKobo)} to {w.bankName} {w.number}
          {w.feeKobo > 0 ? ` (transfer fee ${formatNaira(w.feeKobo)}: your bank receives ${formatNaira(w.amountKobo - w.feeKobo)})` : ""}
        </>
      }
    >
      {w.status === "pending" ? (
        <>
          <CodeForm error={error} expiresAt={w.codeExpiresAt} triesLeft={w.triesLeft} submitLabel="Verify" />
          <Form method="post" className="verify__resend">
            <input type="hidden" name="intent" value="resend" />
            <span>Didn't get it?</span>
            <button type="submit" className="btn btn--ghost btn--small" disabled={w.resendsLeft === 0}>
              Send a new code
            </button>
          </Form>
        </>
      ) : (
        <p>
          This withdrawal is {WITHDRAWAL_STATUS_LABELS[w.status].toLowerCase()}. <Link to="/vendor/withdraw">See your withdrawals</Link>
        </p>
      )}
    </CodePage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
