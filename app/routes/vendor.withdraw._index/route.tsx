import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorList, Field, FormMessages } from "~/components/forms";
import { SelectField, useSchemaForm } from "~/components/form-fields";
import { addBankAccount, BANKS, deleteBankAccount, listBankAccounts, maskAccount } from "~/models/money/bank-accounts.server";
import { startWithdrawal } from "~/models/money/withdrawals.server";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { payoutProvider } from "~/models/money/payouts.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireVendor } from "~/http/session.server";
import { getVendorTotals } from "~/models/money/ledger.server";
import { formatNaira } from "~/utils/money";
import { withdrawSchema } from "./schema";
import { MIN_WITHDRAWAL_KOBO } from "~/models/money/payout-rules";

// /vendor/withdraw: the amount, the saved bank accounts (add one; the delete icon really
// deletes it), and Continue, which creates a pending withdrawal, e-mails its code and goes to /vendor/withdraw/verify.

export const meta: MetaFunction = () => [{ title: "Withdraw | Vendor dashboard | Glow" }];

async function balanceOf(vendorId: number) {
  return (await getVendorTotals(vendorId)).balanceKobo;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request);
  const [balanceKobo, accounts] = await Promise.all([balanceOf(vendor.vendorId), listBankAccounts(vendor.vendorId)]);
  return data({
    balanceKobo,
    accounts: accounts.map((a) => ({ ...a, number: maskAccount(a.number) })),
    banks: BANKS,
    testMode: payoutProvider().testMode,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: withdrawSchema(await balanceOf(vendor.vendorId)) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;

  if (v.intent === "delete-account") {
    invariantResponse(await deleteBankAccount(vendor.vendorId, v.accountId), "We couldn't find that bank account among yours.", 404);
    return redirectWithSuccess("/vendor/withdraw", "Bank account deleted.", { status: 303 });
  }
  if (v.intent === "add-account") {
    const outcome = await addBankAccount(vendor.vendorId, { bankCode: v.bank, number: v.number, holder: v.holder });
    if (outcome.ok)
      return redirectWithSuccess(`/vendor/withdraw/account?id=${outcome.accountId}`, "We've e-mailed you a code to confirm this account.", { status: 303 });
    const message =
      outcome.reason === "duplicate"
        ? "You have already saved this account."
        : outcome.reason === "too-many"
          ? "You can save up to 10 accounts: delete one first."
          : "Choose your bank";
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  const started = await startWithdrawal(vendor.vendorId, { amountKobo: v.amount, bankAccountId: v.account });
  if (!started.ok) {
    if (started.reason === "no-account") throw new Response("We couldn't find that bank account among yours.", { status: 404 });
    const message =
      started.reason === "too-small"
        ? `The smallest withdrawal is ${formatNaira(MIN_WITHDRAWAL_KOBO)}.`
        : `You can withdraw at most your balance, ${formatNaira(started.balanceKobo)}.`;
    return redirectWithError("/vendor/withdraw", message, { status: 303 });
  }
  return redirect(`/vendor/withdraw/verify?id=${started.withdrawalId}`, { status: 303 });
}

export default function WithdrawPage() {
  const { balanceKobo, accounts, banks, testMode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = withdrawSchema(balanceKobo);
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
          <Field
            label="Amount (₦)"
            hint={`Up to ${formatNaira(balanceKobo)}`}
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
                        {a.number} · {a.holder}
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
          <button type="submit" className="btn btn--primary btn--block" disabled={accounts.length === 0}>
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
            <button type="submit" className="btn btn--outline">
              Save account
            </button>
          </Form>
        </details>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
