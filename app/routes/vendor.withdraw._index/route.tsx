import { getFormProps, getInputProps } from "@conform-to/react";
import { TestPayoutControls } from "~/components/test-payout-controls";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorList, Field, FormMessages } from "~/components/forms";
import { SelectField, useSchemaForm } from "~/components/form-fields";
import { addBankAccount, deleteBankAccount, listBankAccounts, maskAccount } from "~/models/money/bank-accounts.server";
import { listBanks } from "~/models/money/bank-list.server";
import { listWithdrawals, payoutsHeld, startWithdrawal } from "~/models/money/withdrawals.server";
import { refusalOf } from "~/http/refusal.server";
import { setTestPayoutOutcome } from "~/models/money/transfers.server";
import { WITHDRAWAL_STATUS_LABELS } from "~/models/money/withdrawal-labels";
import { transferFeeKobo } from "~/models/money/payout-rules";
import { formatDate, formatTime } from "~/utils/time";
import { getPayoutSchedule, setPayoutSchedule } from "~/models/money/weekly-payouts.server";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { payoutProvider } from "~/models/money/payouts.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireVendor } from "~/http/session.server";
import { getVendorTotals } from "~/models/money/ledger.server";
import { formatNaira } from "~/utils/money";
import { withdrawSchema } from "./schema";
import { auditRequest } from "~/http/audit.server";
import { MIN_WITHDRAWAL_KOBO } from "~/models/money/payout-rules";

// /vendor/withdraw: the amount, the saved bank accounts (add one; the delete icon really
// deletes it), and Continue, which creates a pending withdrawal, e-mails its code and goes to /vendor/withdraw/verify.
// Below: the withdrawals with their states (and, in test mode, buttons that make a test payout fail or be reversed).

export const meta: MetaFunction = () => [{ title: "Withdraw | Vendor dashboard | Glow" }];

