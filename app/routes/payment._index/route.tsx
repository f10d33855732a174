import { stylistOf } from "~/models/appointments/views";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { BOOKING_REF, bookingStyles as styles, ShareLink, StepHeader, SummaryLines, VisitFacts } from "~/components/booking-pages";
import { depositKobo, policySentence } from "~/models/money/cancellation-policy";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorList, FormMessages } from "~/components/forms";
import { choosePayToVendor } from "~/models/appointments/transitions.server";
import { getCustomerAppointment } from "~/models/appointments/lists.server";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { getCreditBalance } from "~/models/money/auto-credit.server";
import { creditShortfall, isTestMode, payWithCredit, startOnlinePayment } from "~/models/booking/payments.server";
import { getEnv } from "~/utils/env.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { refusalOf } from "~/http/refusal.server";
import { requireUser } from "~/http/session.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime, lagosToday } from "~/utils/time";
import { PaymentSchema } from "./schema";
import { hasConfirmedEmail } from "~/models/system/confirmed-email.server";
import { payInFullNotice } from "~/models/client-rules/client-rules.server";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Payment · Glow" }];

// GET /payment?order=GLW-XXXXXX (step 2 of 2): only the order's own customer reaches it.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const ref = new URL(request.url).searchParams.get("order") ?? "";
  invariantResponse(BOOKING_REF.test(ref), "That order reference isn't valid.", 400);
  const order = await getCustomerAppointment(user.id, ref);
  invariantResponse(order, "We couldn't find that order.", 404);
  if (order.status !== "held" && order.status !== "expired") throw redirect(`/user/appointment?ref=${ref}`);
  const balanceKobo = await getCreditBalance(user.id);
  // The salon's no-show rule, said before the choice rather than only when refused (docs/domain.md, "Clients"); a
  // client it asks to pay in full is offered no deposit either.
  const payInFull = await payInFullNotice(order.vendor_id, user.id);
  const depositDue = payInFull === null ? depositKobo(order.total_kobo, order.deposit_percent) : 0;
  return data({
    order: {
      ref: order.ref,
      status: order.status,
      serviceId: order.service_id,
      serviceTitle: order.service_title,
      image: order.image,
      businessName: order.business_name,
      stylist: stylistOf(order),
      place: order.location_type === "home" ? `Home service: ${order.location_address}` : `${order.address}`,
      startsAt: order.starts_at,
      holdExpiresAt: order.hold_expires_at,
      items: order.items,
      totalKobo: order.total_kobo,
      giftKobo: order.gift_kobo,
      promoKobo: order.promo_kobo,
      promoCode: order.promo_code,
      policy: policySentence(order.cancellation_policy, order.deposit_percent),
    },
    balanceKobo,
    shortfall: creditShortfall(balanceKobo, order.total_kobo),
    deposit:
      depositDue > 0
        ? {
            percent: order.deposit_percent,
            kobo: depositDue,
            restKobo: order.total_kobo - depositDue,
            shortfall: creditShortfall(balanceKobo, depositDue, "deposit"),
          }
        : null,
    payLink: `${getEnv().APP_URL}/pay/${order.pay_token}`,
    testMode: isTestMode(),
    rebookDay: order.starts_at.slice(0, 10) >= lagosToday() ? order.starts_at.slice(0, 10) : null,
    emailConfirmed: await hasConfirmedEmail(user.id),
    payInFull,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: PaymentSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { order: ref, method, comment = null, deposit_with: depositWith } = submission.value;
  const done = `/user/appointment?ref=${ref}`;
  try {
    const found = await getCustomerAppointment(user.id, ref);
    invariantResponse(found, "We couldn't find that order.", 404);
    const deposit = method === "vendor" && depositKobo(found.total_kobo, found.deposit_percent) > 0;
    if (deposit && depositWith === "credit") {
      await payWithCredit(user.id, ref, comment || null, new Date(), { deposit: true });
      const paid = await getCustomerAppointment(user.id, ref);
      const rest = `The rest is paid at the appointment.`;
      return redirectWithSuccess(
        done,
        paid?.status === "confirmed"
          ? `Deposit paid with AutoCredit. Your booking is confirmed. ${rest}`
          : `Deposit paid with AutoCredit. We've sent your booking to the vendor. ${rest}`,
        { status: 303 },
      );
    }
    if (method === "vendor" && !deposit) {
      const booked = await choosePayToVendor(user.id, ref, comment || null);
      return redirectWithSuccess(
        done,
        booked.status === "confirmed"
          ? "Confirmed! You'll pay at the appointment."
          : "Booked! We've sent your request to the vendor. You'll pay at the appointment.",
        { status: 303 },
      );
    }
    if (method === "credit") {
      await payWithCredit(user.id, ref, comment || null);
      const paid = await getCustomerAppointment(user.id, ref);
      return redirectWithSuccess(
        done,
        paid?.status === "confirmed" ? "Paid with AutoCredit. Your booking is confirmed." : "Paid with AutoCredit. We've sent your booking to the vendor.",
        { status: 303 },
      );
    }
    const { redirectUrl } = await startOnlinePayment({
      appointmentId: found.id,
      source: "checkout",
      payerName: null,
      payerEmail: user.email,
      comment: comment || null,
      deposit,
    });
    return redirect(redirectUrl, 303);
  } catch (error) {
    const refused = refusalOf(error);
    return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
  }
}

export default function PaymentPage() {
  const { order, balanceKobo, shortfall, deposit, payLink, testMode, rebookDay, emailConfirmed, payInFull } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "payment",
    lastResult: actionData?.result,
    constraint: getZodConstraint(PaymentSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PaymentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
    defaultValue: { method: "online" },
  });
  const expired = order.status === "expired";
  const options = [
    {
      value: "online",
      title: "Pay online now",
      text: testMode
        ? "Card, bank transfer or USSD. Test mode: no real money moves."
        : "Card, bank transfer or USSD, securely through Paystack. Paying by transfer? Send it from your bank app within 30 minutes, not at a bank counter: counter deposits are sent back.",
      disabled: false,
    },
    {
      value: "vendor",
      title: "Pay to vendor",
      text:
        payInFull ??
        (deposit
          ? `Pay a ${formatNaira(deposit.kobo)} deposit now (${deposit.percent}\u00a0%), then ${formatNaira(deposit.restKobo)} to ${order.businessName} at the appointment.`
          : `Pay ${order.businessName} at the appointment.`),
      disabled: payInFull !== null,
    },
    { value: "credit", title: "Pay with AutoCredit", text: shortfall ?? `Your balance: ${formatNaira(balanceKobo)}.`, disabled: shortfall !== null },
  ] as const;

  return (
    <div className="container booking">
      <StepHeader step={2} title="Payment" />
      <div className="booking__grid">
        <div className="booking__main">
          {expired ? (
            <section className="card notice notice--error" role="alert">
              <h2>This hold has expired</h2>
              <p>We held this time for 30 minutes and the hold has expired, so it can no longer be paid. The time may still be free.</p>
              <Link className="btn btn--primary" to={`/booking?service=${order.serviceId}${rebookDay ? `&date=${rebookDay}` : ""}`}>
                Book again
              </Link>
            </section>
          ) : (
            <>
              <p className="notice">
                We&rsquo;re holding <strong>{formatTime(order.startsAt)}</strong> on <strong>{formatDate(order.startsAt)}</strong> for you until{" "}
                <strong>{formatTime(order.holdExpiresAt!)}</strong>. Booking reference <strong>{order.ref}</strong>.
              </p>
              {emailConfirmed ? null : <ConfirmEmailNotice redirectTo={`/payment?order=${order.ref}`} blocks='book with "Pay to vendor"' />}
              <Form method="post" {...getFormProps(form)}>
                <FormMessages id={form.errorId} errors={form.errors} refused={actionData?.result?.error} />
                <input type="hidden" name="order" value={order.ref} />
                <section className="card" aria-labelledby="comment-title">
                  <h2 id="comment-title">Comment (optional)</h2>
                  <label htmlFor={fields.comment.id} className="visually-hidden">
                    Comment for the stylist
                  </label>
                  <textarea
                    {...getTextareaProps(fields.comment)}
                    key="comment"
                    className="input textarea"
                    rows={3}
                    placeholder="Anything the stylist should know?"
                  />
                  <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
                </section>
                <section className="card" aria-labelledby="method-title">
                  <fieldset className="pay-options">
                    <legend id="method-title">How would you like to pay?</legend>
                    {options.map((o) => (
                      <label key={o.value} className={`choice-card pay-option${o.disabled ? " pay-option--disabled" : ""}`}>
                        <input
                          {...getInputProps(fields.method, { type: "radio", value: o.value })}
                          key={o.value}
                          // conform gives every radio of a group the field's one id: each option needs its own.
                          id={`${fields.method.id}-${o.value}`}
                          disabled={o.disabled}
                          aria-describedby={`method-${o.value}-text`}
                        />
                        <span>
                          <span className="pay-option__title">
                            {o.title}
                            {o.value === "online" && testMode ? <span className="pill pill--warn">TEST MODE</span> : null}
                          </span>
                          <span id={`method-${o.value}-text`} className={`pay-option__text${o.disabled ? " field__error" : ""}`}>
                            {o.text}
                          </span>
                        </span>
                      </label>
                    ))}
                  </fieldset>
                  <ErrorList id={fields.method.errorId} errors={fields.method.errors} />
                  {deposit ? (
                    <fieldset className="pay-options deposit-with">
                      <legend>With &ldquo;Pay to vendor&rdquo;, pay the {formatNaira(deposit.kobo)} deposit</legend>
                      <label className="choice-card pay-option">
                        <input type="radio" name="deposit_with" value="online" defaultChecked id="deposit-with-online" />
                        <span>
                          <span className="pay-option__title">Online now</span>
                          <span className="pay-option__text">
                            {testMode
                              ? "Card, bank transfer or USSD (test mode)."
                              : "Card, bank transfer or USSD through Paystack, from your bank app, not at a bank counter."}
                          </span>
                        </span>
                      </label>
                      <label className={`choice-card pay-option${deposit.shortfall ? " pay-option--disabled" : ""}`}>
                        <input type="radio" name="deposit_with" value="credit" id="deposit-with-credit" disabled={deposit.shortfall !== null} />
                        <span>
                          <span className="pay-option__title">With AutoCredit</span>
                          <span className={`pay-option__text${deposit.shortfall ? " field__error" : ""}`}>
                            {deposit.shortfall ?? `Your balance: ${formatNaira(balanceKobo)}.`}
                          </span>
                        </span>
                      </label>
                    </fieldset>
                  ) : null}
                </section>
              </Form>
              <ShareLink url={payLink} serviceTitle={order.serviceTitle} businessName={order.businessName} amountKobo={order.totalKobo} />
            </>
          )}
        </div>

        <aside className="card booking__summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Summary</h2>
          <p className="booking-service__title">{order.serviceTitle}</p>
          <p className="booking-service__meta">
            {order.businessName}
            {order.stylist ? ` · with ${order.stylist}` : ""}
          </p>
          <p className="booking-service__meta">{order.place}</p>
          <VisitFacts date={formatDate(order.startsAt)} time={formatTime(order.startsAt)} />
          <SummaryLines items={order.items} totalKobo={order.totalKobo} giftKobo={order.giftKobo} promoKobo={order.promoKobo} promoCode={order.promoCode} />
          {/* What is paid when follows the way to pay chosen on the left (booking.css shows the lines of "Pay to
              vendor" while it is checked, with or without JavaScript). */}
          <dl className="due">
            <div className="due__row due--whole">
              <dt>Due now</dt>
              <dd>{formatNaira(order.totalKobo)}</dd>
            </div>
            <div className="due__row due--vendor">
              <dt>Due now{deposit ? " (deposit)" : ""}</dt>
              <dd>{formatNaira(deposit ? deposit.kobo : 0)}</dd>
            </div>
            <div className="due__row due--vendor">
              <dt>At the visit</dt>
              <dd>{formatNaira(deposit ? deposit.restKobo : order.totalKobo)}</dd>
            </div>
          </dl>
          <p className="booking__muted payment-policy">
            <strong>Cancellation policy:</strong> {order.policy}
          </p>
          {expired ? null : (
            <button type="submit" form={form.id} className="btn btn--primary btn--block">
              Proceed to payment
            </button>
          )}
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
