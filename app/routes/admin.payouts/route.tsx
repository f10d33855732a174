import { parseWithZod } from "@conform-to/zod/v4";
import { AdminNav } from "~/components/admin-nav";
import { TestPayoutControls } from "~/components/test-payout-controls";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import styles from "~/styles/dashboard.css";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireAdmin } from "~/http/session.server";
import { accountsAwaitingApproval, decideBankAccount, paymentByReference, paymentProblems, payoutsByState } from "~/models/money/payouts-overview.server";
import { verifyPayment } from "~/models/booking/reconcile.server";
import { refundMismatchedPayment } from "~/models/booking/mismatch-refund.server";
import { paymentProviderView, transferProviderView } from "~/models/money/provider-view.server";
import { auditRequest } from "~/http/audit.server";
import { refusalOf } from "~/http/refusal.server";
import { ProviderView } from "./provider-view";
import { payoutProvider } from "~/models/money/payouts.server";
import { setTestPayoutOutcome } from "~/models/money/transfers.server";
import { PAYMENT_REFERENCE_INPUT, PayoutsActionSchema, STATES } from "./schema";

// /admin/payouts: the operator's view of money moving (docs/domain.md "Money"): withdrawals by state, bank accounts
// waiting for approval, payments whose amount did not match, and any payment by its reference with "Verify now",
// which asks the provider at once and applies its answer (the same function as the return page and the checks).

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Payouts and payments | Glow admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const wanted = params.get("state") ?? "processing";
  const state = (STATES as readonly string[]).includes(wanted) ? (wanted as (typeof STATES)[number]) : "processing";
  const rawReference = params.get("reference");
  const reference = rawReference?.trim().toLowerCase() ?? "";
  const badReference = rawReference !== null && !PAYMENT_REFERENCE_INPUT.test(reference);
  const searched = rawReference !== null && !badReference;
  const [payouts, accounts, problems, payment, paymentView] = await Promise.all([
    payoutsByState(state),
    accountsAwaitingApproval(),
    paymentProblems(),
    searched ? paymentByReference(reference) : Promise.resolve(undefined),
    searched ? paymentProviderView(reference) : Promise.resolve(undefined),
  ]);
  // Not a payment: perhaps a withdrawal's transfer reference (glow-withdrawal-...).
  const transfer = searched && !payment ? await transferProviderView(reference) : undefined;
  const status = wanted !== state || badReference ? 400 : rawReference !== null && !payment && !transfer ? 404 : 200;
  return data(
    {
      state,
      stateRefused: wanted !== state,
      payouts,
      accounts,
      problems,
      search:
        rawReference === null
          ? null
          : { reference: rawReference.slice(0, 60), bad: badReference, payment: payment ?? null, paymentView: paymentView ?? null, transfer: transfer ?? null },
      testMode: payoutProvider().testMode,
    },
    { status },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: PayoutsActionSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please use the page's buttons.";
    return redirectWithError("/admin/payouts", message, { status: 303 });
  }
  const v = submission.value;
  if (v.intent === "approve" || v.intent === "refuse") {
    const done = await decideBankAccount(v.accountId, v.intent === "approve" ? "approved" : "refused");
    if (!done) return redirectWithError("/admin/payouts", "That account is no longer waiting for approval.", { status: 303 });
    return redirectWithSuccess("/admin/payouts", v.intent === "approve" ? "Approved. The vendor was e-mailed." : "Refused. The vendor was e-mailed.", {
      status: 303,
    });
  }
  if (v.intent === "refund") {
    const back = `/admin/payouts?reference=${v.reference}`;
    try {
      const done = await refundMismatchedPayment(v.reference);
      if (!done.refunded) return redirectWithError(back, "This payment was already refunded; nothing more was sent.", { status: 303 });
      await auditRequest(request, {
        actor: admin,
        action: "payment.refund",
        record: { type: "payment", id: v.reference },
        vendorId: done.vendorId,
        detail: `${formatNaira(done.amountKobo)} of booking ${done.appointmentRef} refunded to its payer (${done.refundReference})`,
      });
      return redirectWithSuccess(back, `Refunded ${formatNaira(done.amountKobo)} to the payer, who was e-mailed.`, { status: 303 });
    } catch (error) {
      return redirectWithError(back, refusalOf(error).message, { status: 303 });
    }
  }
  if (v.intent === "verify") {
    const back = `/admin/payouts?reference=${v.reference}`;
    const check = await verifyPayment(v.reference);
    if (!check) return redirectWithError(back, "There is no payment with that reference.", { status: 303 });
    if (check.unreachable) return redirectWithError(back, "The payment service could not be reached. Nothing changed; try again in a moment.", { status: 303 });
    return redirectWithSuccess(back, `Verified with the provider: the payment is ${check.status}.`, { status: 303 });
  }
  const done = await setTestPayoutOutcome({ withdrawalId: v.withdrawalId, outcome: v.outcome });
  if (!done) return redirectWithError("/admin/payouts", "Only a test payout that is processing or paid can be made to fail or be reversed.", { status: 303 });
  return redirectWithSuccess(`/admin/payouts?state=${v.outcome}`, `Test payout ${v.outcome}: the amount is back in the vendor's balance.`, { status: 303 });
}