async function balanceOf(vendorId: number) {
  return (await getVendorTotals(vendorId)).balanceKobo;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "money");
  const [balanceKobo, accounts, waiting, banks, withdrawals, schedule, held] = await Promise.all([
    balanceOf(vendor.vendorId),
    listBankAccounts(vendor.vendorId),
    listBankAccounts(vendor.vendorId, ["waiting", "refused"]),
    listBanks(),
    listWithdrawals(vendor.vendorId),
    getPayoutSchedule(vendor.vendorId),
    payoutsHeld(vendor.vendorId),
  ]);
  return data({
    // Why a withdrawal would be refused now (a suspension): said before the form is filled in, with no Continue.
    held,
    balanceKobo,
    accounts: accounts.map((a) => ({ ...a, number: maskAccount(a.number) })),
    waiting: waiting.map((a) => ({ ...a, number: maskAccount(a.number) })),
    banks,
    withdrawals,
    schedule,
    fees: { small: transferFeeKobo(1), medium: transferFeeKobo(500_001), large: transferFeeKobo(5_000_001) },
    testMode: payoutProvider().testMode,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "money");
  const formData = await readForm(request);
  const banks = await listBanks();
  const submission = parseWithZod(formData, {
    schema: withdrawSchema(
      await balanceOf(vendor.vendorId),
      banks.map((b) => b.code),
    ),
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;

  if (v.intent === "delete-account") {
    invariantResponse(await deleteBankAccount(vendor.vendorId, v.accountId), "We couldn't find that bank account among yours.", 404);
    await auditRequest(request, { actor: vendor, action: "bank-account.delete", record: { type: "bank-account", id: v.accountId }, vendorId: vendor.vendorId });
    return redirectWithSuccess("/vendor/withdraw", "Bank account deleted.", { status: 303 });
  }
  if (v.intent === "schedule") {
    await setPayoutSchedule(vendor.vendorId, v.schedule);
    return redirectWithSuccess(
      "/vendor/withdraw",
      v.schedule === "weekly"
        ? "Automatic payouts on: every Monday your available balance goes to your first account."
        : "Automatic payouts off: you withdraw when you choose.",
      { status: 303 },
    );
  }
  if (v.intent === "test-outcome") {
    const done = await setTestPayoutOutcome({ withdrawalId: v.withdrawalId, vendorId: vendor.vendorId, outcome: v.outcome });
    if (!done)
      return data(
        { result: submission.reply({ formErrors: ["Only a test payout that is processing or paid can be made to fail or be reversed."] }) },
        { status: 409 },
      );
    return redirectWithSuccess("/vendor/withdraw", `Test payout ${v.outcome}: the amount is back in your balance.`, { status: 303 });
  }
  if (v.intent === "add-account") {
    const outcome = await addBankAccount(vendor.vendorId, { bankCode: v.bank, number: v.number, holder: v.holder });
    if (outcome.ok) {
      await auditRequest(request, {
        actor: vendor,
        action: "bank-account.add",
        record: { type: "bank-account", id: outcome.accountId },
        vendorId: vendor.vendorId,
        detail: `Bank ${v.bank}, account ending ${v.number.slice(-4)}`,
      });
      return redirectWithSuccess(`/vendor/withdraw/account?id=${outcome.accountId}`, "We've e-mailed you a code to confirm this account.", { status: 303 });
    }
    const [message, status] =
      outcome.reason === "duplicate"
        ? ["You have already saved this account.", 400]
        : outcome.reason === "too-many"
          ? ["You can save up to 10 accounts: delete one first.", 400]
          : outcome.reason === "no-account"
            ? ["Your bank has no account with this number. Check the bank and the 10 digits.", 400]
            : outcome.reason === "unavailable"
              ? ["We couldn't reach the payment service to check this account. Nothing was saved; please try again in a moment.", 503]
              : ["Choose your bank", 400];
    return data({ result: submission.reply({ formErrors: [message] }) }, { status });
  }
  let started;
  try {
    started = await startWithdrawal(vendor.vendorId, { amountKobo: v.amount, bankAccountId: v.account });
  } catch (error) {
    // Held while the business is suspended: the only refusal it throws.
    const refused = refusalOf(error);
    return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
  }
  if (!started.ok) {
    if (started.reason === "no-account") throw new Response("We couldn't find that bank account among yours.", { status: 404 });
    const message =
      started.reason === "too-small"
        ? `The smallest withdrawal is ${formatNaira(MIN_WITHDRAWAL_KOBO)}.`
        : `You can withdraw at most your balance, ${formatNaira(started.balanceKobo)}.`;
    return redirectWithError("/vendor/withdraw", message, { status: 303 });
  }
  await auditRequest(request, {
    actor: vendor,
    action: "withdrawal.request",
    record: { type: "withdrawal", id: started.withdrawalId },
    vendorId: vendor.vendorId,
    detail: formatNaira(v.amount),
  });
  return redirect(`/vendor/withdraw/verify?id=${started.withdrawalId}`, { status: 303 });
}

export default function WithdrawPage() {
  const { balanceKobo, accounts, waiting, banks, withdrawals, schedule, fees, testMode, held } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = withdrawSchema(
    balanceKobo,
    banks.map((b) => b.code),
  );
  const lastResult = actionData?.result;
  // Each form shows only the outcome of its own submission.
  const resultFor = (intent: string) => (lastResult?.initialValue?.intent === intent ? lastResult : undefined);
  const [form, fields] = useSchemaForm(schema, {
    id: "withdraw",
    lastResult: resultFor("withdraw"),
    defaultValue: { intent: "withdraw", account: accounts.length === 1 ? accounts[0]!.id : undefined },
  });
  const [addForm, addFields] = useSchemaForm(schema, { id: "add-account", lastResult: resultFor("add-account"), defaultValue: { intent: "add-account" } });
  const addFailed = Boolean(resultFor("add-account"));
  // After a refused withdrawal its message says it already, above the form.
  const heldNote = held !== null && !resultFor("withdraw");
  return (
    <>
      <div className="dash-head">
        <div>
          <p className="dash-sub">
            <Link to="/vendor/finance">Finance</Link> / Withdraw
          </p>
          <h1>Withdraw</h1>
        </div>
      </div>
      {testMode ? (
        <p className="notice" role="note">
          Test mode: withdrawals go through Glow's built-in test provider and no real money moves.
        </p>
      ) : null}
      <div className="withdraw">
        <Form method="post" {...getFormProps(form)} className="card form">
          <input {...getInputProps(fields.intent, { type: "hidden" })} />
          <p className="withdraw__balance">
            <span>Balance</span> <strong>{formatNaira(balanceKobo)}</strong>
          </p>
          <FormMessages id={form.errorId} errors={form.errors} refused={resultFor("withdraw")?.error} />
          {heldNote ? (
            <p className="notice" role="note" id="withdraw-held">
              {held}
            </p>
          ) : null}
          <Field
            label="Amount (₦)"
            hint={`From ${formatNaira(MIN_WITHDRAWAL_KOBO)} up to ${formatNaira(balanceKobo)}. Transfer fee ${formatNaira(fees.small)} up to ₦5,000, ${formatNaira(fees.medium)} up to ₦50,000, ${formatNaira(fees.large)} above, taken from the amount.`}
            inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", placeholder: "e.g. 15000", autoComplete: "off" }}
            errors={fields.amount.errors}
          />
          <fieldset className="field">
            <legend className="field__label">Pay into</legend>
            {accounts.length === 0 ? <p className="dash-sub">Add a bank account below first.</p> : null}
            <ul className="accounts">
              {accounts.map((a) => (
                <li key={a.id} className="accounts__item">
                  <label className="accounts__choice">
                    <input type="radio" name={fields.account.name} value={a.id} defaultChecked={fields.account.initialValue === String(a.id)} required />
                    <span>
                      <strong>{a.bankName}</strong>
                      <span className="accounts__detail">
                        {a.number} · {a.resolvedName ?? a.holder}
                      </span>
                    </span>
                  </label>
                  {/* The delete form sits outside this one (forms cannot nest); the button points at it. */}
                  <button type="submit" form={`delete-account-${a.id}`} className="icon-btn" aria-label={`Delete ${a.bankName} account ${a.number}`}>
                    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
            <ErrorList id={fields.account.errorId} errors={fields.account.errors} />
          </fieldset>
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={accounts.length === 0 || held !== null}
            aria-describedby={heldNote ? "withdraw-held" : undefined}
          >
            Continue
          </button>
        </Form>
        {accounts.map((a) => (
          <Form key={a.id} method="post" id={`delete-account-${a.id}`} hidden>
            <input type="hidden" name="intent" value="delete-account" />
            <input type="hidden" name="accountId" value={a.id} />
          </Form>
        ))}
        <details className="card withdraw__add" open={accounts.length === 0 || addFailed}>
          <summary className="withdraw__add-toggle">Add a bank account</summary>
          <Form method="post" {...getFormProps(addForm)} className="form">
            <input {...getInputProps(addFields.intent, { type: "hidden" })} />
            <FormMessages id={addForm.errorId} errors={addForm.errors} refused={resultFor("add-account")?.error} />
            <SelectField field={addFields.bank} label="Bank" placeholder="Choose your bank" options={banks.map((b) => [b.code, b.name])} />
            <Field
              label="Account number"
              inputProps={{ ...getInputProps(addFields.number, { type: "text" }), inputMode: "numeric", autoComplete: "off", placeholder: "10 digits" }}
              errors={addFields.number.errors}
            />
            <Field
              label="Account holder's name"
              inputProps={{ ...getInputProps(addFields.holder, { type: "text" }), autoComplete: "name" }}
              errors={addFields.holder.errors}
            />
            <p className="dash-sub">
              We ask your bank for the name on the account and show it to you before you confirm with the code we e-mail.
              {testMode ? " Test mode: numbers starting 99 resolve to another person's name." : ""}
            </p>
            <button type="submit" className="btn btn--outline">
              Save account
            </button>
          </Form>
        </details>
        {waiting.length > 0 ? (
          <section className="card" aria-labelledby="waiting-title">
            <h2 id="waiting-title" className="card__title">
              Accounts waiting for approval
            </h2>
            <ul className="withdrawals">
              {waiting.map((a) => (
                <li key={a.id}>
                  {a.bankName} {a.number} · {a.resolvedName ?? a.holder}:{" "}
                  {a.approval === "waiting" ? "the bank's name is not the one on your profile, so Glow's team checks it first" : "refused by Glow's team"}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <section className="card withdraw__history" aria-labelledby="schedule-title">
        <h2 id="schedule-title" className="card__title">
          Automatic payouts
        </h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="schedule" />
          <fieldset className="field">
            <legend className="field__label">When you are paid</legend>
            <label className="accounts__choice">
              <input type="radio" name="schedule" value="manual" defaultChecked={schedule === "manual"} />
              <span>When I withdraw (with a code each time)</span>
            </label>
            <label className="accounts__choice">
              <input type="radio" name="schedule" value="weekly" defaultChecked={schedule === "weekly"} />
              <span>Every Monday: my whole available balance to my first account, if it is at least {formatNaira(MIN_WITHDRAWAL_KOBO)}</span>
            </label>
          </fieldset>
          <button type="submit" className="btn btn--outline">
            Save
          </button>
        </Form>
      </section>
      <section className="card withdraw__history" aria-labelledby="withdrawals-title">
        <h2 id="withdrawals-title" className="card__title">
          Your withdrawals
        </h2>
        {withdrawals.length === 0 ? <p className="dash-sub">No withdrawals yet.</p> : null}
        <ul className="withdrawals">
          {withdrawals.map((w) => (
            <li key={w.id} className="withdrawals__item">
              <p>
                <strong>{formatNaira(w.amountKobo)}</strong> to {w.bankName} {w.number} · {formatDate(w.createdAt)} at {formatTime(w.createdAt)}
              </p>
              <p>
                <span className={`status status--${w.status === "paid" ? "active" : w.status === "processing" ? "pending" : "paused"}`}>
                  {WITHDRAWAL_STATUS_LABELS[w.status]}
                </span>
                {w.failureReason ? ` (${w.failureReason})` : ""}
              </p>
              <p className="dash-sub">
                {[
                  w.reference ? `Reference ${w.reference}` : null,
                  w.sessionId ? `Session ID for your bank: ${w.sessionId}` : null,
                  w.feeKobo > 0 ? `Transfer fee ${formatNaira(w.feeKobo)}` : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {testMode && w.testOutcome ? <TestPayoutControls withdrawalId={w.id} status={w.status} /> : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
