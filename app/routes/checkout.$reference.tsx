import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { getPayment, isTestMode, PAYMENT_REFERENCE, settlePayment } from "~/models/booking/payments.server";
import { refundsOfPayment } from "~/models/money/refunds.server";
import { getGiftPayment, settleGiftPayment } from "~/models/gifts/pay-gift.server";
import { giftLabel } from "~/models/gifts/gift-mails.server";
import { CHECKOUT_CHANNELS } from "~/models/money/paystack-channels";
import { bookingStyles as styles } from "~/components/booking-pages";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The channels Paystack's checkout offers (models/money/paystack.server.ts), mimicked here. */
const CHANNELS = CHECKOUT_CHANNELS;

export const meta: MetaFunction = () => [{ title: "TEST MODE checkout · Glow" }, { name: "robots", content: "noindex" }];

// The built-in test-mode provider's hosted checkout (app/models/booking/payments.server.ts). Like a real provider's page,
// whoever holds the unguessable reference may complete it. It exists only while no real provider is configured.
async function findPayment(params: LoaderFunctionArgs["params"]) {
  invariantResponse(isTestMode(), "There is no test checkout: payments go through the real provider.", 404);
  const reference = params.reference ?? "";
  invariantResponse(PAYMENT_REFERENCE.test(reference), "We couldn't find that payment.", 404);
  const payment = await getPayment(reference);
  invariantResponse(payment, "We couldn't find that payment.", 404);
  return payment;
}

// A gift's payment (app/models/gifts/pay-gift.server.ts) has a reference of the same form, in a table of its own.
async function findGiftPayment(params: LoaderFunctionArgs["params"]) {
  invariantResponse(isTestMode(), "There is no test checkout: payments go through the real provider.", 404);
  const reference = params.reference ?? "";
  return PAYMENT_REFERENCE.test(reference) ? getGiftPayment(reference) : undefined;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const gift = await findGiftPayment(params);
  if (gift)
    return data({
      reference: gift.reference,
      status: gift.status,
      amountKobo: gift.amount_kobo,
      serviceTitle: `A gift: ${giftLabel(gift)}`,
      businessName: `${gift.business_name}, for ${gift.recipient_name}`,
      startsAt: null,
      refunds: [],
    });
  const payment = await findPayment(params);
  const a = payment.appointment;
  return data({
    reference: payment.reference,
    status: payment.status,
    amountKobo: payment.amount_kobo,
    serviceTitle: a.service_title,
    businessName: a.business_name,
    startsAt: a.starts_at,
    refunds: (await refundsOfPayment(payment.reference)).map((r) => ({ amountKobo: r.amount_kobo, at: r.created_at, reference: r.provider_reference })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const gift = await findGiftPayment(params);
  const payment = gift ?? (await findPayment(params));
  const form = await readForm(request);
  const intent = form.get("intent");
  invariantResponse(intent === "succeed" || intent === "fail", "Please use the page's buttons.", 400);
  const channel = form.get("channel") ?? "card";
  invariantResponse(typeof channel === "string" && (CHANNELS as readonly string[]).includes(channel), "Choose card, bank transfer or USSD.", 400);
  if (gift) {
    const verdict = { reference: gift.reference, status: intent === "succeed" ? "success" : "failed", amountKobo: gift.amount_kobo, currency: "NGN" } as const;
    await settleGiftPayment({ ...verdict, refuseIfClosed: true });
    return redirect(`/payment/return?reference=${gift.reference}`, 303);
  }
  await settlePayment({
    reference: payment.reference,
    status: intent === "succeed" ? "success" : "failed",
    amountKobo: payment.amount_kobo,
    currency: "NGN",
    channel,
    refuseIfClosed: true,
  });
  return redirect(`/payment/return?reference=${payment.reference}`, 303);
}

export default function TestCheckout() {
  const p = useLoaderData<typeof loader>();
  return (
    <div className="container booking checkout">
      <p className="test-banner" role="note">
        <strong>TEST MODE</strong> This is Glow&rsquo;s built-in test checkout. No real money moves and no card is needed.
      </p>
      <section className="card checkout__card" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Pay {formatNaira(p.amountKobo)}</h1>
        <p className="booking-service__meta">
          {p.serviceTitle} at {p.businessName}
          {p.startsAt ? `, ${formatDate(p.startsAt)} at ${formatTime(p.startsAt)}` : ""}
        </p>
        <p className="summary__total">
          <span>Total</span>
          <strong>{formatNaira(p.amountKobo)}</strong>
        </p>
        {p.status === "pending" ? (
          <Form method="post" className="checkout__actions">
            <fieldset className="field">
              <legend className="field__label">Pay with</legend>
              <label className="checkout__channel">
                <input type="radio" name="channel" value="card" defaultChecked /> Card
              </label>
              <label className="checkout__channel">
                <input type="radio" name="channel" value="bank_transfer" /> Bank transfer: send {formatNaira(p.amountKobo)} from your bank app to TEST BANK
                0000000000 (the account lives 30 minutes)
              </label>
              <label className="checkout__channel">
                <input type="radio" name="channel" value="ussd" /> USSD: dial *737*000*0000# (test)
              </label>
            </fieldset>
            <button type="submit" name="intent" value="succeed" className="btn btn--primary btn--block">
              Pay {formatNaira(p.amountKobo)} (test: succeeds)
            </button>
            <button type="submit" name="intent" value="fail" className="btn btn--outline btn--block">
              Fail this payment (test)
            </button>
          </Form>
        ) : (
          <p className="notice">This payment has already {p.status === "succeeded" ? "succeeded" : "failed"}.</p>
        )}
        {p.refunds.length > 0 ? (
          <section aria-labelledby="refunds-title">
            <h2 id="refunds-title" className="booking__sub">
              Refunds (test mode)
            </h2>
            <ul className="checkout__refunds">
              {p.refunds.map((r) => (
                <li key={r.reference ?? r.at}>
                  {formatNaira(r.amountKobo)} refunded on {formatDate(r.at)} at {formatTime(r.at)} (reference {r.reference})
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
