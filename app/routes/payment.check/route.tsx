import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { bookingStyles as styles } from "~/components/booking-pages";
import { GeneralErrorBoundary } from "~/components/common";
import { paymentCheckRules } from "~/models/booking/payment-checks";
import { getPayment, PAYMENT_REFERENCE } from "~/models/booking/payments.server";
import { verifyPayment } from "~/models/booking/reconcile.server";
import { consumeRateLimits, rateLimitMessage } from "~/models/system/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { getEnv } from "~/utils/env.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "I paid but it says pending · Glow" }, { name: "robots", content: "noindex" }];

// GET /payment/check?reference=glw-...: "I paid but it says pending". Anyone holding a payment's reference (it is on
// the receipt and in the address the provider sent them back to) may ask us to verify it with the provider at once.
// A plain GET form, so it works without JavaScript; like the return page, asking applies the provider's verdict and
// nothing else (docs/domain.md "Money"). Each ask reaches the provider, so it is rate limited.

type Checked = {
  state: "checked";
  reference: string;
  status: string;
  unreachable: boolean;
  amountKobo: number;
  serviceTitle: string;
  businessName: string;
  vendorId: number;
  startsAt: string;
  bookingRef: string;
  viaLink: boolean;
  payToken: string;
};
type PageData = { state: "form" } | { state: "refused"; message: string; reference: string } | Checked;

function supportEmail(): string {
  return `support@${new URL(getEnv().APP_URL).hostname}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const support = supportEmail();
  const raw = new URL(request.url).searchParams.get("reference");
  if (raw === null) return data({ page: { state: "form" } as PageData, support });
  const reference = raw.trim().toLowerCase();
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    data({ page: { state: "refused", message, reference: raw.slice(0, 40) } as PageData, support }, { status, headers });
  if (!PAYMENT_REFERENCE.test(reference))
    return refuse("That isn't a Glow payment reference. It starts with glw- and is on your receipt and in Paystack's e-mail.", 400);
  const verdict = await consumeRateLimits(paymentCheckRules(clientIp(request), reference));
  if (!verdict.allowed) return refuse(rateLimitMessage(verdict.retryAfterSeconds), 429, { "Retry-After": String(verdict.retryAfterSeconds) });
  const check = await verifyPayment(reference);
  const payment = check ? await getPayment(reference) : undefined;
  if (!check || !payment) return refuse("We couldn't find a payment with that reference. Please check it on your receipt.", 404);
  const a = payment.appointment;
  const page: Checked = {
    state: "checked",
    reference,
    status: check.status,
    unreachable: check.unreachable,
    amountKobo: payment.amount_kobo,
    serviceTitle: a.service_title,
    businessName: a.business_name,
    vendorId: a.vendor_id,
    startsAt: a.starts_at,
    bookingRef: a.ref,
    viaLink: payment.source === "link",
    payToken: payment.pay_token,
  };
  return data({ page: page as PageData, support }, { status: check.unreachable ? 503 : 200 });
}

function Outcome({ p }: { p: Checked }) {
  const what = `${formatNaira(p.amountKobo)} for ${p.serviceTitle} at ${p.businessName}, ${formatDate(p.startsAt)} at ${formatTime(p.startsAt)}`;
  const booking = p.viaLink ? `/pay/${p.payToken}` : `/user/appointment?ref=${p.bookingRef}`;
  if (p.status === "succeeded")
    return (
      <div className="notice" role="status">
        <p>
          <strong>Payment confirmed.</strong> We have your payment of {what}.
        </p>
        <p>
          <Link to={booking}>See the booking</Link>
        </p>
      </div>
    );
  if (p.status === "refunded")
    return (
      <div className="notice" role="status">
        <p>
          <strong>Your payment is being refunded.</strong> It arrived when the booking could no longer take it, so all {formatNaira(p.amountKobo)} is on its way
          back to the card or account you paid with.
        </p>
      </div>
    );
  if (p.status === "mismatch")
    return (
      <div className="notice notice--error" role="status">
        <p>
          <strong>The amount paid did not match the booking</strong>, so it was not applied. Glow&rsquo;s team has been told and will sort it out with you.
        </p>
      </div>
    );
  if (p.status === "failed")
    return (
      <div className="notice notice--error" role="status">
        <p>
          <strong>This payment did not go through</strong>, so no money was taken for it. You can <Link to={booking}>try again from the booking</Link>.
        </p>
      </div>
    );
  return (
    <div className="notice" role="status">
      <p>
        <strong>{p.unreachable ? "We couldn't reach the payment service just now." : "We haven't received this payment yet."}</strong> ({what})
      </p>
      <ul>
        <li>Paid by bank transfer or USSD? Transfers usually arrive within minutes; we keep checking on our own and confirm it when it does.</li>
        <li>If money left your account and never arrives, your bank must send it back within 24 hours for a transfer, 72 hours for a card payment.</li>
        <li>If it arrives after the booking could no longer take it, we refund all of it to you.</li>
      </ul>
    </div>
  );
}

export default function PaymentCheck() {
  const { page, support } = useLoaderData<typeof loader>();
  const reference = page.state === "form" ? "" : page.reference;
  return (
    <div className="container booking checkout">
      <section className="card checkout__card" aria-labelledby="check-title">
        <h1 id="check-title">I paid but it says pending</h1>
        <p>Enter the payment reference from your receipt or Paystack&rsquo;s e-mail (it starts with glw-) and we&rsquo;ll ask the payment service now.</p>
        {page.state === "refused" ? (
          <p className="notice notice--error" role="alert">
            {page.message}
          </p>
        ) : null}
        {page.state === "checked" ? <Outcome p={page} /> : null}
        <Form method="get" className="form">
          <div className="field">
            <label className="field__label" htmlFor="reference">
              Payment reference
            </label>
            <input
              id="reference"
              name="reference"
              className="input"
              defaultValue={reference}
              required
              maxLength={60}
              autoComplete="off"
              spellCheck={false}
              placeholder="glw-..."
            />
          </div>
          <button type="submit" className="btn btn--primary btn--block">
            Check my payment
          </button>
        </Form>
        <h2 className="booking__sub">Still stuck?</h2>
        <p>
          {page.state === "checked" ? (
            <>
              Message <Link to={`/profile/vendor/${page.vendorId}`}>{page.businessName}</Link>, or write
            </>
          ) : (
            "Message the salon, or write"
          )}{" "}
          to Glow at <a href={`mailto:${support}`}>{support}</a> with the payment reference.
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
