import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { bookingStyles as styles, SummaryLines, VisitFacts } from "~/components/booking-pages";
import { GeneralErrorBoundary, pageMeta, siteUrlOf } from "~/components/common";
import { Field, FormMessages } from "~/components/forms";
import { isPayable, notPayableMessage } from "~/models/appointments/rules.server";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { getPayLink, getPayment, isTestMode, PAYMENT_REFERENCE, startOnlinePayment } from "~/models/booking/payments.server";
import { formatNaira } from "~/utils/money";
import { atVisitKobo, onlineKobo } from "~/models/money/cancellation-policy";
import { formatDate, formatTime } from "~/utils/time";
import { refusalOf } from "~/http/refusal.server";
import { PayLinkSchema } from "./schema";
import { VendorPicture } from "~/components/vendor-picture";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

// A payment link is shared on WhatsApp: its preview names the service, the vendor, the time and the amount, never
// the booker (not even the first name the page shows to whoever opens it), and search engines do not keep it.
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => [
  ...pageMeta(siteUrlOf(matches), {
    title: data ? `Pay for ${data.serviceTitle} at ${data.businessName} | Glow` : "Pay for a booking · Glow",
    description: data
      ? `${data.serviceTitle} at ${data.businessName}, ${data.place}, on ${formatDate(data.startsAt)} at ${formatTime(data.startsAt)}. ${
          data.paid ? "Already paid." : `${formatNaira(data.dueKobo)} to pay online with Paystack.`
        }`
      : "A payment link for a booking on Glow.",
    path: location.pathname,
    image: data ? `/og/service/${data.serviceId}` : undefined,
    noindex: true,
  }),
  { name: "referrer", content: "same-origin" },
];

const UNKNOWN = "This payment link doesn't exist. Please check it with the person who sent it.";

// GET/POST /pay/{token}: the shareable payment link. Anyone holding it, signed in or not, sees what they pay for
// (no more of the customer than a first name) and pays. A paid, cancelled or expired order's link says so.
async function findLink(params: LoaderFunctionArgs["params"]) {
  const token = params.token ?? "";
  invariantResponse(/^[\w-]{20,100}$/.test(token), UNKNOWN, 404);
  const link = await getPayLink(token);
  invariantResponse(link, UNKNOWN, 404);
  return link;
}

/** The receipt of a payment made through this link, when `?receipt=` names one that succeeded. */
async function receiptFor(link: { id: number }, reference: string | null) {
  if (!reference || !PAYMENT_REFERENCE.test(reference)) return null;
  const payment = await getPayment(reference);
  if (!payment || payment.appointment_id !== link.id || payment.source !== "link" || payment.status !== "succeeded") return null;
  return { reference: payment.reference, bookingRef: payment.ref, amountKobo: payment.amount_kobo, paidAt: payment.appointment.paid_at ?? null };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const link = await findLink(params);
  const receipt = await receiptFor(link, new URL(request.url).searchParams.get("receipt"));
  return data({
    serviceId: link.service_id,
    receipt,
    // Until when the link takes money: a held order until its hold runs out, a booked one until the visit begins
    // (after that it is paid at the visit).
    payableUntil: link.status === "held" ? link.hold_expires_at : link.starts_at,
    untilVisit: link.status !== "held",
    serviceTitle: link.service_title,
    image: link.service_image,
    businessName: link.business_name,
    place: `${link.area}, ${link.city}`,
    startsAt: link.starts_at,
    totalKobo: link.total_kobo,
    giftKobo: link.gift_kobo,
    promoKobo: link.promo_kobo,
    promoCode: link.promo_code,
    // A "Pay to vendor" booking with a deposit: the link pays the deposit; the rest is paid at the visit.
    dueKobo: onlineKobo(link),
    atVisitKobo: atVisitKobo(link),
    items: link.items.map((i) => ({ name: i.name, priceKobo: i.price_kobo })),
    firstName: link.customer_first_name,
    payable: isPayable(link),
    paid: link.payment_status === "paid",
    paidByName: link.paid_by_name,
    closedMessage: notPayableMessage(link),
    testMode: isTestMode(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const link = await findLink(params);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: PayLinkSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { redirectUrl } = await startOnlinePayment({
      appointmentId: link.id,
      source: "link",
      payerName: submission.value.name ?? null,
      payerEmail: submission.value.email,
    });
    return redirect(redirectUrl, 303);
  } catch (error) {
    // A payment link answers 409 to every refusal, whatever its code: what refuses here is never the payer's form
    // (checked above, 400) but the order behind the link (paid, cancelled or expired meanwhile) or the payment
    // service. /payment answers the same refusals with their codes' statuses.
    const refused = refusalOf(error);
    return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: 409 });
  }
}