export default function AdminPayoutsPage() {
  const { state, stateRefused, payouts, accounts, problems, search, testMode } = useLoaderData<typeof loader>();
  return (
    <section className="page container">
      <AdminNav />
      <div className="dash-head">
        <div>
          <h1>Payouts and payments</h1>
          <p className="dash-sub">Withdrawals to vendors&rsquo; banks, accounts waiting for approval, and payments that need a look.</p>
        </div>
      </div>
      {testMode ? (
        <p className="notice" role="note">
          Test mode: payouts go through Glow&rsquo;s built-in test provider and no real money moves.
        </p>
      ) : null}

      <section className="card" aria-labelledby="find-title">
        <h2 id="find-title" className="card__title">
          Find a payment
        </h2>
        <Form method="get" className="form">
          <div className="field">
            <label className="field__label" htmlFor="reference">
              Payment or transfer reference
            </label>
            <input id="reference" name="reference" className="input" defaultValue={search?.reference ?? ""} required maxLength={60} placeholder="glw-..." />
          </div>
          <button type="submit" className="btn btn--outline">
            Find
          </button>
        </Form>
        {search?.bad ? (
          <p className="notice notice--error" role="alert">
            A payment reference has letters, digits and dashes, e.g. glw-...
          </p>
        ) : search && !search.payment && !search.transfer ? (
          <p className="notice notice--error" role="alert">
            There is no payment or transfer with that reference.
          </p>
        ) : search?.payment ? (
          <div className="notice payout-found">
            <p>
              <strong>{search.payment.reference}</strong>: {search.payment.status}, {formatNaira(search.payment.amount_kobo)} through {search.payment.provider}
              {search.payment.channel ? ` (${search.payment.channel})` : ""}, {search.payment.source === "link" ? "paid by link" : "by the customer"}
              {search.payment.payer_email ? `, ${search.payment.payer_email}` : ""}.
            </p>
            <p>
              Booking {search.payment.ref} at {search.payment.business_name}: {search.payment.appointment_status}, {search.payment.payment_status}. Started{" "}
              {formatDate(search.payment.created_at)} at {formatTime(search.payment.created_at)}
              {search.payment.checked_at
                ? `; last asked the provider ${formatDate(search.payment.checked_at)} at ${formatTime(search.payment.checked_at)}`
                : ""}
              .
            </p>
            {search.payment.problem ? <p>{search.payment.problem}</p> : null}
            {search.payment.refund_reference ? <p>Refunded to the payer: {search.payment.refund_reference}</p> : null}
            {search.paymentView ? <ProviderView view={search.paymentView} what="payment" /> : null}
            <div className="withdrawals__test">
              <Form method="post">
                <input type="hidden" name="intent" value="verify" />
                <input type="hidden" name="reference" value={search.payment.reference} />
                <button type="submit" className="btn btn--primary btn--small">
                  Verify now
                </button>
              </Form>
              {search.payment.status === "mismatch" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="refund" />
                  <input type="hidden" name="reference" value={search.payment.reference} />
                  <button type="submit" className="btn btn--outline btn--danger btn--small">
                    Refund all of it to the payer
                  </button>
                </Form>
              ) : null}
            </div>
          </div>
        ) : search?.transfer ? (
          <div className="notice payout-found">
            <p>
              <strong>{search.transfer.withdrawal.reference}</strong>: withdrawal of {formatNaira(search.transfer.withdrawal.amountKobo)} by{" "}
              {search.transfer.withdrawal.businessName} (transfer fee {formatNaira(search.transfer.withdrawal.feeKobo)}), {search.transfer.withdrawal.status}.
            </p>
            <ProviderView view={search.transfer.view} what="transfer" />
          </div>
        ) : null}
      </section>

      <section className="card withdraw__history" aria-labelledby="problems-title">
        <h2 id="problems-title" className="card__title">
          Payments that need a look
        </h2>
        {problems.length === 0 ? <p className="dash-sub">None.</p> : null}
        <ul className="withdrawals">
          {problems.map((p) => (
            <li key={p.reference} className="withdrawals__item">
              <p>
                <Link to={`/admin/payouts?reference=${p.reference}`}>{p.reference}</Link> · booking {p.ref} · {p.payer_email ?? "no e-mail"}
              </p>
              <p className="dash-sub">{p.problem}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="card withdraw__history" aria-labelledby="accounts-title">
        <h2 id="accounts-title" className="card__title">
          Bank accounts waiting for approval
        </h2>
        {accounts.length === 0 ? <p className="dash-sub">None.</p> : null}
        <ul className="withdrawals">
          {accounts.map((a) => (
            <li key={a.id} className="withdrawals__item">
              <p>
                <strong>{a.businessName}</strong> ({a.profileName}): {a.bank}
              </p>
              <p className="dash-sub">
                The bank says: {a.resolvedName ?? "no name"} · typed: {a.typedHolder}
              </p>
              <div className="withdrawals__test">
                <Form method="post">
                  <input type="hidden" name="accountId" value={a.id} />
                  <button type="submit" name="intent" value="approve" className="btn btn--primary btn--small">
                    Approve
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="accountId" value={a.id} />
                  <button type="submit" name="intent" value="refuse" className="btn btn--outline btn--danger btn--small">
                    Refuse
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="card withdraw__history" aria-labelledby="payouts-title">
        <h2 id="payouts-title" className="card__title">
          Payouts
        </h2>
        {stateRefused ? (
          <p className="notice notice--error" role="alert">
            There is no such state; showing processing payouts.
          </p>
        ) : null}
        <nav className="tabs" aria-label="Payouts by state">
          {STATES.map((s) => (
            <Link key={s} to={`/admin/payouts?state=${s}`} className="tabs__tab" aria-current={s === state ? "page" : undefined}>
              {s[0]!.toUpperCase() + s.slice(1)} ({payouts.counts[s]})
            </Link>
          ))}
        </nav>
        {payouts.items.length === 0 ? <p className="dash-sub">No {state} payouts.</p> : null}
        <ul className="withdrawals">
          {payouts.items.map((w) => (
            <li key={w.id} className="withdrawals__item">
              <p>
                <strong>{formatNaira(w.amountKobo)}</strong> to {w.businessName}, {w.bank} · {formatDate(w.createdAt)} at {formatTime(w.createdAt)}
              </p>
              <p className="dash-sub">
                {w.status[0]!.toUpperCase() + w.status.slice(1)} · reference {w.reference ?? "none"}
                {w.sessionId ? ` · session ${w.sessionId}` : ""}
                {w.failureReason ? ` · ${w.failureReason}` : ""}
              </p>
              {testMode && w.testOutcome ? <TestPayoutControls withdrawalId={w.id} status={w.status} /> : null}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