export default function PayLinkPage() {
  const link = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "pay-link",
    lastResult: actionData?.result,
    constraint: getZodConstraint(PayLinkSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PayLinkSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
  });
  return (
    <div className="container booking paylink">
      <header className="booking-head">
        <p className="booking-head__step">Payment link</p>
        <h1>{link.paid ? `${link.firstName}'s booking is paid` : `Pay for ${link.firstName}'s booking`}</h1>
      </header>
      <div className="booking__grid">
        <section className="card" aria-labelledby="what-title">
          <h2 id="what-title">What you are paying for</h2>
          <div className="booking-service">
            <VendorPicture src={link.image} sizes="80px" width={80} height={80} className="booking-service__img" eager />
            <div>
              <p className="booking-service__title">{link.serviceTitle}</p>
              <p className="booking-service__meta">
                {link.businessName} · {link.place}
              </p>
            </div>
          </div>
          <VisitFacts date={formatDate(link.startsAt)} time={formatTime(link.startsAt)} />
          <SummaryLines items={link.items} totalKobo={link.totalKobo} giftKobo={link.giftKobo} promoKobo={link.promoKobo} promoCode={link.promoCode} />
          <p className="booking__muted">Booked by {link.firstName}.</p>
        </section>

        <section className="card booking__summary" aria-labelledby="pay-title">
          {link.payable ? (
            <>
              <h2 id="pay-title">
                Pay {formatNaira(link.dueKobo)}
                {link.atVisitKobo > 0 ? ` deposit (${formatNaira(link.atVisitKobo)} at the visit)` : ""}
              </h2>
              {link.payableUntil ? (
                <p className="notice" id="pay-until">
                  This link can be paid until <strong>{formatTime(link.payableUntil)}</strong> on <strong>{formatDate(link.payableUntil)}</strong>
                  {link.untilVisit ? ", when the visit begins; after that it is paid at the visit." : ", when the time held for this booking runs out."}
                </p>
              ) : null}
              <Form method="post" {...getFormProps(form)} className="form">
                <FormMessages id={form.errorId} errors={form.errors} refused={actionData?.result?.error} />
                <Field
                  label="Your name (optional)"
                  hint={`Shown to ${link.firstName} so they know who paid.`}
                  inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", maxLength: 50 }}
                  errors={fields.name.errors}
                />
                <Field
                  label="Your e-mail"
                  hint="For your receipt."
                  inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
                  errors={fields.email.errors}
                />
                <button type="submit" className="btn btn--primary btn--block">
                  Pay {formatNaira(link.dueKobo)}
                </button>
                <p className="field__hint">
                  Card, bank transfer or USSD. Paying by transfer? Send it from your bank app, not at a bank counter.
                  {link.testMode ? " Test mode: no real money moves." : ""}
                </p>
                <p className="field__hint">
                  Paid but still waiting? <a href="/payment/check">Check a payment</a> with the reference on your receipt.
                </p>
              </Form>
            </>
          ) : link.receipt ? (
            <div role="status" id="receipt">
              <h2 id="pay-title">Receipt</h2>
              <p className="notice">{link.paidByName ? `Paid by ${link.paidByName}. ` : ""}Thank you! A copy of this receipt was e-mailed to you.</p>
              <dl className="receipt">
                <div>
                  <dt>Amount</dt>
                  <dd>{formatNaira(link.receipt.amountKobo)}</dd>
                </div>
                {link.receipt.paidAt ? (
                  <div>
                    <dt>Paid</dt>
                    <dd>
                      {formatDate(link.receipt.paidAt)}, {formatTime(link.receipt.paidAt)}
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>Payment reference</dt>
                  <dd>{link.receipt.reference}</dd>
                </div>
                <div>
                  <dt>Booking reference</dt>
                  <dd>{link.receipt.bookingRef}</dd>
                </div>
                <div>
                  <dt>For</dt>
                  <dd>
                    {link.serviceTitle} at {link.businessName}, {formatDate(link.startsAt)} at {formatTime(link.startsAt)}
                  </dd>
                </div>
              </dl>
              <p className="booking__muted">Keep this page or the e-mail: {link.firstName} was told you paid.</p>
            </div>
          ) : (
            <div role="status">
              <h2 id="pay-title">{link.paid ? "Already paid" : "This link can't take payments"}</h2>
              <p className={link.paid ? "notice" : "notice notice--error"}>
                {link.paid && link.paidByName ? `Paid by ${link.paidByName}. Thank you!` : link.closedMessage}
              </p>
              <p className="booking__muted">No money is taken through this link any more.</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
